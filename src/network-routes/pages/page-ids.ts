import { DomainError } from '../../common/errors';
import { readId, UNMATCHED_ID } from '../../common/ids/id';

/** A record id of a page path; anything else names no record (404 with `notFound`). */
export function pathId(value: string, notFound: () => DomainError): number {
  const id = /^\d+$/.test(value) ? readId(value) : undefined;
  if (id === undefined || id === UNMATCHED_ID) {
    throw notFound();
  }
  return id;
}
