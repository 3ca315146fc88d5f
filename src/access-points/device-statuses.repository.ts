import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { SelectQueryBuilder } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect } from '../database/dialect';
import { Device } from '../devices/device.entity';
import { DeviceSearch, deviceSearchCondition } from '../devices/device-search';
import { DeviceStatus, deviceStatusCondition } from './device-liveness';
import { Heartbeat } from './heartbeat.entity';

/** Which of the organisation's devices a status read covers. */
export interface StatusFilter {
  /** Only this device. */
  deviceId?: number;
  /** Only the devices of this network. */
  networkId?: number;
  /** Only the devices of these networks (devices in no network excluded): a member's. */
  networkIds?: number[];
  /** Only the devices with this status at `upSince`. */
  status?: DeviceStatus;
  /** Only the devices never heard from (no heartbeat). */
  neverSeen?: boolean;
  /** Only the devices whose last report names this firmware version (null: none reported). */
  firmware?: string | null;
  /** Only the devices whose name or MAC matches the search (devices/device-search.ts). */
  search?: DeviceSearch;
}

/** A device with its last heartbeat (null when never heard from). */
export interface DeviceWithHeartbeat {
  device: Device;
  heartbeat: Heartbeat | null;
}

export interface StatusCounts {
  up: number;
  down: number;
}

/** The up/down counts with how many of the DOWN devices were never heard from. */
export interface FleetCounts extends StatusCounts {
  never_seen: number;
}

/** How many devices last reported a firmware version (null: none reported). */
export interface FirmwareCount {
  version: string | null;
  devices: number;
}

/**
 * The live status of an organisation's devices: each device joined with its heartbeat (owned
 * here, in access-points), in one statement per read whatever the number of devices. Reads
 * only; the device rows are written by devices/. UP and DOWN are decided in SQL by the
 * condition of `device-liveness.ts`, the rule current_status applies in TypeScript.
 */
