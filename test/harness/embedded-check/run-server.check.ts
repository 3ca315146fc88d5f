import { Client } from 'pg';
import { migratedPostgresDatabase, PG_ADMIN_URL } from '../postgres-databases';

// Run by test/processes/run-postgres.e2e.ts in a jest of its own, on the server its global set-up
// started: says which (the outer test checks it is gone afterwards) and migrates a database there.
describe('the PostgreSQL server of the run', () => {
  it('is the one the harness started, and takes a migrated database', async () => {
    const url = new URL(PG_ADMIN_URL);
    expect(process.env.PG_TEST_ADMIN_URL).toBe(PG_ADMIN_URL);
    expect(url.port).not.toBe('5432');
    process.stdout.write(`run server port ${url.port}\n`);
    const database = await migratedPostgresDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM migrations');
    await client.end();
    await database.release();
    expect(Number(rows[0].n)).toBeGreaterThan(0);
  });
});
