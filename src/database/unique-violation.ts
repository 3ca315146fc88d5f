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

/** The one wording of a uniqueness rule: `name has already been taken`. */
export const alreadyTaken = (field: string) => `${field} has already been taken`;

/**
 * Runs a write that a unique index guards. The service has checked the value first; a concurrent
 * request that takes the same value in between makes the index fail, and that answers as
 * `taken()`, the operation's own validation error, never as a 500.
 */
export async function guardUnique<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw taken();
    }
    throw error;
  }
}
