import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';

/** A client the caller sees no session of (another organisation's, or only other networks'). */
export const clientNotFound = () => new CodedError(ApiErrorCode.ClientNotFound, 'Client not found');

/** A path MAC that is not one: 422 1030. */
export const invalidClientMac = () => new ValidationFailedError(['mac must be a MAC address']);

/** A `mac_id` filter naming no device of the organisation: 404 with the network code 1001. */
export const filterDeviceNotFound = () =>
  new CodedError(ApiErrorCode.NetworkNotFound, 'Device not found');
