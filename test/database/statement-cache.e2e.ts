import { Pool } from 'pg';
import { DataSource, QueryRunner } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { createPostgresDatabase } from '../harness/app';

/**
 * The prepared statements each PostgreSQL connection keeps (DATABASE_STATEMENT_CACHE, 100 by
 * default): a parameterised statement is parsed once per connection and run by name after, the
 * least recently used past the cache's size is closed on the server, an aborted transaction
 * still rolls back and leaves the connection usable, and 0 prepares nothing.
 */
describe('prepared statements on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  const sources: DataSource[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(sources.filter((s) => s.isInitialized).map((s) => s.destroy()));
    await database.drop();
  });

  /** A query runner (one connection) of a data source configured as the service would be. */
  async function connection(env: Record<string, string> = {}): Promise<QueryRunner> {
    const config = loadAppConfig({ DATABASE_URL: database.url, ...env });
    const source = await new DataSource(dataSourceOptions(config.database, [])).initialize();
    sources.push(source);
    const runner = source.createQueryRunner();
    await runner.connect();
    return runner;
  }

  /** The statements prepared on the runner's connection, in the order they were prepared. */
  const prepared = (runner: QueryRunner) =>
    runner.query(
      `SELECT statement, generic_plans + custom_plans AS runs
       FROM pg_prepared_statements ORDER BY prepare_time, name`,
    ) as Promise<{ statement: string; runs: string }[]>;

  /** Only the texts of `prepared`. */
  const preparedTexts = async (runner: QueryRunner) =>
    (await prepared(runner)).map((s) => s.statement);

  it('prepares the statements sent to the pool itself, as the hot path sends them outside a transaction', async () => {
    const config = loadAppConfig({ DATABASE_URL: database.url });
    const source = await new DataSource(dataSourceOptions(config.database, [])).initialize();
    sources.push(source);
    const pool = (source.driver as PostgresDriver).master as Pool;
    for (const value of [1, 2]) {
      expect((await pool.query('SELECT $1::int AS pooled', [value])).rows).toEqual([
        { pooled: value },
      ]);
    }
    // One query at a time: the pool hands the same idle client back each time.
    const rows = await pool.query(
      'SELECT statement, generic_plans + custom_plans AS runs FROM pg_prepared_statements',
    );
    expect(rows.rows).toEqual([{ statement: 'SELECT $1::int AS pooled', runs: '2' }]);
  });

  it('prepares a parameterised statement once per connection by default, and runs it by name after', async () => {
    const runner = await connection();
    for (const value of [1, 2, 3]) {
      expect(await runner.query('SELECT $1::int + 1 AS next', [value])).toEqual([
        { next: value + 1 },
      ]);
    }
    expect(await runner.query('SELECT $1::text AS other', ['x'])).toEqual([{ other: 'x' }]);
    expect(await prepared(runner)).toEqual([
      { statement: 'SELECT $1::int + 1 AS next', runs: '3' },
      { statement: 'SELECT $1::text AS other', runs: '1' },
    ]);
    // Statements without parameters (the transaction's own, say) are not prepared.
    await runner.startTransaction();
    await runner.query('SELECT 1 AS one');
    await runner.commitTransaction();
    expect(await prepared(runner)).toHaveLength(2);
    await runner.release();
  });

  it('closes the least recently used statement past DATABASE_STATEMENT_CACHE, and prepares it anew when it comes back', async () => {
    const runner = await connection({ DATABASE_STATEMENT_CACHE: '2' });
    const run = async (text: string) => (await runner.query(text, [7])) as unknown[];
    await run('SELECT $1::int AS a');
    await run('SELECT $1::int AS b');
    await run('SELECT $1::int AS a'); // b is now the least recently used
    expect(await run('SELECT $1::int AS c')).toEqual([{ c: 7 }]);
    expect(await preparedTexts(runner)).toEqual(['SELECT $1::int AS a', 'SELECT $1::int AS c']);
    expect(await run('SELECT $1::int AS b')).toEqual([{ b: 7 }]);
    expect(await preparedTexts(runner)).toEqual(['SELECT $1::int AS c', 'SELECT $1::int AS b']);
    await runner.release();
  });

  it('rolls an aborted transaction back when a statement pushed another out meanwhile, and goes on', async () => {
    const runner = await connection({ DATABASE_STATEMENT_CACHE: '2' });
    await runner.query('SELECT $1::int AS a', [1]);
    await runner.startTransaction();
    await runner.query('INSERT INTO migrations_probe VALUES ($1)', [1]).catch(() => undefined);
    // The transaction is aborted: this new statement pushes `a` out (its Close still goes
    // through) and fails like any statement would.
    await expect(runner.query('SELECT $1::int AS b', [2])).rejects.toThrow(
      /current transaction is aborted/,
    );
    await expect(runner.query('SELECT $1::int AS c', [3])).rejects.toThrow(
      /current transaction is aborted/,
    );
    await runner.rollbackTransaction();
    expect(await runner.query('SELECT $1::int AS a', [4])).toEqual([{ a: 4 }]);
    expect(await runner.query('SELECT $1::int AS b', [5])).toEqual([{ b: 5 }]);
    expect(await preparedTexts(runner)).toEqual(['SELECT $1::int AS a', 'SELECT $1::int AS b']);
    await runner.release();
  });

  it('prepares nothing with DATABASE_STATEMENT_CACHE=0 (for PgBouncer in transaction mode)', async () => {
    const runner = await connection({ DATABASE_STATEMENT_CACHE: '0' });
    for (const value of [1, 2]) {
      expect(await runner.query('SELECT $1::int AS v', [value])).toEqual([{ v: value }]);
    }
    expect(await prepared(runner)).toEqual([]);
    await runner.release();
  });
});
