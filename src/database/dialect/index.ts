import { Dialect } from './dialect';
import { PostgresDialect } from './postgres.dialect';
import { SqliteDialect } from './sqlite.dialect';

export { Dialect } from './dialect';
export { SqlBuilder } from './sql-builder';

const POSTGRES = new PostgresDialect();
const SQLITE = new SqliteDialect();

/** Every supported database's dialect. */
export const DIALECTS: readonly Dialect[] = [POSTGRES, SQLITE];

/**
 * The dialect of a data source (or of the database configuration: both name the TypeORM driver
 * type). The one place that asks which database the service runs on.
 */
export function dialectOf(options: { type: string }): Dialect {
  switch (options.type) {
    case 'postgres':
      return POSTGRES;
    case 'better-sqlite3':
      return SQLITE;
    default:
      throw new Error(`Unsupported database type ${options.type}`);
  }
}

/**
 * Whether a database error is a unique-index violation, on PostgreSQL or SQLite. Services turn it
 * into the operation's own validation error when a concurrent request took the same name or MAC.
 */
export function isUniqueViolation(error: unknown): boolean {
  return DIALECTS.some((dialect) => dialect.isUniqueViolation(error));
}
