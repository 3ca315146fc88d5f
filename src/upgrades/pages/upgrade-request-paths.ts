import { isRequestId } from '../upgrade-request';
import { upgradeRequestNotFound } from '../upgrades.errors';

/** The `:id` of a request page: a request id, or the page answers 404 like a missing request. */
export function pageRequestId(value: string): string {
  if (!isRequestId(value)) {
    throw upgradeRequestNotFound();
  }
  return value;
}

/** Where a request's summary is. */
export const requestHref = (id: string) => `/upgrades/requests/${id}`;
