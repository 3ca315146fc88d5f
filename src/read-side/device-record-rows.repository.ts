import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { hydratedValue } from '../database/persisted-value';
import { ConfigReport } from '../device-config/config-sync';
import {
  DEVICE_PARTS_COLUMNS,
  DevicePartsRow,
  deviceWithParts,
  DeviceWithParts,
} from '../devices/device-parts';
import { DeviceFilter } from '../devices/device-filter';
import { deviceFilterCondition, FleetFilter } from './device-filter';
import {
  devicePageIds,
  keptDeviceCount,
  liveUplinksJson,
  parsedLiveUplinks,
  tagNamesJson,
} from './device-sql';
import { Upgrade } from '../firmware/upgrade.entity';
import { ShownPendingUpgrade } from '../firmware/upgrade.entity';

/** What a device record is built from, read in one statement (DeviceRecordRowsRepository.find). */
export interface DeviceRecordRow {
  /** The device with its hardware part, live uplinks and tags. */
  device: DeviceWithParts;
  /** Its network as its configuration shows it (null in none). */
  network: { id: number; network_name: string; timezone: string } | null;
  pending_upgrade: ShownPendingUpgrade | null;
  /** What it last reported about its configuration (null: never heard from). */
  report: ConfigReport | null;
  /** The revision of the configuration it receives now, as stored (Device.config_revision). */
  config_revision: string | null;
}

interface RawRecordRow extends DevicePartsRow {
  uplinks: unknown;
  tags: unknown;
  network_name: string | null;
  network_timezone: string | null;
  p_id: number | string | null;
  p_version: string;
  p_upgrade_type: string;
  p_schedule_type: string;
  p_schedule_at: unknown;
  p_time_zone: string | null;
  p_status: ShownPendingUpgrade['status'];
  h_device_id: number | string | null;
  config_revision: string | null;
  applied_revision: string | null;
  config_error_revision: string | null;
  config_error_message: string | null;
  kept_total?: number | string | null;
}

/**
 * The rows device records (DeviceRecordsService) are built from: each device with its hardware
 * part, live uplinks and tags (the devices module's SQL, device-sql.ts), its network, its pending
 * upgrade and its last configuration report, in ONE raw statement of the shown columns. A
 * read-only model of the record across its owners, as the record itself is (no entity is
 * hydrated, no date parsed but the shown schedule_at); the writes stay with each owner.
 */
@Injectable()
export class DeviceRecordRowsRepository extends TransactionalRepository {
  /** The matching devices of the organisation by id, one page of them when `page` is given. */
  async find(
    orgId: number,
    filter: FleetFilter,
    page?: { offset: number; limit: number },
  ): Promise<DeviceRecordRow[]> {
    if (filter.ids?.length === 0 || filter.macs?.length === 0) {
      return [];
    }
    return (await this.select(orgId, filter, page)).map((row) => this.recordRow(row));
  }

  /**
   * One page of the matching devices with, in the same statement, the kept device count of the
   * organisation or (`networkIds` given) of those of its networks (devices/device-counts.ts):
   * a listing's page and its total in one round trip. The total is null when the page is empty
   * (read past the end, or nothing matches): the caller then asks the kept counts themselves.
   */
  async findPageWithKeptCount(
    orgId: number,
    filter: FleetFilter,
    page: { offset: number; limit: number },
    networkIds: number[] | undefined,
  ): Promise<{ rows: DeviceRecordRow[]; total: number | null }> {
    if (filter.ids?.length === 0 || filter.macs?.length === 0 || networkIds?.length === 0) {
      return { rows: [], total: null };
    }
    const raw = await this.select(orgId, filter, page, (sql) =>
      keptDeviceCount(sql, orgId, networkIds),
    );
    return {
      rows: raw.map((row) => this.recordRow(row)),
      total: raw.length === 0 ? null : Number(raw[0].kept_total ?? 0),
    };
  }

