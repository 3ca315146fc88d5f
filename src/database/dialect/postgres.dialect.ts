import type { Pool, PoolClient, QueryResult } from 'pg';
import {
  DataSource,
  EntityManager,
  ObjectLiteral,
  QueryFailedError,
  QueryRunnerAlreadyReleasedError,
  SelectQueryBuilder,
} from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Dialect, wholeSeconds } from './dialect';

/**
 * Key of the PostgreSQL advisory lock that serialises start-up work (migrations, demo seeding)
 * between instances starting at once on one database. ASCII "AFLT".
 */
const STARTUP_LOCK_KEY = 0x41464c54;
const LOCK_POLL_MS = 200;

/** First key of the advisory locks that order an organisation's events (ASCII "AFEV"). */
const EVENT_ORDER_LOCK_KEY = 0x41464556;

/** First key of the advisory locks that order an organisation's revision updates ("AFCR"). */
const CONFIG_REVISIONS_LOCK_KEY = 0x41464352;

/** PostgreSQL through node-postgres: a pool of connections, row locks, advisory locks. */
export class PostgresDialect extends Dialect {
  readonly serialisesTransactions = false;
  readonly servesSeveralProcesses = true;
  readonly maxBindParameters = 65_535;

  positional(position: number): string {
    return `$${position}`;
  }

  async queryOutsideTransaction<T>(
    dataSource: DataSource,
    sql: string,
    parameters: unknown[] = [],
  ): Promise<T[]> {
    const pool = (dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) {
      // Not connected (destroyed): TypeORM's own error, which reads as an outage.
      return dataSource.query<T[]>(sql, parameters);
    }
    dataSource.logger.logQuery(sql, parameters);
    return (await pool.query(sql, parameters)).rows as T[];
  }

  cast(mark: string, type: string): string {
    return `CAST(${mark} AS ${type})`;
  }

  listValue(values: readonly (number | string)[]): unknown {
    return values;
  }

  /**
   * `= ANY(array)`, which PostgreSQL hashes: with `IN (SELECT unnest(…))` the planner, lacking
   * statistics on freshly written rows, chose a nested loop that compared every row with every
   * id (2 s for 10,000 devices).
   */
  inList(column: string, mark: string): string {
    return `${column} = ANY(${mark})`;
  }

  idListTable(mark: string): string {
    return `unnest(${mark}) AS t(value)`;
  }

  /** One array per column: node-postgres writes each element as it writes a single value. */
  recordsValues(rows: readonly (readonly unknown[])[], columnCount: number): unknown[] {
    return Array.from({ length: columnCount }, (_, column) => rows.map((row) => row[column]));
  }

  recordsTable(first: number, columns: readonly (readonly [string, string])[]): string {
    const arrays = columns.map(([, type], i) => `$${first + i}::${type}[]`);
    const names = columns.map(([name]) => `"${name}"`);
    return `unnest(${arrays.join(', ')}) WITH ORDINALITY AS t(${names.join(', ')}, ordinal)`;
  }

  /**
   * Through node-postgres directly, without a TypeORM query runner: outside a transaction on the
   * pool (no runner to create and release), inside on the transaction's client.
   */
  async preparedQuery<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
    manager.connection.logger.logQuery(sql, params);
    const runner = manager.queryRunner;
    try {
      if (runner?.isReleased) {
        throw new QueryRunnerAlreadyReleasedError();
      }
      const target: Pool | PoolClient = runner
        ? ((await runner.connect()) as PoolClient)
        : ((manager.connection.driver as PostgresDriver).master as Pool);
      const result: QueryResult = await target.query(sql, params);
      return result.rows as T[];
    } catch (error) {
      throw error instanceof QueryRunnerAlreadyReleasedError
        ? error
        : new QueryFailedError(sql, params, error as Error);
    }
  }

  idValueTable(idsMark: string, valuesMark: string): string {
    return `unnest(${idsMark}, ${valuesMark}) AS t(id, value)`;
  }

  jsonArrayAgg(value: string, orderBy: string): string {
    return `json_agg(${value} ORDER BY ${orderBy})`;
  }

  jsonObject(members: readonly (readonly [string, string])[]): string {
    return `json_build_object(${members.map(([name, value]) => `'${name}', ${value}`).join(', ')})`;
  }

  jsonOf(column: string): string {
    return `CAST(${column} AS json)`;
  }

  instantPlusSeconds(column: string, seconds: number): string {
    return `(${column} + INTERVAL '1 second' * ${wholeSeconds(seconds)})`;
  }

  /** json, not jsonb: reading one member of a text parses it in half the time of a jsonb. */
  jsonMember(json: string, key: string): string {
    return `CAST(${json} AS json) -> (${key})`;
  }

  jsonInteger(member: string, field: string): string {
    return `CAST(${member} ->> '${field}' AS bigint)`;
  }

  jsonMembers(json: string): string {
    return `json_each(CAST(${json} AS json))`;
  }

  keepSubquery(): string {
    return 'OFFSET 0';
  }

  jsonWithoutMember(json: string, key: string): string {
    return `CAST(CAST(${json} AS jsonb) - CAST(${key} AS text) AS text)`;
  }

  /** node-postgres parses json columns already. */
  parsedJson(value: unknown): unknown {
    return value;
  }

  /**
   * FOR NO KEY UPDATE: the rows are locked against every other locker and writer of them, but not
   * against the key-share locks that inserting a row referencing them takes (foreign keys: an
   * event's organisation, an upgrade's rollout). With FOR UPDATE, a change holding its
   * organisation's row while it waits for the event-order lock deadlocks with the transaction
   * that holds that lock and inserts an event referencing the organisation.
   */
  lockForUpdate<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return query.setLock('for_no_key_update');
  }

  lockSkippingLocked<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return query.setLock('for_no_key_update').setOnLocked('skip_locked');
  }

  /**
   * Takes the organisation's event-order lock until the transaction ends: a transaction-level
   * advisory lock on (AFEV, organisation id), so that the transactions writing an organisation's
   * events draw their ids one after another, each after the previous one committed.
   */
  async lockEventOrder(manager: EntityManager, orgId: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [EVENT_ORDER_LOCK_KEY, orgId]);
  }

  /** A transaction-level advisory lock on (AFCR, organisation id), as lockEventOrder's. */
  async lockConfigRevisions(manager: EntityManager, orgId: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [CONFIG_REVISIONS_LOCK_KEY, orgId]);
  }

  /**
   * The lock is polled with pg_try_advisory_lock so that no statement waits longer than the
   * pool's query timeout; a second instance waits for the first, then finds nothing left to run
   * (without the lock both create the schema and one crashes).
   */
  async withStartupLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.connect();
      for (;;) {
        const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [
          STARTUP_LOCK_KEY,
        ])) as { locked: boolean }[];
        if (locked) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      }
      try {
        return await work();
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }

  async takeStartupLock(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
  }
}
