import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';
import { alreadyTaken } from '../database/unique-violation';

export const ssidNotFound = () => new CodedError(ApiErrorCode.SsidNotFound, 'SSID not found');

export const SSID_CREATE_FAILED = 'SSID create failed';
export const SSID_UPDATE_FAILED = 'SSID update failed';

export const ssidCreateFailed = (errors: string[]) =>
  new ValidationFailedError(errors, ApiErrorCode.SsidCreateFailed, SSID_CREATE_FAILED);

export const ssidUpdateFailed = (errors: string[]) =>
  new ValidationFailedError(errors, ApiErrorCode.SsidUpdateFailed, SSID_UPDATE_FAILED);

export const ssidNeedsRouterModeAndDhcp = () =>
  new CodedError(
    ApiErrorCode.SsidNeedsRouterModeAndDhcp,
    'SSID update needs router mode (ssid_mode 1) and an enabled DHCP server (dhcp_relay_server 2)',
  );

export const ssidDestroyFailed = () =>
  new CodedError(ApiErrorCode.SsidDestroyFailed, 'SSID destroy failed');

export const NAME_TAKEN = `${alreadyTaken('ssid_name')} in this network`;
