import { Injectable } from '@nestjs/common';
import { matchingAt, upAt } from './device-sql';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { deviceFilterCondition, FleetFilter } from './device-filter';

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
 * The matching devices of one network (null: none) on one firmware version (null: none
 * reported), counted every way the overview shows them.
 */
export interface BreakdownRow {
  network: number | null;
  version: string | null;
  total: number;
  up: number;
  /** Never heard from: no heartbeat record. */
  never: number;
  /** Heard from in the organisation (a heartbeat record of it). */
  seen: number;
  /** Of those, running their current configuration revision. */
  inSync: number;
}

const count = (value: number | string | null | undefined) => Number(value ?? 0);

/**
 * Most devices first, then by version (numeric order), devices that reported none last among
 * equals.
 */
export function firmwareOrder(a: FirmwareCount, b: FirmwareCount): number {
  return (
    b.devices - a.devices ||
    Number(a.version === null) - Number(b.version === null) ||
    (a.version ?? '').localeCompare(b.version ?? '', 'en', { numeric: true })
  );
}

/**
 * How many of an organisation's devices are UP, DOWN, never seen, or on each firmware: each
 * count one statement whatever the number of devices, reads only (DeviceStatusesRepository
 * reads the devices themselves). UP and DOWN are decided by the condition of
 * `device-liveness.ts`.
 */
@Injectable()
export class DeviceStatusCountsRepository extends TransactionalRepository {
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
                       AND ${upAt(this.manager, sql, upSince)}) AS up
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
                       AND ${upAt(this.manager, sql, upSince)}) AS up`,
            sql.params,
          );
    const total = count(rows[0]?.total);
    const up = count(rows[0]?.up);
    return { up, down: total - up };
  }

  /** How many matching devices are UP and DOWN at `upSince` (one statement). */
  async counts(orgId: number, filter: FleetFilter, upSince: Date): Promise<FleetCounts> {
    const sql = new SqlBuilder(this.dialect);
    const up = upAt(this.manager, sql, upSince);
    const where = matchingAt(this.manager, sql, orgId, filter, upSince);
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

  /**
   * How many of the matching devices heard from run their current configuration revision and
   * how many do not: one COUNT of the devices joined with their heartbeats, comparing the revision
   * stored for each device with the one it last reported (no device is rendered).
   */
  async syncCounts(
    orgId: number,
    filter: FleetFilter,
  ): Promise<{ inSync: number; outOfSync: number }> {
    const sql = new SqlBuilder(this.dialect);
    const where = deviceFilterCondition(sql, orgId, filter);
    const rows: { seen: number | string; in_sync: number | string | null }[] =
      await this.manager.query(
        `SELECT COUNT(*) AS seen,
                SUM(CASE WHEN h."applied_revision" = d."config_revision" THEN 1 ELSE 0 END) AS in_sync
         FROM "devices" d
         JOIN "heartbeats" h ON h."device_id" = d."id" AND h."organisation_id" = d."organisation_id"
         WHERE ${where}`,
        sql.params,
      );
    const seen = count(rows[0]?.seen);
    const inSync = count(rows[0]?.in_sync);
    return { inSync, outOfSync: seen - inSync };
  }

  /** The up/down/never-seen counts of the matching devices per network, in one statement. */
  async countsByNetwork(
    orgId: number,
    filter: FleetFilter,
    upSince: Date,
  ): Promise<Map<number, FleetCounts>> {
    const sql = new SqlBuilder(this.dialect);
    const up = upAt(this.manager, sql, upSince);
    const where = matchingAt(this.manager, sql, orgId, filter, upSince);
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
    filter: FleetFilter,
    upSince: Date,
  ): Promise<FirmwareCount[]> {
    const sql = new SqlBuilder(this.dialect);
    const where = matchingAt(this.manager, sql, orgId, filter, upSince);
    const rows: { version: string | null; devices: number | string }[] = await this.manager.query(
      `SELECT h."firmware_version" AS version, COUNT(d."id") AS devices
       FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       WHERE ${where} GROUP BY h."firmware_version"`,
      sql.params,
    );
    return rows
      .map((row) => ({ version: row.version, devices: count(row.devices) }))
      .sort(firmwareOrder);
  }

  /**
   * The matching devices by network and firmware version, each group counted as counts(),
   * syncCounts(), countsByNetwork() and firmwareCounts() count them: the four in one read of the
   * devices with their heartbeats (fleetBreakdown adds the groups up).
   */
  async breakdown(orgId: number, filter: FleetFilter, upSince: Date): Promise<BreakdownRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const up = upAt(this.manager, sql, upSince);
    const where = matchingAt(this.manager, sql, orgId, filter, upSince);
    const seen = 'h."organisation_id" = d."organisation_id"';
    const rows: Record<keyof BreakdownRow, number | string | null>[] = await this.manager.query(
      `SELECT d."location_network_id" AS network, h."firmware_version" AS version,
              COUNT(d."id") AS total,
              COALESCE(SUM(CASE WHEN ${up} THEN 1 ELSE 0 END), 0) AS up,
              COALESCE(SUM(CASE WHEN h."device_id" IS NULL THEN 1 ELSE 0 END), 0) AS never,
              COALESCE(SUM(CASE WHEN ${seen} THEN 1 ELSE 0 END), 0) AS seen,
              COALESCE(SUM(CASE WHEN ${seen} AND h."applied_revision" = d."config_revision"
                THEN 1 ELSE 0 END), 0) AS "inSync"
       FROM "devices" d LEFT JOIN "heartbeats" h ON h."device_id" = d."id"
       WHERE ${where} GROUP BY d."location_network_id", h."firmware_version"`,
      sql.params,
    );
    return rows.map((row) => ({
      network: row.network === null ? null : Number(row.network),
      version: row.version === null ? null : String(row.version),
      total: count(row.total),
      up: count(row.up),
      never: count(row.never),
      seen: count(row.seen),
      inSync: count(row.inSync),
    }));
  }
}
