import { ApiErrorCode, StatusMessageError } from '../common/errors';
import { listLimitMessage } from '../common/limits/list-limit';

/** Upgrade errors all answer `{message, status}` with the same HTTP status. */
export const upgradeNotFound = () => new StatusMessageError(404, 'Upgrade not found');

export const upgradeNotPending = (action: 'updated' | 'deleted') =>
  new StatusMessageError(422, `Only a pending upgrade can be ${action}`);

export const noUpgradeData = () => new StatusMessageError(422, 'No upgrade data available');

export const noReleasedUpgradeData = () =>
  new StatusMessageError(422, 'No released upgrade data available');

export const unknownVersion = (version: string) =>
  new StatusMessageError(422, `Version ${version} is not available`);

export const invalidTargets = (entries: string[]) =>
  new StatusMessageError(422, `Invalid targets: ${entries.join(', ')}`);

export const noTargets = () => new StatusMessageError(422, 'aps must name at least one target');

export const noMatchingDevices = () =>
  new StatusMessageError(422, 'No device of the organisation matches the targets');

export const firmwareMissing = (version: string, macs: string[]) =>
  new StatusMessageError(
    422,
    `Version ${version} has no firmware for the hardware of devices: ${macs.join(', ')}`,
  );

export const invalidUpgrade = (messages: string[]) =>
  new StatusMessageError(422, messages.join(', '));

/** More targets than the bulk limit: `{message, status: 422, error_code: 1030}`. */
export const tooManyTargets = (field = 'aps') =>
  new StatusMessageError(422, listLimitMessage(field), ApiErrorCode.InvalidParameter);

/** An upgrade request with no upgrade the caller may see: missing, as any other. */
export const upgradeRequestNotFound = () =>
  new StatusMessageError(404, 'Upgrade request not found');

export const noFailedUpgrades = () =>
  new StatusMessageError(422, 'The request has no failed upgrade to retry');
