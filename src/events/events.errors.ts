import { ApiErrorCode, CodedError } from '../common/errors';

/** A device the caller may not see, or none with that MAC (404 1011). */
export const availabilityDeviceNotFound = () =>
  new CodedError(ApiErrorCode.DeviceNotFound, 'Device not found');
