import { ApiErrorCode, CodedError } from '../common/errors';

/** Rollout errors answer `{msg, error_code}`. */
export const rolloutNotFound = () =>
  new CodedError(ApiErrorCode.RolloutNotFound, 'Rollout not found');

export const rolloutNotRunning = () =>
  new CodedError(ApiErrorCode.RolloutNotRunning, 'Rollout is not running');

export const rolloutNoStageWaiting = () =>
  new CodedError(
    ApiErrorCode.RolloutNotRunning,
    'No stage is waiting: the current stage has not finished',
  );
