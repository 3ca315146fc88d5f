/** How each database reports a unique violation lives in the dialect module. */
import { isUniqueViolation } from './dialect';

export { isUniqueViolation };

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
