import { ApiErrorCode, CodedError, DomainError, ErrorBody } from '../common/errors';

/**
 * 401 1036 (DEVICES 2): missing, malformed or wrong device credentials, an unknown MAC or an
 * entry without a secret all get this same answer, so that nothing reveals which MACs exist.
 */
export class DeviceUnauthenticatedError extends DomainError {
  readonly httpStatus = 401;

  constructor() {
    super('Invalid device credentials');
  }

  body(): ErrorBody {
    return { msg: this.message, error_code: ApiErrorCode.DeviceUnauthenticated };
  }

  override headers(): Record<string, string> {
    return { 'WWW-Authenticate': 'Basic realm="airfleet-device"' };
  }
}

/** 403 1037: right credentials, but the device is in no organisation's inventory. */
export const deviceNotClaimed = () =>
  new CodedError(
    ApiErrorCode.DeviceNotClaimed,
    "The device is in no organisation's inventory; it keeps checking in until it is claimed",
  );
