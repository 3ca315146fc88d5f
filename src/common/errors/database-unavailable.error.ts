import { ApiErrorCode } from './api-error-code';
import { CodedError } from './domain-error';

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 `{msg, error_code: 1040}` with Retry-After: the request changed nothing. */
export class DatabaseUnavailableError extends CodedError {
  constructor() {
    super(ApiErrorCode.ServiceUnavailable, 'The database is unreachable, retry later');
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) };
  }
}
