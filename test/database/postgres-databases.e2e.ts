import { Client } from 'pg';
import {
  databaseShape,
  emptyDatabase,
  migratedPostgresDatabase,
} from '../harness/postgres-databases';

/**
 * The harness's pool of migrated PostgreSQL databases: a database handed back is emptied to the
 * template's state before another test file gets it, and one whose shape a test changed is not
 * handed out again.
 */
describe('pooled PostgreSQL test databases', () => {
  const query = async <T extends object>(url: string, sql: string): Promise<T[]> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  };

  it('empties a used database to the state of a fresh copy, sequences included', async () => {
    const fresh = await migratedPostgresDatabase();
    const used = await migratedPostgresDatabase();
    try {
      await query(
        used.url,
        `INSERT INTO organisations (name, allowed_device_count) VALUES ('a', 5), ('b', 5);
         INSERT INTO users (email, organisation_id)
         SELECT 'x@example.test', id FROM organisations WHERE name = 'a'`,
      );
      await emptyDatabase(used.url);
      const state = async (url: string) => ({
        organisations: await query(url, 'SELECT * FROM organisations'),
        users: await query(url, 'SELECT * FROM users'),
        migrations: await query<{ id: number; name: string }>(
          url,
          'SELECT id, name FROM migrations ORDER BY id',
        ),
        next: await query(
          url,
          "INSERT INTO organisations (name, allowed_device_count) VALUES ('c', 5) RETURNING id",
        ),
      });
      const [afterEmptying, ofFresh] = [await state(used.url), await state(fresh.url)];
      expect(afterEmptying).toEqual(ofFresh);
      expect(afterEmptying.next).toEqual([{ id: 1 }]);
      // The migrations keep their rows, so their sequence stays at the last one's id.
      expect(await query(used.url, 'SELECT last_value, is_called FROM migrations_id_seq')).toEqual([
        { last_value: String(afterEmptying.migrations.at(-1)!.id), is_called: true },
      ]);
      expect(await databaseShape(used.url)).toBe(await databaseShape(fresh.url));
    } finally {
      await fresh.release();
      await used.release();
    }
  });

  it.each([
    [
      'a trigger',
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$; CREATE TRIGGER t AFTER INSERT ON tags FOR EACH ROW EXECUTE FUNCTION f()',
    ],
    ['a column', 'ALTER TABLE tags ADD COLUMN extra integer'],
    ['a reverted migration', 'DELETE FROM migrations WHERE id = (SELECT max(id) FROM migrations)'],
    [
      'a database setting',
      "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET work_mem = 8192', current_database()); END $$",
    ],
  ])('tells a database changed by %s from the template', async (_, change) => {
    const changed = await migratedPostgresDatabase();
    try {
      const before = await databaseShape(changed.url);
      await query(changed.url, change);
      expect(await databaseShape(changed.url)).not.toBe(before);
    } finally {
      await changed.release();
    }
  });
});
