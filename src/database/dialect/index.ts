import { Dialect } from './dialect';
import { PostgresDialect } from './postgres.dialect';
import { SqliteDialect } from './sqlite.dialect';

export { Dialect } from './dialect';
export { SqlBuilder } from './sql-builder';
export { DRIVER_ERRORS, isUniqueViolation } from './driver-errors';

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
