import { Injectable } from '@nestjs/common';
import { configSync } from '../device-config/config-sync';
import { ConfigSubject, DeviceConfigService } from '../device-config/device-config.service';
import { DevicesRepository } from '../devices/devices.repository';

/**
 * What the sync test needs of a device: what its configuration is built from and the revision
 * it last reported running (DEVICES 4).
 */
export type AppliedRevision = Omit<ConfigSubject, 'uplinks'> & {
  applied_revision: string | null;
};

/**
 * `config_in_sync` of the fleet status (DEVICES 7) for a page of devices: their current
 * revisions from the device configuration, compared by the one sync rule of device records
 * (device-config/config-sync.ts). A constant number of statements: the devices' uplinks, their
 * networks and those networks' SSIDs.
 */
@Injectable()
export class FleetConfigSync {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly configs: DeviceConfigService,
  ) {}

  async inSync(orgId: number, devices: AppliedRevision[]): Promise<Map<number, boolean>> {
    if (devices.length === 0) {
      return new Map();
    }
    const uplinks = await this.devices.liveUplinks(devices.map((d) => d.id));
    const current = await this.configs.currentFor(
      orgId,
      devices.map((device) => ({ ...device, uplinks: uplinks.get(device.id) ?? [] })),
    );
    return new Map(
      devices.map((device) => {
        const revision = current.get(device.id)?.revision;
        const report = {
          applied_revision: device.applied_revision,
          config_error_revision: null,
          config_error_message: null,
        };
        return [device.id, revision !== undefined && configSync(revision, report).in_sync];
      }),
    );
  }
}
