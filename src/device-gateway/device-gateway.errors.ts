import { DeviceNotClaimedError } from '../common/errors';

/** 403 1037: right credentials for this MAC, but the device is in no organisation's inventory. */
export const deviceNotClaimed = (macId: string) => new DeviceNotClaimedError(macId);
