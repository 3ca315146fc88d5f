import { DomainError } from '../common/errors';
import { MAX_ID } from '../common/ids/id';

/**
 * A record id of a page's path: digits naming 1 to MAX_ID. Anything else names no record, and
 * the page answers `notFound()` (its 404, or the 422 of a bad id where the API answers that).
 */
export function pathId(value: unknown, notFound: () => DomainError): number {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > MAX_ID) {
    throw notFound();
  }
  return id;
}
