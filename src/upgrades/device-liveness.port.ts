import { Injectable } from '@nestjs/common';

/** Which of the organisation's devices are `UP` now (DEVICES 6 orders a rollout by it). */
export type UpDeviceReader = (orgId: number, deviceIds: number[]) => Promise<Set<number>>;

/**
 * The liveness facts a rollout is ordered by. The UP/DOWN rule and the heartbeats it reads
 * belong to access-points, which sits above upgrades: access-points registers its reader here
 * at start-up (FleetStatusService), so the dependency stays pointing downwards while upgrades
 * asks for the facts inside its own transaction.
 */
@Injectable()
export class DeviceLivenessPort {
  private reader: UpDeviceReader | null = null;

  register(reader: UpDeviceReader): void {
    this.reader = reader;
  }

  upDeviceIds(orgId: number, deviceIds: number[]): Promise<Set<number>> {
    if (!this.reader) {
      throw new Error('No device liveness reader is registered (AccessPointsModule registers it)');
    }
    return this.reader(orgId, deviceIds);
  }
}
