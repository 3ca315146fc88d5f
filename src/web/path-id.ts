import { DomainError } from '../common/errors';
import { readId, UNMATCHED_ID } from '../common/ids/id';

/**
 * A record id of a page path (the console's pages); anything else, or an id past the range,
 * names no record: `notFound()` (the page's 404).
 */
export function pathId(value: string, notFound: () => DomainError): number {
  const id = /^\d+$/.test(value) ? readId(value) : undefined;
  if (id === undefined || id === UNMATCHED_ID) {
    throw notFound();
  }
  return id;
}
