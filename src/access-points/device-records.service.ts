import { Injectable } from '@nestjs/common';
import { ConfigSync, configSync } from '../device-config/config-sync';
import { DeviceConfigService } from '../device-config/device-config.service';
import { DeviceWithParts } from '../devices/device-parts';
import { DeviceFilter, DevicesRepository } from '../devices/devices.repository';
import { ShownPendingUpgrade, UpgradesRepository } from '../upgrades/upgrades.repository';
import { DeviceStatusesRepository } from './device-statuses.repository';

/**
 * A device with what its record shows: hardware part, live uplinks, tags, pending upgrade and
 * configuration sync (DEVICES 4).
 */
export type DetailedDevice = DeviceWithParts & {
  pending_upgrade: ShownPendingUpgrade | null;
  config: ConfigSync;
};

/**
 * The device record of SPEC 2.2 (device.view.ts) spans several owners: the device with its parts
 * (devices), its pending upgrade (upgrades), its current configuration (device-config) and what
 * it last reported about it (heartbeats, ours). This is the one place that puts them together;
 * access points, location networks and tags read records through it.
 */
@Injectable()
export class DeviceRecords {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly upgrades: UpgradesRepository,
    private readonly configs: DeviceConfigService,
    private readonly statuses: DeviceStatusesRepository,
  ) {}

  /**
   * The matching devices with their pending upgrade and configuration sync, in a constant number
   * of statements: devices, uplinks, tags, upgrades, networks, SSIDs, heartbeats.
   */
  async findDetailed(
    orgId: number,
    filter: DeviceFilter,
    page?: { offset: number; limit: number },
  ): Promise<DetailedDevice[]> {
    const devices = await this.devices.findDetailed(orgId, filter, page);
    if (devices.length === 0) {
      return [];
    }
    const ids = devices.map((device) => device.id);
    const pending = await this.upgrades.findPendingShown(orgId, ids);
    const configs = await this.configs.currentFor(orgId, devices);
    const reports = await this.statuses.configReports(orgId, ids);
    return devices.map((device) =>
      Object.assign(device, {
        pending_upgrade: pending.get(device.id) ?? null,
        config: configSync(configs.get(device.id)!.revision, reports.get(device.id) ?? null),
      }),
    );
  }

  /** Which of these devices have a firmware upgrade being written right now (one statement). */
  findIdsWithUpgradeInProgress(orgId: number, ids: number[]): Promise<number[]> {
    return this.upgrades.findDeviceIdsInProgress(orgId, ids);
  }
}
