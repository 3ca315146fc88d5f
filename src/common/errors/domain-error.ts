import { ApiErrorCode, HTTP_STATUS_OF } from './api-error-code';

export type ErrorBody = Record<string, unknown>;

/**
 * Base of every error a service throws. Each subclass knows its HTTP status and the exact body
 * the API answers for it; DomainErrorFilter writes them out unchanged.
 */
export abstract class DomainError extends Error {
  abstract readonly httpStatus: number;
  abstract body(): ErrorBody;
  /** Extra response headers (e.g. WWW-Authenticate). */
  headers(): Record<string, string> {
    return {};
  }
}

/** The common shape `{msg, error_code, ...extra}`. */
export class CodedError extends DomainError {
  readonly httpStatus: number;

  constructor(
    readonly code: ApiErrorCode,
    msg: string,
    readonly extra: ErrorBody = {},
  ) {
    super(msg);
    this.httpStatus = HTTP_STATUS_OF[code];
  }

  body(): ErrorBody {
    return { msg: this.message, error_code: this.code, ...this.extra };
  }
}

/** A validation failure: `{msg, error_code, errors}` with errors as one comma-joined string. */
export class ValidationFailedError extends CodedError {
  constructor(
    readonly messages: string[],
    code: ApiErrorCode = ApiErrorCode.InvalidParameter,
    msg = 'Invalid parameters',
  ) {
    super(code, msg, { errors: messages.join(', ') });
  }

  /** The same failure answered with another operation's code and message. */
  withCode(code: ApiErrorCode, msg?: string): ValidationFailedError {
    return new ValidationFailedError(this.messages, code, msg ?? this.message);
  }
}

/** Code-less `{msg, ...extra}` (release/remove with no matching device). */
export class PlainMsgError extends DomainError {
  constructor(
    readonly httpStatus: number,
    msg: string,
    readonly extra: ErrorBody = {},
  ) {
    super(msg);
  }

  body(): ErrorBody {
    return { msg: this.message, ...this.extra };
  }
}

/** `{message}` (config_rollback). */
export class MessageError extends DomainError {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return { message: this.message };
  }
}

/**
 * `{message, status}` with the HTTP status equal to `status` (upgrades), plus
 * `error_code` when the error has one (a list over the bulk limit: 1030).
 */
export class StatusMessageError extends DomainError {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly code?: ApiErrorCode,
  ) {
    super(message);
  }

  body(): ErrorBody {
    const body: ErrorBody = { message: this.message, status: this.httpStatus };
    if (this.code !== undefined) {
      body.error_code = this.code;
    }
    return body;
  }
}

/** Unknown, expired or revoked token. */
export class UnauthenticatedError extends CodedError {
  constructor(msg = 'Missing, invalid, expired or revoked access token') {
    super(ApiErrorCode.Unauthenticated, msg);
  }

  override headers(): Record<string, string> {
    return { 'WWW-Authenticate': 'Bearer' };
  }
}

/**
 * 401 1036: missing, malformed or wrong device credentials, an unknown MAC or an
 * entry without a secret all get this same answer, so that nothing reveals which MACs exist.
 */
export class DeviceUnauthenticatedError extends CodedError {
  constructor() {
    super(ApiErrorCode.DeviceUnauthenticated, 'Missing or invalid device credentials');
  }

  override headers(): Record<string, string> {
    return { 'WWW-Authenticate': 'Basic realm="airfleet-device"' };
  }
}

/**
 * 403 1037: right credentials, but the device is in no organisation's inventory. It
 * names the device, so that its requests still count against the device's rate limit.
 */
export class DeviceNotClaimedError extends CodedError {
  constructor(readonly macId: string) {
    super(
      ApiErrorCode.DeviceNotClaimed,
      "The device is in no organisation's inventory; it keeps checking in until it is claimed",
    );
  }
}

export class ForbiddenError extends CodedError {
  constructor(msg = 'You are not allowed to perform this operation') {
    super(ApiErrorCode.Forbidden, msg);
  }
}
