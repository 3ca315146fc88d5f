import { ApiErrorCode, CodedError, MessageError, ValidationFailedError } from '../common/errors';
import { alreadyTaken } from '../database/unique-violation';
import { NetworkView } from '../networks/location-network.view';

export const NETWORK_SAVE_FAILED = 'Network could not be saved';
export const NETWORK_UPDATE_FAILED = 'Network could not be updated';

export { networkNotFound } from '../networks/networks.errors';

export const cloneSourceMissing = () =>
  new CodedError(
    ApiErrorCode.CloneSourceMissing,
    'cloned_network_name or cloned_network_id is required to clone a network',
  );

export const cloneSourceNotFound = () =>
  new CodedError(ApiErrorCode.CloneSourceNotFound, 'Network to clone not found');

export const networkSaveFailed = (errors: string[]) =>
  new ValidationFailedError(errors, ApiErrorCode.NetworkSaveFailed, NETWORK_SAVE_FAILED);

export const networkUpdateFailed = (errors: string[]) =>
  new ValidationFailedError(errors, ApiErrorCode.NetworkUpdateFailed, NETWORK_UPDATE_FAILED);

export const networkDestroyFailed = () =>
  new CodedError(ApiErrorCode.NetworkDestroyFailed, 'Network could not be deleted');

export const networkHasDevices = (network: NetworkView) =>
  new CodedError(ApiErrorCode.NetworkHasDevices, 'Network has devices and cannot be deleted', {
    data: network,
  });

/** config_rollback answers `{message}` only. */
export const rollbackNetworkNotFound = () => new MessageError(404, 'Network not found');
export const rollbackTemplateNotFound = () => new MessageError(404, 'Network template not found');

export const NAME_TAKEN = alreadyTaken('network_name');
