import { ApiErrorCode, CodedError, PlainMsgError } from '../common/errors';

export const deviceNotFound = () => new CodedError(ApiErrorCode.DeviceNotFound, 'Device not found');

/** current_status answers its 404 with `status` as well. */
export const statusDeviceNotFound = () =>
  new CodedError(ApiErrorCode.DeviceNotFound, 'Device not found', { status: 404 });

export const provisioningMacMissing = () =>
  new CodedError(ApiErrorCode.ProvisioningMacMissing, 'mac_id is required');

export const noMatchingDevices = () =>
  new CodedError(ApiErrorCode.NoMatchingDevices, 'No device of the organisation matches mac_ids');

export const initTemplateNotFound = () =>
  new CodedError(ApiErrorCode.InitTemplateNotFound, 'Init template not found');

export const APPLY_PARAMS_MISSING_MSG =
  'mac_ids and init_template_name or init_template_id are required';
export const applyParamsMissing = () =>
  new CodedError(ApiErrorCode.ApplyConfigurationParamsMissing, APPLY_PARAMS_MISSING_MSG);

/** The 1016 body: `{msg, status: 1016}` without error_code. */
export const uplinkNotApplied = (macs: string[]) =>
  new PlainMsgError(422, `Uplink configuration not applied to: ${macs.join(', ')}`, {
    status: ApiErrorCode.UplinkNotApplied,
  });

export const NO_DEVICES_GIVEN_MSG = 'No devices given';
export const noDevicesGiven = () =>
  new CodedError(ApiErrorCode.NoDevicesGiven, NO_DEVICES_GIVEN_MSG);

export const noDeviceFound = () => new PlainMsgError(422, 'No devices found');

export const moveTargetNotFound = () =>
  new CodedError(ApiErrorCode.MoveTargetNotFound, 'Target network not found');

export const SERIAL_MISSING_MSG = 'serial is required';
export const serialMissing = () => new CodedError(ApiErrorCode.SerialMissing, SERIAL_MISSING_MSG);
