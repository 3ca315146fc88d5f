import BetterSqlite3 from 'better-sqlite3';
import { DateUtils } from 'typeorm/util/DateUtils';

/**
 * better-sqlite3 binds only numbers, strings, bigints, buffers and null, while PostgreSQL takes
 * booleans and dates. TypeORM converts the values of find options, entity saves and named
 * query-builder parameters, but not those of raw `query(sql, parameters)` calls or spread lists.
 * This makes every parameter mean the same on both databases, in the formats TypeORM itself
 * stores: booleans as 1/0, dates as UTC 'YYYY-MM-DD HH:MM:SS.SSS'.
 */
export function toSqliteParameter(value: unknown): unknown {
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  if (value instanceof Date) {
    return DateUtils.mixedDateToUtcDatetimeString(value);
  }
  return value;
}

/** The statement methods that bind parameters. */
const BINDING = new Set<PropertyKey>(['run', 'get', 'all', 'iterate', 'bind']);

/** `statement` with its positional parameters converted by `toSqliteParameter` on binding. */
function converting(statement: BetterSqlite3.Statement): BetterSqlite3.Statement {
  const proxy: BetterSqlite3.Statement = new Proxy(statement, {
    get(target, property) {
      const member: unknown = Reflect.get(target, property, target);
      if (typeof member !== 'function') {
        return member;
      }
      const method = member as (...args: unknown[]) => unknown;
      if (!BINDING.has(property)) {
        return method.bind(target);
      }
      return (...parameters: unknown[]) => {
        const result = method.apply(target, parameters.map(toSqliteParameter));
        // bind() returns the statement itself, for chaining: keep the caller on the proxy.
        return result === target ? proxy : result;
      };
    },
  });
  return proxy;
}

/**
 * The statement TypeORM opens every transaction with, and what runs instead. A deferred BEGIN
 * takes the write lock only at the first write: when another process (the service, the CLI) holds
 * it then, SQLite answers SQLITE_BUSY at once, without waiting busy_timeout, because this
 * transaction has read already. BEGIN IMMEDIATE takes the write lock first, so it waits for it
 * like any single statement. Within one process nothing changes: TypeORM has one connection to a
 * SQLite file, whose transactions run one at a time anyway (`npm run cli -- user:create`
 * during a simulator run failed with "database is locked").
 */
export const TYPEORM_BEGIN = 'BEGIN TRANSACTION';
export const IMMEDIATE_BEGIN = 'BEGIN IMMEDIATE TRANSACTION';

/**
 * better-sqlite3's Database whose prepared statements convert their parameters, and whose
 * transactions begin IMMEDIATE. Given to TypeORM through its public `driver` option (the
 * better-sqlite3 module it instantiates), so no TypeORM internal is patched.
 */
export class ConvertingDatabase extends BetterSqlite3 {
  override prepare<P extends unknown[] | object = unknown[], R = unknown>(
    source: string,
  ): BetterSqlite3.Statement<P, R> {
    const statement = super.prepare(source === TYPEORM_BEGIN ? IMMEDIATE_BEGIN : source);
    return converting(statement) as unknown as BetterSqlite3.Statement<P, R>;
  }
}
