import { readId } from '../common/ids/id';

/**
 * An id sent as an integer or a numeric string, or null for anything else. An
 * integer outside 1..2147483647 reads as UNMATCHED_ID, which matches no device or network.
 */
export function parseId(value: unknown): number | null {
  return readId(value) ?? null;
}
