import { ApiErrorCode, CodedError } from '../common/errors';

/** 404 1001: the network is missing, another organisation's, or not one the caller may use. */
export const networkNotFound = () =>
  new CodedError(ApiErrorCode.NetworkNotFound, 'Network not found');

/** 409 1051: a configuration rollout is running on the network; its configuration waits. */
export const configRolloutRunning = () =>
  new CodedError(
    ApiErrorCode.ConfigRolloutRunning,
    'A configuration rollout is running on this network: halt it or wait for it to complete',
  );
