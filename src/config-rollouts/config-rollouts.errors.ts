import { ApiErrorCode, CodedError } from '../common/errors';

/** 404 1052: the configuration rollout is missing, another organisation's or not readable. */
export const configRolloutNotFound = () =>
  new CodedError(ApiErrorCode.ConfigRolloutNotFound, 'Configuration rollout not found');

/** 422 1039: a halt of a rollout that is not running. */
export const configRolloutNotRunning = () =>
  new CodedError(ApiErrorCode.RolloutNotRunning, 'Configuration rollout is not running');

/** 422 1039: a revert of a rollout that is not halted, or was reverted already. */
export const configRolloutNotRevertible = () =>
  new CodedError(
    ApiErrorCode.RolloutNotRunning,
    'Configuration rollout is not halted, or was reverted already',
  );
