import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';
import { RefusedAddressError } from './address-guard';

/** Another organisation's or an unknown webhook or delivery: 404 1042. */
export const webhookNotFound = () =>
  new CodedError(ApiErrorCode.WebhookNotFound, 'Webhook not found');

export const deliveryNotFound = () =>
  new CodedError(ApiErrorCode.WebhookNotFound, 'Delivery not found');

/** The 21st webhook: 422 1046. */
export const webhookLimitReached = (limit: number) =>
  new ValidationFailedError(
    [`an organisation may have at most ${limit} webhooks`],
    ApiErrorCode.LimitReached,
    'Limit reached',
  );

/**
 * The URL's host is or resolves to a refused address: 422 1047. The kind is named only when the
 * URL itself says it (an address, a `localhost` name), never what a host name resolved to.
 */
export const refusedUrl = (refused: RefusedAddressError) =>
  new ValidationFailedError(
    [
      refused.shown
        ? `url's host is a refused address (${refused.kind})`
        : "url's host resolves to a refused address",
    ],
    ApiErrorCode.RefusedAddress,
    'Refused address',
  );
