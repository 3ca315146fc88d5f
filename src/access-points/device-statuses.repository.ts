import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect, SqlBuilder } from '../database/dialect';
import { hydratedValue, persistedValue } from '../database/persisted-value';
import { DeviceSearch, deviceSearchSql } from '../devices/device-search';
import { liveUplinksJson, parsedLiveUplinks } from '../devices/device-sql';
import { ShownUplink } from '../devices/uplink.view';
import { DeviceStatus, deviceStatusCondition } from '../device-state/device-liveness';
import { Heartbeat } from '../device-state/heartbeat.entity';

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

/** A device as the fleet status shows it, with what its last heartbeat says (null: none). */
export interface DeviceStatusRow {
  id: number;
  mac_id: string;
  name: string | null;
  location_network_id: number | null;
  /** When its last heartbeat was received; null when never heard from. */
  received_at: Date | null;
  firmware_version: string | null;
  clients: number | null;
  uptime_seconds: number | null;
  applied_revision: string | null;
  /** Its live uplinks and network, for its configuration revision. */
  uplinks: ShownUplink[];
  network: { id: number; network_name: string; timezone: string } | null;
}

/** What current_status shows of a device's last heartbeat (all null when never heard from). */
export interface LastHeartbeat {
  name: string | null;
  firmware_version: string | null;
  network_name: string | null;
  hardware_model: string | null;
  public_ip: string | null;
  received_at: Date | null;
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

const count = (value: number | string | null | undefined) => Number(value ?? 0);
const orNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The live status of an organisation's devices: each device joined with its heartbeat (owned
 * here, in access-points), in one statement per read whatever the number of devices. Reads
 * only, raw statements of the columns the answers show (no entity is hydrated); the device rows
 * are written by devices/. UP and DOWN are decided in SQL by the condition of
 * `device-liveness.ts`, the rule current_status applies in TypeScript.
 */
