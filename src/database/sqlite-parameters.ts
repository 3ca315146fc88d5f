import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import { DateUtils } from 'typeorm/util/DateUtils';

/**
 * better-sqlite3 binds only numbers, strings, bigints, buffers and null, while PostgreSQL takes
 * booleans and dates. TypeORM converts values in find options and entity saves, but not the
 * parameters of query builders. This makes those parameters mean the same on both databases,
 * in the formats TypeORM itself stores: booleans as 1/0, dates as UTC 'YYYY-MM-DD HH:MM:SS.SSS'.
 */
function toSqliteParameter(value: unknown): unknown {
  if (typeof value === 'boolean') {
    return value ? 1 : 0;
  }
  if (value instanceof Date) {
    return DateUtils.mixedDateToUtcDatetimeString(value);
  }
  return value;
}

type Query = (
  this: unknown,
  query: string,
  parameters?: unknown[],
  structured?: boolean,
) => Promise<unknown>;
const prototype = BetterSqlite3QueryRunner.prototype as unknown as {
  query: Query;
  __airfleet?: true;
};

if (!prototype.__airfleet) {
  const original = prototype.query;
  prototype.query = function (query, parameters, structured) {
    return original.call(this, query, parameters?.map(toSqliteParameter), structured);
  };
  prototype.__airfleet = true;
}