  /** The raw rows of `find`, with the column `kept_total` when `keptTotal` gives its SQL. */
  private select(
    orgId: number,
    filter: FleetFilter,
    page?: { offset: number; limit: number },
    keptTotal?: (sql: SqlBuilder) => string,
  ): Promise<RawRecordRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const total = keptTotal ? `${keptTotal(sql)} AS kept_total,` : '';
    return this.manager.query(
      `SELECT ${total} ${DEVICE_PARTS_COLUMNS},
         ${liveUplinksJson(this.dialect, 'd."id"')} AS uplinks,
         ${tagNamesJson(this.dialect, 'd."id"')} AS tags,
         n."network_name" AS network_name, n."timezone" AS network_timezone,
         p."id" AS p_id, p."version" AS p_version, p."upgrade_type" AS p_upgrade_type,
         p."schedule_type" AS p_schedule_type, p."schedule_at" AS p_schedule_at,
         p."time_zone" AS p_time_zone, p."status" AS p_status,
         d."config_revision" AS config_revision,
         h."device_id" AS h_device_id, h."applied_revision" AS applied_revision,
         h."config_error_revision" AS config_error_revision,
         h."config_error_message" AS config_error_message
       FROM (${devicePageIds(sql, orgId, filter, page)}) page
       JOIN "devices" d ON d."id" = page.id
       LEFT JOIN "hardware_parts" hp ON hp."id" = d."hardware_part_id"
       LEFT JOIN "location_networks" n
         ON n."id" = d."location_network_id" AND n."organisation_id" = d."organisation_id"
       LEFT JOIN "upgrades" p ON p."device_id" = d."id" AND p."status" = 'pending'
         AND p."organisation_id" = d."organisation_id"
       LEFT JOIN "heartbeats" h
         ON h."device_id" = d."id" AND h."organisation_id" = d."organisation_id"
       ORDER BY d."id"`,
      sql.params,
    );
  }

  private recordRow(row: RawRecordRow): DeviceRecordRow {
    const manager = this.manager;
    return {
      device: deviceWithParts(
        row,
        parsedLiveUplinks(this.dialect, row.uplinks),
        this.dialect.parsedJsonArray<string>(row.tags),
      ),
      network:
        row.location_network_id === null || row.network_name === null
          ? null
          : {
              id: Number(row.location_network_id),
              network_name: row.network_name,
              timezone: row.network_timezone!,
            },
      pending_upgrade:
        row.p_id === null
          ? null
          : {
              id: Number(row.p_id),
              version: row.p_version,
              upgrade_type: row.p_upgrade_type,
              schedule_type: row.p_schedule_type,
              schedule_at: hydratedValue(
                manager,
                Upgrade,
                'schedule_at',
                row.p_schedule_at,
              ) as Date | null,
              time_zone: row.p_time_zone,
              status: row.p_status,
            },
      report:
        row.h_device_id === null
          ? null
          : {
              applied_revision: row.applied_revision,
              config_error_revision: row.config_error_revision,
              config_error_message: row.config_error_message,
            },
      config_revision: row.config_revision,
    };
  }

  /** How many of the organisation's devices match the filter (one statement). */
  async count(orgId: number, filter: FleetFilter): Promise<number> {
    if (filter.ids?.length === 0 || filter.macs?.length === 0) {
      return 0;
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: { total: number | string }[] = await this.manager.query(
      `SELECT COUNT(*) AS total FROM "devices" d WHERE ${deviceFilterCondition(sql, orgId, filter)}`,
      sql.params,
    );
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * The serial number, tag names (in name order), last reported host name and public address of
   * these devices of the organisation, in one statement whatever their number: what a device
   * list shows or exports beside its statuses.
   */
  async labels(
    orgId: number,
    ids: number[],
  ): Promise<
    Map<
      number,
      { serial: string | null; tags: string[]; hostName: string | null; publicIp: string | null }
    >
  > {
    if (ids.length === 0) {
      return new Map();
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: {
      id: number | string;
      serial: string | null;
      tags: unknown;
      host_name: string | null;
      public_ip: string | null;
    }[] = await this.manager.query(
      `SELECT d."id" AS id, d."serial" AS serial, ${tagNamesJson(this.dialect, 'd."id"')} AS tags,
           h."name" AS host_name, h."public_ip" AS public_ip
         FROM "devices" d
         LEFT JOIN "heartbeats" h
           ON h."device_id" = d."id" AND h."organisation_id" = d."organisation_id"
         WHERE d."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('d."id"', ids)}`,
      sql.params,
    );
    return new Map(
      rows.map((row) => [
        Number(row.id),
        {
          serial: row.serial,
          tags: this.dialect.parsedJsonArray<string>(row.tags),
          hostName: row.host_name,
          publicIp: row.public_ip,
        },
      ]),
    );
  }

  /**
   * The names of the organisation's tags that its devices matching `filter` carry (a member's
   * networks, say), in name order: one statement.
   */
  async tagNames(orgId: number, filter: DeviceFilter): Promise<string[]> {
    if (filter.ids?.length === 0 || filter.networkIds?.length === 0) {
      return [];
    }
    const sql = new SqlBuilder(this.dialect);
    const rows: { name: string }[] = await this.manager.query(
      `SELECT DISTINCT t."name" AS name FROM "tags" t
       WHERE t."organisation_id" = ${sql.param(orgId)} AND EXISTS (
         SELECT 1 FROM "device_tags" dt INNER JOIN "devices" d ON d."id" = dt."device_id"
         WHERE dt."tag_id" = t."id" AND ${deviceFilterCondition(sql, orgId, filter)})
       ORDER BY t."name"`,
      sql.params,
    );
    return rows.map((row) => row.name);
  }
}