@Injectable()
export class DeviceStatusesRepository extends TenantRepository<Device> {
  constructor(
    txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {
    super(txHost, Device);
  }

  /** One page of the matching devices ordered by id, each with its heartbeat (one statement). */
  async page(
    orgId: number,
    filter: StatusFilter,
    upSince: Date,
    page: { offset: number; limit: number },
  ): Promise<DeviceWithHeartbeat[]> {
    const query = this.joined(orgId, filter, upSince)
      .orderBy('d.id', 'ASC')
      .offset(page.offset)
      .limit(page.limit);
    const devices = (await query.getMany()) as (Device & { heartbeat?: Heartbeat | null })[];
    return devices.map(({ heartbeat, ...device }) => ({
      device,
      heartbeat: heartbeat ?? null,
    }));
  }

  /** How many matching devices are UP and DOWN at `upSince` (one statement). */
  async counts(orgId: number, filter: StatusFilter, upSince: Date): Promise<FleetCounts> {
    const row = await this.joined(orgId, filter, upSince)
      .select('COUNT(d.id)', 'total')
      .addSelect(
        `COALESCE(SUM(CASE WHEN ${deviceStatusCondition('UP', 'h.received_at', 'upSince')} THEN 1 ELSE 0 END), 0)`,
        'up',
      )
      .addSelect('COALESCE(SUM(CASE WHEN h.device_id IS NULL THEN 1 ELSE 0 END), 0)', 'never')
      .getRawOne<{ total: number | string; up: number | string; never: number | string }>();
    const total = Number(row?.total ?? 0);
    const up = Number(row?.up ?? 0);
    return { up, down: total - up, never_seen: Number(row?.never ?? 0) };
  }

  /** The up/down/never-seen counts of the matching devices per network, in one statement. */
  async countsByNetwork(
    orgId: number,
    filter: StatusFilter,
    upSince: Date,
  ): Promise<Map<number, FleetCounts>> {
    const rows = await this.joined(orgId, filter, upSince)
      .andWhere('d.location_network_id IS NOT NULL')
      .select('d.location_network_id', 'network')
      .addSelect('COUNT(d.id)', 'total')
      .addSelect(
        `COALESCE(SUM(CASE WHEN ${deviceStatusCondition('UP', 'h.received_at', 'upSince')} THEN 1 ELSE 0 END), 0)`,
        'up',
      )
      .addSelect('COALESCE(SUM(CASE WHEN h.device_id IS NULL THEN 1 ELSE 0 END), 0)', 'never')
      .groupBy('d.location_network_id')
      .getRawMany<{
        network: number | string;
        total: number | string;
        up: number | string;
        never: number | string;
      }>();
    return new Map(
      rows.map((row) => [
        Number(row.network),
        {
          up: Number(row.up),
          down: Number(row.total) - Number(row.up),
          never_seen: Number(row.never),
        },
      ]),
    );
  }

  /**
   * How many matching devices last reported each firmware version: most devices first, then by
   * version (numeric order), devices that reported none last among equals.
   */
  async firmwareCounts(
    orgId: number,
    filter: StatusFilter,
    upSince: Date,
  ): Promise<FirmwareCount[]> {
    const rows = await this.joined(orgId, filter, upSince)
      .select('h.firmware_version', 'version')
      .addSelect('COUNT(d.id)', 'devices')
      .groupBy('h.firmware_version')
      .getRawMany<{ version: string | null; devices: number | string }>();
    return rows
      .map((row) => ({ version: row.version, devices: Number(row.devices) }))
      .sort(
        (a, b) =>
          b.devices - a.devices ||
          Number(a.version === null) - Number(b.version === null) ||
          (a.version ?? '').localeCompare(b.version ?? '', 'en', { numeric: true }),
      );
  }

  /** Which of these devices of the organisation are UP at `upSince` (one statement). */
  async upAmong(orgId: number, deviceIds: number[], upSince: Date): Promise<Set<number>> {
    if (deviceIds.length === 0) {
      return new Set();
    }
    const ids = this.dialect.idsParameter('deviceIds', deviceIds);
    const rows = await this.joined(orgId, { status: 'UP' }, upSince)
      .select('d.id', 'id')
      .andWhere(ids.condition('d.id'), { deviceIds: ids.value })
      .getRawMany<{ id: number }>();
    return new Set(rows.map((row) => Number(row.id)));
  }

  /** The organisation's devices matching the filter, LEFT JOINed with their heartbeat. */
  private joined(orgId: number, filter: StatusFilter, upSince: Date): SelectQueryBuilder<Device> {
    const query = this.scoped(orgId, 'd')
      .leftJoinAndMapOne('d.heartbeat', Heartbeat, 'h', 'h.device_id = d.id')
      .setParameter('upSince', upSince);
    if (filter.deviceId !== undefined) {
      query.andWhere('d.id = :deviceId', { deviceId: filter.deviceId });
    }
    if (filter.networkId !== undefined) {
      query.andWhere('d.location_network_id = :networkId', { networkId: filter.networkId });
    }
    if (filter.networkIds !== undefined) {
      const ids = this.dialect.idsParameter('readableNetworkIds', filter.networkIds);
      query.andWhere(ids.condition('d.location_network_id'), { readableNetworkIds: ids.value });
    }
    if (filter.status !== undefined) {
      query.andWhere(deviceStatusCondition(filter.status, 'h.received_at', 'upSince'));
    }
    if (filter.neverSeen) {
      query.andWhere('h.device_id IS NULL');
    }
    if (filter.firmware !== undefined) {
      query.andWhere(
        filter.firmware === null ? 'h.firmware_version IS NULL' : 'h.firmware_version = :firmware',
        { firmware: filter.firmware },
      );
    }
    if (filter.search !== undefined) {
      const { condition, parameters } = deviceSearchCondition('d', filter.search);
      query.andWhere(condition, parameters);
    }
    return query;
  }
}
