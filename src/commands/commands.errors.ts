import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';

/** Another organisation's or an unknown command: 404 1044. */
export const commandNotFound = () =>
  new CodedError(ApiErrorCode.CommandNotFound, 'Command not found');

/** Cancelling a command that is not queued: 422 1045. */
export const commandNotQueued = (state: string) =>
  new ValidationFailedError(
    [`the command is ${state}, not queued`],
    ApiErrorCode.CommandNotQueued,
    'Command not queued',
  );

/** An 11th open command of a device: 422 1046, naming the devices. */
export const commandLimitReached = (limit: number, macs: string[]) =>
  new ValidationFailedError(
    [`a device may have at most ${limit} commands queued or sent: ${macs.join(', ')}`],
    ApiErrorCode.LimitReached,
    'Limit reached',
  );

/** Bad `AP:`, `network:` or `tag:` targets, as upgrades answer them, in the /v1 body: 422 1030. */
export const invalidCommandTargets = (message: string) => new ValidationFailedError([message]);
