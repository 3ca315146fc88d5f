import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Dialect, wholeSeconds } from './dialect';

/**
 * SQLite through better-sqlite3: one connection, one writer per file, no row locks; id lists are
 * JSON arrays read with json_each.
 */
export class SqliteDialect extends Dialect {
  readonly serialisesTransactions = true;
  readonly servesSeveralProcesses = false;
  /** SQLITE_MAX_VARIABLE_NUMBER of the SQLite better-sqlite3 bundles. */
  readonly maxBindParameters = 32_766;

  /** One connection, which TypeORM's query runner only wraps: nothing to gain around it. */
  queryOutsideTransaction<T>(
    dataSource: DataSource,
    sql: string,
    parameters: unknown[] = [],
  ): Promise<T[]> {
    return dataSource.query<T[]>(sql, parameters);
  }

  /** Placeholders are positional: parameters bind in the order their marks appear. */
  positional(): string {
    return '?';
  }

  /** SQLite infers nothing from a cast that PostgreSQL needs; the mark stays bare. */
  cast(mark: string): string {
    return mark;
  }

  listValue(values: readonly (number | string)[]): unknown {
    return JSON.stringify(values);
  }

  inList(column: string, mark: string): string {
    return `${column} IN (SELECT value FROM json_each(${mark}))`;
  }

  idListTable(mark: string): string {
    return `json_each(${mark}) AS t`;
  }

  /** One JSON text of the rows: SQLite binds at most 32,766 parameters to a statement. */
  recordsValues(rows: readonly (readonly unknown[])[]): unknown[] {
    return [JSON.stringify(rows)];
  }

  recordsTable(_first: number, columns: readonly (readonly [string, string])[]): string {
    const values = columns.map(([name], i) => `json_extract(r.value, '$[${i}]') AS "${name}"`);
    return `(SELECT ${values.join(', ')}, r.key AS ordinal FROM json_each(?) r) AS t`;
  }

  /** An ordinary query: TypeORM's better-sqlite3 driver already caches prepared statements. */
  preparedQuery<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
    return manager.query(sql, params);
  }

  /** The two JSON arrays joined on their positions. */
  idValueTable(idsMark: string, valuesMark: string): string {
    return `(SELECT i.value AS id, v.value AS value FROM json_each(${idsMark}) i JOIN json_each(${valuesMark}) v ON v.key = i.key) AS t`;
  }

  jsonArrayAgg(value: string, orderBy: string): string {
    return `json_group_array(${value} ORDER BY ${orderBy})`;
  }

  jsonObject(members: readonly (readonly [string, string])[]): string {
    return `json_object(${members.map(([name, value]) => `'${name}', ${value}`).join(', ')})`;
  }

  jsonOf(column: string): string {
    return `json(${column})`;
  }

  instantPlusSeconds(column: string, seconds: number): string {
    // Dates are stored as `YYYY-MM-DD HH:MM:SS.SSS` text, which this format writes again.
    return `strftime('%Y-%m-%d %H:%M:%f', ${column}, '${wholeSeconds(seconds)} seconds')`;
  }

  jsonMember(json: string, key: string): string {
    return `json_extract(${json}, '$."' || (${key}) || '"')`;
  }

  jsonInteger(member: string, field: string): string {
    return `json_extract(${member}, '$.${field}')`;
  }

  jsonMembers(json: string): string {
    return `json_each(${json})`;
  }

  /** SQLite takes no OFFSET without a LIMIT; -1 is none. */
  keepSubquery(): string {
    return 'LIMIT -1 OFFSET 0';
  }

  jsonWithoutMember(json: string, key: string): string {
    return `json_remove(${json}, '$."' || (${key}) || '"')`;
  }

  /** better-sqlite3 returns JSON as text. */
  parsedJson(value: unknown): unknown {
    return typeof value === 'string' ? JSON.parse(value) : value;
  }

  /** No row locks: UnitOfWork already runs one transaction at a time. */
  lockForUpdate<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return query;
  }

  lockSkippingLocked<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return query;
  }

  /** One writer per file: no lock is needed. */
  withStartupLock<T>(_dataSource: DataSource, work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** No-op: UnitOfWork already runs one transaction at a time, so ids follow commit order. */
  lockEventOrder(_manager: EntityManager, _orgId: number): Promise<void> {
    return Promise.resolve();
  }

  /** No-op: UnitOfWork already runs one transaction at a time. */
  lockConfigRevisions(_manager: EntityManager, _orgId: number): Promise<void> {
    return Promise.resolve();
  }

  /** No-op: UnitOfWork already runs one transaction at a time. */
  takeStartupLock(_manager: EntityManager): Promise<void> {
    return Promise.resolve();
  }
}
