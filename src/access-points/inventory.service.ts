import { deviceSearch } from '../devices/device-search';
import { FleetFilter } from '../read-side/device-filter';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DeviceTransitionsService } from '../device-state/device-transitions.service';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { AuthUser } from '../common/auth/auth-user';
import { parseMacs, splitList } from '../common/mac/mac';
import { pageRequest, paginationMeta } from '../common/pagination/pagination';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { deviceNotFound, serialMissing, statusDeviceNotFound } from './access-points.errors';
import { DeviceStatus, deviceStatus, lastSeenTime, upSince } from '../device-state/device-liveness';
import { deviceView } from './device.view';
import { DeviceFilter, DevicesRepository } from '../devices/devices.repository';
import { HeartbeatDto, ListInventoryQueryDto } from './dto/access-points.dto';
import { HeartbeatsRepository } from '../device-state/heartbeats.repository';
import { DeviceRecordsService } from './device-records.service';
import { DeviceStatusesRepository } from '../read-side/device-statuses.repository';

export interface CurrentStatusView {
  name: string | null;
  device_status: DeviceStatus;
  firmware_version: string | null;
  network_name: string | null;
  hardware_model: string | null;
  public_ip: string | null;
  last_seen_time: number | null;
}

/**
 * Reads of the device inventory and the live status. Admins see every device of the
 * organisation; members only the devices of networks they may read, never unassigned devices
 * (those belong to no network a grant could name).
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly devices: DevicesRepository,
    private readonly records: DeviceRecordsService,
    private readonly heartbeats: HeartbeatsRepository,
    private readonly statuses: DeviceStatusesRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly config: ConfigService,
    private readonly changes: ChangeRunner,
    private readonly transitions: DeviceTransitionsService,
  ) {}

  /** The device filter that limits a caller to what it may read. */
  private async visibility(user: AuthUser): Promise<DeviceFilter> {
    return this.access.readableScope(user);
  }

  /**
   * One page of the visible devices (their number from the kept counts, DeviceCounts), or the
   * devices with the MACs given.
   */
  async listInventory(user: AuthUser, query: ListInventoryQueryDto) {
    const visible = await this.visibility(user);
    const orgId = user.organisation_id;
    const filter: FleetFilter =
      query.search === undefined ? visible : { ...visible, search: deviceSearch(query.search) };
    if (query.mac_id !== undefined && query.mac_id.trim() !== '') {
      const { valid } = parseMacs(query.mac_id);
      const devices = await this.records.findDetailed(orgId, { ...filter, macs: valid });
      if (devices.length === 0) {
        throw deviceNotFound();
      }
      return { devices: devices.map(deviceView) };
    }
    const page = pageRequest(query);
    const range = { offset: page.offset, limit: page.perPage };
    if (filter.search === undefined) {
      // Without a search, the kept counts answer, read with the page; an empty page (past the
      // end, or no devices) reads them alone.
      const found = await this.records.findPageWithKeptCount(
        orgId,
        filter,
        range,
        visible.networkIds,
      );
      const count = found.total ?? (await this.devices.countMatching(orgId, visible));
      return { devices: found.devices.map(deviceView), meta: paginationMeta(page, count) };
    }
    // A search counts the matching rows.
    const count = await this.records.count(orgId, filter);
    const devices =
      page.offset < count ? await this.records.findDetailed(orgId, filter, range) : [];
    return { devices: devices.map(deviceView), meta: paginationMeta(page, count) };
  }

  /** The live status of one visible device from its last heartbeat (one statement). */
  async currentStatus(user: AuthUser, macInput: string | undefined) {
    const { valid } = parseMacs(macInput ?? '');
    const visible = await this.visibility(user);
    const heartbeat =
      valid.length === 1
        ? await this.statuses.lastHeartbeatOf(user.organisation_id, valid[0], visible.networkIds)
        : null;
    if (!heartbeat) {
      throw statusDeviceNotFound();
    }
    const timeout = this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).heartbeatTimeoutSeconds;
    const seen = heartbeat.received_at;
    const data: CurrentStatusView = {
      name: heartbeat.name,
      device_status: deviceStatus(seen, upSince(new Date(), timeout)),
      firmware_version: heartbeat.firmware_version,
      network_name: heartbeat.network_name,
      hardware_model: heartbeat.hardware_model,
      public_ip: heartbeat.public_ip,
      last_seen_time: lastSeenTime(seen),
    };
    return data;
  }

  /**
   * Master inventory records by serial (role admin). The master inventory is the
   * platform's catalogue of manufactured devices; a device another organisation holds is left
   * out exactly like an unknown serial, so that the answer never maps another tenant's serials
   * to MACs. Devices in no inventory (free to provision) and the caller's own are answered.
   */
  async devicesFromSerial(user: AuthUser, serialInput: string | undefined) {
    const serials = [...new Set(splitList(serialInput))];
    if (serials.length === 0) {
      throw serialMissing();
    }
    const found = await this.catalogue.findBySerials(serials);
    const heldElsewhere = new Set(
      (await this.devices.findTakenMacs(found.map((record) => record.mac_id)))
        .filter((device) => device.organisation_id !== user.organisation_id)
        .map((device) => device.mac_id),
    );
    const records = found.filter((record) => !heldElsewhere.has(record.mac_id));
    return {
      devices: records
        .sort((a, b) => a.id - b.id)
        .map((record) => ({
          id: record.id,
          serial: record.serial,
          mac_id: record.mac_id,
          hardware_part: record.hardware_part
            ? {
                id: record.hardware_part.id,
                part_number: record.hardware_part.part_number,
                wifi_uplink: record.hardware_part.wifi_uplink,
                usb: record.hardware_part.usb,
              }
            : null,
        })),
    };
  }

  /** Replaces the device's last heartbeat: one statement that also finds the device. */
  async recordHeartbeat(user: AuthUser, body: HeartbeatDto): Promise<void> {
    const { valid } = parseMacs(body.mac_id);
    if (valid.length !== 1) {
      throw deviceNotFound();
    }
    const orgId = user.organisation_id;
    const heartbeat = {
      name: body.name ?? null,
      firmware_version: body.firmware_version ?? null,
      hardware_model: body.hardware_model ?? null,
      public_ip: body.public_ip ?? null,
      network_name: body.network_name ?? null,
      received_at: new Date(),
    };
    // A device recorded UP: one statement. Else its device.up with it, in one change.
    if (await this.heartbeats.recordForMac(orgId, valid[0], heartbeat, true)) {
      return;
    }
    await this.changes.run(orgId, async (change) => {
      const recorded = await this.heartbeats.recordForMac(orgId, valid[0], heartbeat);
      if (!recorded) {
        throw deviceNotFound();
      }
      if (!recorded.up) {
        const actor = {
          type: 'user' as const,
          id: user.id,
          email: user.email,
          via: 'api' as const,
        };
        change.record(
          await this.transitions.up(orgId, recorded.device_id, actor, heartbeat.received_at),
        );
      }
    });
  }
}
