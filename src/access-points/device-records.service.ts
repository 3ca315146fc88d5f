import { Injectable } from '@nestjs/common';
import { Device } from '../devices/device.entity';
import { DeviceFilter, DevicesRepository } from '../devices/devices.repository';
import { Upgrade } from '../upgrades/upgrade.entity';
import { UpgradesRepository } from '../upgrades/upgrades.repository';

/** A device with what its record shows: hardware part, live uplinks, tags and pending upgrade. */
export type DetailedDevice = Device & { pending_upgrade: Upgrade | null };

/**
 * The device record of SPEC 2.2 (device.view.ts) spans two owners: the device with its parts
 * (devices) and its pending upgrade (upgrades). This is the one place that puts them together;
 * access points, location networks and tags read records through it.
 */
@Injectable()
export class DeviceRecords {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly upgrades: UpgradesRepository,
  ) {}

  /** The matching devices with their pending upgrade, in a constant number of statements. */
  async findDetailed(
    orgId: number,
    filter: DeviceFilter,
    page?: { offset: number; limit: number },
  ): Promise<DetailedDevice[]> {
    const devices = await this.devices.findDetailed(orgId, filter, page);
    if (devices.length === 0) {
      return [];
    }
    const pending = await this.upgrades.findPendingByDevice(
      orgId,
      devices.map((device) => device.id),
    );
    return devices.map((device) =>
      Object.assign(device, { pending_upgrade: pending.get(device.id) ?? null }),
    );
  }

  /** Which of these devices have a firmware upgrade being written right now (one statement). */
  findIdsWithUpgradeInProgress(orgId: number, ids: number[]): Promise<number[]> {
    return this.upgrades.findDeviceIdsInProgress(orgId, ids);
  }
}
