import { ApiErrorCode, CodedError } from '../common/errors';

/** An id that is not one of the caller's own unrevoked tokens. */
export const tokenNotFound = () => new CodedError(ApiErrorCode.TokenNotFound, 'Token not found');
