import { Injectable } from '@nestjs/common';
import { ConfigSync, configSync, storedRevision } from '../device-config/config-sync';
import { DeviceWithParts } from '../devices/device-parts';
import { DeviceFilter } from '../devices/device-filter';
import { FirmwarePorts } from '../firmware/firmware-ports';
import { ShownPendingUpgrade } from '../firmware/upgrade.entity';
import {
  DeviceRecordRow,
  DeviceRecordRowsRepository,
} from '../read-side/device-record-rows.repository';
import { FleetFilter } from '../read-side/device-filter';

/**
 * A device with what its record shows: hardware part, live uplinks, tags, pending upgrade and
 * configuration sync.
 */
export type DetailedDevice = DeviceWithParts & {
  pending_upgrade: ShownPendingUpgrade | null;
  config: ConfigSync;
};

/**
 * The device record the API answers (device.view.ts) spans several owners: the device with its
 * parts (devices), its pending upgrade (upgrades), its current configuration (device-config) and
 * what it last reported about it (heartbeats, ours). This is the one place that puts them together;
 * access points, location networks and tags read records through it.
 */
@Injectable()
export class DeviceRecordsService {
  constructor(
    private readonly rows: DeviceRecordRowsRepository,
    private readonly firmware: FirmwarePorts,
  ) {}

  /**
   * The matching devices with their pending upgrade and configuration sync, in one statement
   * whatever their number (DeviceRecordRowsRepository): the current revision is the one stored
   * for each device (config-revisions/), not rendered here.
   */
  async findDetailed(
    orgId: number,
    filter: FleetFilter,
    page?: { offset: number; limit: number },
  ): Promise<DetailedDevice[]> {
    const rows = await this.rows.find(orgId, filter, page);
    return rows.map((row) => this.detailed(row));
  }

  private detailed({
    device,
    pending_upgrade,
    report,
    config_revision,
  }: DeviceRecordRow): DetailedDevice {
    return Object.assign(device, {
      pending_upgrade,
      config: configSync(storedRevision(device.id, config_revision), report),
    });
  }

  /**
   * One page of the matching devices' records with the kept device count of the organisation or
   * (`networkIds` given) of those of its networks, in one statement; the count is null when the
   * page is empty.
   */
  async findPageWithKeptCount(
    orgId: number,
    filter: FleetFilter,
    page: { offset: number; limit: number },
    networkIds: number[] | undefined,
  ): Promise<{ devices: DetailedDevice[]; total: number | null }> {
    const { rows, total } = await this.rows.findPageWithKeptCount(orgId, filter, page, networkIds);
    return { devices: rows.map((row) => this.detailed(row)), total };
  }

  /** How many of the organisation's devices match the filter (one statement). */
  count(orgId: number, filter: FleetFilter): Promise<number> {
    return this.rows.count(orgId, filter);
  }

  /** Which of these devices have a firmware upgrade being written right now (one statement). */
  findIdsWithUpgradeInProgress(orgId: number, ids: number[]): Promise<number[]> {
    return this.firmware.devices.devicesInProgress(orgId, ids);
  }

  /**
   * The serial number, tag names and last reported host name of these devices (one statement
   * whatever their number).
   */
  labels(orgId: number, ids: number[]) {
    return this.rows.labels(orgId, ids);
  }

  /** The names of the tags the organisation's devices matching `filter` carry (one statement). */
  tagNames(orgId: number, filter: DeviceFilter): Promise<string[]> {
    return this.rows.tagNames(orgId, filter);
  }
}
