import { Injectable } from '@nestjs/common';
import { configSync } from '../device-config/config-sync';
import { ConfigSubject, DeviceConfigService } from '../device-config/device-config.service';

/**
 * What the sync test needs of a device: what its configuration is built from (its network read
 * with it) and the revision it last reported running.
 */
export type AppliedRevision = Required<ConfigSubject> & {
  network: { id: number; network_name: string; timezone: string } | null;
  applied_revision: string | null;
};

/**
 * `config_in_sync` of the fleet status for a page of devices: their current
 * revisions from the device configuration, compared by the one sync rule of device records
 * (device-config/config-sync.ts). One statement: the SSIDs of the devices' networks.
 */
@Injectable()
export class FleetConfigSyncService {
  constructor(private readonly configs: DeviceConfigService) {}

  async inSync(orgId: number, devices: AppliedRevision[]): Promise<Map<number, boolean>> {
    if (devices.length === 0) {
      return new Map();
    }
    const networks = new Map(
      devices.flatMap(({ network }) => (network ? [[network.id, network] as const] : [])),
    );
    const current = await this.configs.currentFor(orgId, devices, networks);
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
