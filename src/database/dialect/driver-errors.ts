import { QueryFailedError } from 'typeorm';

/**
 * What each database's driver errors mean, apart from the Dialect: an error is classified
 * against every supported database at once (a log line, the outage filter, a unique index), so
 * these are tables of knowledge, not behaviour that differs with the database the service runs on.
 */
export interface DriverErrors {
  /** Whether `error` is this database's unique-index violation (wrapped by TypeORM). */
  isUniqueViolation(error: unknown): boolean;
  /** Whether `code` has the shape of this database's own error codes (SQLSTATE, SQLITE_…). */
  isErrorCode(code: string): boolean;
  /** Whether a driver error code means this database cannot be reached right now. */
  isUnavailableCode(code: string): boolean;
  /** Messages of this database's driver for a connection that is gone. */
  readonly unavailableMessages: readonly RegExp[];
}

const driverCode = (error: unknown): string | null =>
  error instanceof QueryFailedError ? String((error.driverError as { code?: unknown }).code) : null;

/** Admin shutdown, crash shutdown, cannot connect now, too many connections. */
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** PostgreSQL through node-postgres. */
export const POSTGRES_ERRORS: DriverErrors = {
  isUniqueViolation: (error) => driverCode(error) === '23505',
  /** A five-character SQLSTATE. */
  isErrorCode: (code) => /^[0-9A-Z]{5}$/.test(code),
  /** Class 08 (connection exception) and the "not now" codes. */
  isUnavailableCode: (code) => POSTGRES_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code),
  unavailableMessages: [
    /^Connection terminated/, // pg: 'Connection terminated [unexpectedly|due to connection timeout]'
    /^timeout exceeded when trying to connect$/, // pg-pool: no client within connectionTimeoutMillis
    /^Query read timeout$/, // pg: query_timeout elapsed
    /not queryable/, // pg: a client that has already failed
    /^Cannot use a pool after calling end on the pool$/,
  ],
};

const SQLITE_UNIQUE_VIOLATION_CODES = ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'];

/** The file is locked beyond busy_timeout, cannot be opened, or I/O fails (any extended code). */
const SQLITE_UNAVAILABLE_FAMILIES = new Set(['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR']);

/** SQLite through better-sqlite3. */
export const SQLITE_ERRORS: DriverErrors = {
  isUniqueViolation: (error) => SQLITE_UNIQUE_VIOLATION_CODES.includes(driverCode(error) ?? ''),
  /** SQLITE_ followed by the primary and, perhaps, the extended code. */
  isErrorCode: (code) => code.startsWith('SQLITE_'),
  /** SQLite's extended codes (SQLITE_IOERR_READ) belong to the family of their first two words. */
  isUnavailableCode: (code) => {
    const family = code.startsWith('SQLITE_') ? code.split('_', 2).join('_') : code;
    return SQLITE_UNAVAILABLE_FAMILIES.has(code) || SQLITE_UNAVAILABLE_FAMILIES.has(family);
  },
  unavailableMessages: [/^The database connection is not open$/], // after close
};

/** Every supported database's driver errors. */
export const DRIVER_ERRORS: readonly DriverErrors[] = [POSTGRES_ERRORS, SQLITE_ERRORS];

/**
 * Whether a database error is a unique-index violation, on PostgreSQL or SQLite. Services turn it
 * into the operation's own validation error when a concurrent request took the same name or MAC.
 */
export function isUniqueViolation(error: unknown): boolean {
  return DRIVER_ERRORS.some((errors) => errors.isUniqueViolation(error));
}