@Injectable()
export class DeviceStatusesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

  /**
   * One page of the matching devices ordered by id, each with its heartbeat, live uplinks and
   * network (one statement; what each shown row computes is computed for the page only).
   */
  async page(
    orgId: number,
    filter: StatusFilter,
    upSince: Date,
    page: { offset: number; limit: number },
  ): Promise<DeviceStatusRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const where = this.where(sql, orgId, filter, upSince);
    const rows: (Omit<DeviceStatusRow, 'received_at' | 'uplinks' | 'network'> & {
      received_at: unknown;
      uplinks: unknown;
      network_name: string | null;
      network_timezone: string | null;
    })[] = await this.manager.query(
      `SELECT d."id" AS id, d."mac_id" AS mac_id, d."name" AS name,
              d."location_network_id" AS location_network_id, h."received_at" AS received_at,
              h."firmware_version" AS firmware_version, h."clients" AS clients,
              h."uptime_seconds" AS uptime_seconds, h."applied_revision" AS applied_revision,
              n."network_name" AS network_name, n."timezone" AS network_timezone,
              ${liveUplinksJson(this.dialect, 'd."id"')} AS uplinks
       FROM (SELECT d."id" AS id
             FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
             WHERE ${where} ORDER BY d."id"
             LIMIT ${sql.param(page.limit)} OFFSET ${sql.param(page.offset)}) page
       JOIN "devices" d ON d."id" = page.id
       LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       ORDER BY d."id"`,
      sql.params,
    );
    return rows.map((row) => {
      const networkId = orNull(row.location_network_id);
      return {
        id: Number(row.id),
        mac_id: row.mac_id,
        name: row.name,
        location_network_id: networkId,
        received_at: this.receivedAt(row.received_at),
        firmware_version: row.firmware_version,
        clients: orNull(row.clients),
        uptime_seconds: orNull(row.uptime_seconds),
        applied_revision: row.applied_revision,
        uplinks: parsedLiveUplinks(this.dialect, row.uplinks),
        network:
          networkId === null || row.network_name === null
            ? null
            : { id: networkId, network_name: row.network_name, timezone: row.network_timezone! },
      };
    });
  }

  /** A heartbeat's received_at as a raw statement returned it, as its entity holds it. */
  private receivedAt(raw: unknown): Date | null {
    return hydratedValue(this.manager, Heartbeat, 'received_at', raw) as Date | null;
  }

  /**
   * The last heartbeat of the organisation's device with this MAC (within these networks when
   * `networkIds` is given): one statement; null when there is no such device.
   */
  async lastHeartbeatOf(
    orgId: number,
    mac: string,
    networkIds?: number[],
  ): Promise<LastHeartbeat | null> {
    const sql = new SqlBuilder(this.dialect);
    const where = this.where(sql, orgId, { networkIds });
    const rows: (Omit<LastHeartbeat, 'received_at'> & { received_at: unknown })[] =
      await this.manager.query(
        `SELECT h."name" AS name, h."firmware_version" AS firmware_version,
                h."network_name" AS network_name, h."hardware_model" AS hardware_model,
                h."public_ip" AS public_ip, h."received_at" AS received_at
         FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
         WHERE ${where} AND d."mac_id" = ${sql.param(mac)}`,
        sql.params,
      );
    const [row] = rows;
    return row
      ? {
          ...row,
          received_at: this.receivedAt(row.received_at),
        }
      : null;
  }

  /**
   * How many of the organisation's devices, or (`networkIds` given) of the devices in these of
   * its networks, are UP and DOWN at `upSince`, in one statement: how many there are from the
   * kept counts (devices/device-counts.ts), how many are UP from the heartbeats (without networks,
   * only the index entries of the organisation's recent heartbeats).
   */
  async summary(orgId: number, upSince: Date, networkIds?: number[]): Promise<StatusCounts> {
    const sql = new SqlBuilder(this.dialect);
    const rows: { total: number | string | null; up: number | string }[] =
      networkIds === undefined
        ? await this.manager.query(
            `SELECT o."device_count" AS total,
                    (SELECT COUNT(*) FROM "heartbeats" h WHERE h."organisation_id" = o."id"
                       AND ${deviceStatusCondition('UP', 'h."received_at"', this.instant(sql, upSince))}) AS up
             FROM "organisations" o WHERE o."id" = ${sql.param(orgId)}`,
            sql.params,
          )
        : await this.manager.query(
            `SELECT (SELECT SUM(n."device_count") FROM "location_networks" n
                     WHERE n."organisation_id" = ${sql.param(orgId)}
                       AND ${sql.inIds('n."id"', networkIds)}) AS total,
                    (SELECT COUNT(*) FROM "devices" d JOIN "heartbeats" h ON h."device_id" = d."id"
                     WHERE d."organisation_id" = ${sql.param(orgId)}
                       AND ${sql.inIds('d."location_network_id"', networkIds)}
                       AND ${deviceStatusCondition('UP', 'h."received_at"', this.instant(sql, upSince))}) AS up`,
            sql.params,
          );
    const total = count(rows[0]?.total);
    const up = count(rows[0]?.up);
    return { up, down: total - up };
  }

  /** How many matching devices are UP and DOWN at `upSince` (one statement). */
  async counts(orgId: number, filter: StatusFilter, upSince: Date): Promise<FleetCounts> {
    const sql = new SqlBuilder(this.dialect);
    const up = deviceStatusCondition('UP', 'h."received_at"', this.instant(sql, upSince));
    const where = this.where(sql, orgId, filter, upSince);
    const rows: { total: number | string; up: number | string; never: number | string }[] =
      await this.manager.query(
        `SELECT COUNT(d."id") AS total,
                COALESCE(SUM(CASE WHEN ${up} THEN 1 ELSE 0 END), 0) AS up,
                COALESCE(SUM(CASE WHEN h."device_id" IS NULL THEN 1 ELSE 0 END), 0) AS never
         FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
         WHERE ${where}`,
        sql.params,
      );
    const total = count(rows[0]?.total);
    const upCount = count(rows[0]?.up);
    return { up: upCount, down: total - upCount, never_seen: count(rows[0]?.never) };
  }

  /** The up/down/never-seen counts of the matching devices per network, in one statement. */
  async countsByNetwork(
    orgId: number,
    filter: StatusFilter,
    upSince: Date,
  ): Promise<Map<number, FleetCounts>> {
    const sql = new SqlBuilder(this.dialect);
    const up = deviceStatusCondition('UP', 'h."received_at"', this.instant(sql, upSince));
    const where = this.where(sql, orgId, filter, upSince);
    const rows: {
      network: number | string;
      total: number | string;
      up: number | string;
      never: number | string;
    }[] = await this.manager.query(
      `SELECT d."location_network_id" AS network, COUNT(d."id") AS total,
              COALESCE(SUM(CASE WHEN ${up} THEN 1 ELSE 0 END), 0) AS up,
              COALESCE(SUM(CASE WHEN h."device_id" IS NULL THEN 1 ELSE 0 END), 0) AS never
       FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       WHERE ${where} AND d."location_network_id" IS NOT NULL
       GROUP BY d."location_network_id"`,
      sql.params,
    );
    return new Map(
      rows.map((row) => [
        Number(row.network),
        {
          up: count(row.up),
          down: count(row.total) - count(row.up),
          never_seen: count(row.never),
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
    const sql = new SqlBuilder(this.dialect);
    const where = this.where(sql, orgId, filter, upSince);
    const rows: { version: string | null; devices: number | string }[] = await this.manager.query(
      `SELECT h."firmware_version" AS version, COUNT(d."id") AS devices
       FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       WHERE ${where} GROUP BY h."firmware_version"`,
      sql.params,
    );
    return rows
      .map((row) => ({ version: row.version, devices: count(row.devices) }))
      .sort(
        (a, b) =>
          b.devices - a.devices ||
          Number(a.version === null) - Number(b.version === null) ||
          (a.version ?? '').localeCompare(b.version ?? '', 'en', { numeric: true }),
      );
  }

  /** `upSince` bound as the heartbeats table stores instants. */
  private instant(sql: SqlBuilder, upSince: Date): string {
    return sql.param(persistedValue(this.manager, Heartbeat, 'received_at', upSince));
  }

  /**
   * The condition on `devices` d LEFT JOIN `heartbeats` h of the organisation's devices matching
   * the filter; its parameters are bound in the order they appear.
   */
  private where(sql: SqlBuilder, orgId: number, filter: StatusFilter, upSince?: Date): string {
    const conditions = [`d."organisation_id" = ${sql.param(orgId)}`];
    if (filter.deviceId !== undefined) {
      conditions.push(`d."id" = ${sql.param(filter.deviceId)}`);
    }
    if (filter.networkId !== undefined) {
      conditions.push(`d."location_network_id" = ${sql.param(filter.networkId)}`);
    }
    if (filter.networkIds !== undefined) {
      conditions.push(sql.inIds('d."location_network_id"', filter.networkIds));
    }
    if (filter.status !== undefined) {
      if (!upSince) {
        throw new Error('a status filter needs the upSince instant');
      }
      conditions.push(
        deviceStatusCondition(filter.status, 'h."received_at"', this.instant(sql, upSince)),
      );
    }
    if (filter.neverSeen) {
      conditions.push('h."device_id" IS NULL');
    }
    if (filter.firmware !== undefined) {
      conditions.push(
        filter.firmware === null
          ? 'h."firmware_version" IS NULL'
          : `h."firmware_version" = ${sql.param(filter.firmware)}`,
      );
    }
    if (filter.search !== undefined) {
      conditions.push(deviceSearchSql('d', filter.search, (value) => sql.param(value)));
    }
    return conditions.join(' AND ');
  }
}
