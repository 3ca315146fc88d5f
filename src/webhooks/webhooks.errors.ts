import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';

/** OPERATIONS 8: another organisation's or an unknown webhook or delivery: 404 1042. */
export const webhookNotFound = () =>
  new CodedError(ApiErrorCode.WebhookNotFound, 'Webhook not found');

export const deliveryNotFound = () =>
  new CodedError(ApiErrorCode.WebhookNotFound, 'Delivery not found');

/** OPERATIONS 5: the 21st webhook: 422 1046. */
export const webhookLimitReached = (limit: number) =>
  new ValidationFailedError(
    [`an organisation may have at most ${limit} webhooks`],
    ApiErrorCode.LimitReached,
    'Limit reached',
  );

/** OPERATIONS 5: the URL's host is or resolves to a refused address: 422 1047. */
export const refusedUrl = (address: string, range: string) =>
  new ValidationFailedError(
    [`url resolves to a refused address: ${address} (${range})`],
    ApiErrorCode.RefusedAddress,
    'Refused address',
  );
