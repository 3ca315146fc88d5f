import { StatusMessageError } from '../../common/errors';
import { readId } from '../../common/ids/id';

/**
 * The `:id` of an upgrade page. Out of range, it reads as UNMATCHED_ID and the page answers
 * 404 like a missing upgrade; a page also answers 404 for an id that is not a number at all.
 */
export function pageUpgradeId(value: string | undefined): number {
  const id = readId(value);
  if (id === undefined) {
    throw new StatusMessageError(404, 'Upgrade not found');
  }
  return id;
}
