import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION_CODES = [
  '23505',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
];

/**
 * Whether a database error is a unique-index violation, on PostgreSQL or SQLite. Services turn it
 * into the operation's own validation error when a concurrent request took the same name or MAC.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    UNIQUE_VIOLATION_CODES.includes(String((error.driverError as { code?: unknown }).code))
  );
}
