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

/** Another organisation's alert, an unknown one or one the caller may not read: 404 1043. */
export const alertNotFound = () =>
  new CodedError(ApiErrorCode.AlertRuleNotFound, 'Alert not found');

/** Acknowledging a resolved alert that nobody acknowledged: 422 1030. */
export const alertResolved = () =>
  new ValidationFailedError(['the alert is resolved: only an open alert can be acknowledged']);
