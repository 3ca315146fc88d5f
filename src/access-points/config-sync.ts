import { Injectable } from '@nestjs/common';

/** What the sync test needs of a device: the revision it last reported running (DEVICES 4). */
export interface AppliedRevision {
  id: number;
  applied_revision: string | null;
}

/**
 * DEVICES 4 and 7: a device's configuration is in sync when the revision it last reported
 * running equals its current revision. A device that never reported one is never in sync, nor
 * is one whose current revision is not known.
 */
export function configInSync(applied: string | null, current: string | null): boolean {
  return applied !== null && current !== null && applied === current;
}

/**
 * `config_in_sync` of the fleet status, for many devices at once. The current revision of a
 * device is computed by the device configuration (`DeviceConfigService`); `currentRevisions` is
 * the one place that asks it. Until that service is wired in here, no current revision is known
 * and so no device is reported in sync (never a guessed `true`).
 */
@Injectable()
export class ConfigSync {
  async inSync(orgId: number, devices: AppliedRevision[]): Promise<Map<number, boolean>> {
    const current = await this.currentRevisions(
      orgId,
      devices.map((device) => device.id),
    );
    return new Map(
      devices.map((device) => [
        device.id,
        configInSync(device.applied_revision, current.get(device.id) ?? null),
      ]),
    );
  }

  /** The current configuration revision of each of these devices of the organisation. */
  private currentRevisions(_orgId: number, _deviceIds: number[]): Promise<Map<number, string>> {
    return Promise.resolve(new Map<number, string>());
  }
}
