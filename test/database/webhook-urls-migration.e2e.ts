import { fullFormats } from 'ajv-formats/dist/formats';
import { DataSource } from 'typeorm';
import { DATABASES } from '../harness/app';
import { dataSourceBefore, useMigrationDatabase } from '../harness/migration-database';

const isUri = fullFormats.uri as (value: string) => boolean;

/** URLs as earlier versions stored them (as sent), and as the migration leaves them. */
const ROWS: [string, string][] = [
  ['https://hooks.example.com/airfleet', 'https://hooks.example.com/airfleet'],
  ['HTTPS://Hooks.Example.COM:443/a/../b', 'https://hooks.example.com/b'],
  ['http://@example.com/a', 'http://example.com/a'],
  ['http://:@example.com/a', 'http://example.com/a'],
  ['http://example.com/{x}?q="<y>"#{z}', 'http://example.com/%7Bx%7D?q=%22%3Cy%3E%22#%7Bz%7D'],
  ['http://a{b}.example.com/', 'http://a{b}.example.com/'], // no URI host: kept as it was
  [`http://example.com/${'|'.repeat(1000)}`, `http://example.com/${'|'.repeat(1000)}`], // too long once encoded
];

/**
 * The SerialiseWebhookUrls migration on a database whose webhooks were stored as sent: each
 * URL it can rewrite becomes the URI form of its WHATWG serialisation, as the API stores one.
 */
describe.each(DATABASES)('the webhook URLs migration [%s]', (db) => {
  const options = useMigrationDatabase(db);

  it('stores each URL it can as the API stores one, and keeps the others', async () => {
    const before = await dataSourceBefore(options(), 'SerialiseWebhookUrls').initialize();
    const mark = (i: number) => (db === 'postgres' ? `$${i}` : '?');
    try {
      await before.runMigrations();
      await before.query(
        `INSERT INTO organisations (name, allowed_device_count) VALUES (${mark(1)}, 100)`,
        ['a'],
      );
      for (const [url] of ROWS) {
        await before.query(
          `INSERT INTO webhooks (organisation_id, url, event_types, secret) VALUES (1, ${mark(1)}, '["*"]', ${mark(2)})`,
          [url, `whsec_${'A'.repeat(43)}=`],
        );
      }
    } finally {
      await before.destroy();
    }

    const after = await new DataSource(options()).initialize();
    try {
      await after.runMigrations();
      const rows: { url: string }[] = await after.query('SELECT url FROM webhooks ORDER BY id');
      expect(rows.map((row) => row.url)).toEqual(ROWS.map(([, stored]) => stored));
      expect(rows.slice(0, 5).every((row) => isUri(row.url))).toBe(true);
    } finally {
      await after.destroy();
    }
  });
});
