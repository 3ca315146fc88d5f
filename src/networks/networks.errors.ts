import { ApiErrorCode, CodedError } from '../common/errors';

/** 404 1001: the network is missing, another organisation's, or not one the caller may use. */
export const networkNotFound = () =>
  new CodedError(ApiErrorCode.NetworkNotFound, 'Network not found');
