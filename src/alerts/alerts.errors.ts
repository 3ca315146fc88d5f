import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';

/** Another organisation's or an unknown alert rule: 404 1043. */
export const alertRuleNotFound = () =>
  new CodedError(ApiErrorCode.AlertRuleNotFound, 'Alert rule not found');

/** The 101st rule: 422 1046. */
export const alertRuleLimitReached = (limit: number) =>
  new ValidationFailedError(
    [`an organisation may have at most ${limit} alert rules`],
    ApiErrorCode.LimitReached,
    'Limit reached',
  );
