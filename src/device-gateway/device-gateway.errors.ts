import { ApiErrorCode, CodedError } from '../common/errors';

/** 403 1037: right credentials, but the device is in no organisation's inventory. */
export const deviceNotClaimed = () =>
  new CodedError(
    ApiErrorCode.DeviceNotClaimed,
    "The device is in no organisation's inventory; it keeps checking in until it is claimed",
  );
