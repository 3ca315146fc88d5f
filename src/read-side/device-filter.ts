import { SqlBuilder } from '../database/dialect';
import { DeviceFilter } from '../devices/device-filter';
import { containing, DeviceSearch } from '../devices/device-search';
import { DeviceStatus, deviceStatusCondition } from '../device-state/device-liveness';

/**
 * Which of the organisation's devices a read of the read side covers: the devices module's
 * filter (ids, MACs, networks) and what the heartbeat says (these need `heartbeats` h joined).
 */
export interface FleetFilter extends DeviceFilter {
  /** Only this device. */
  deviceId?: number;
  /** Only the devices with this status at `upSince`. */
  status?: DeviceStatus;
  /** Only the devices never heard from (no heartbeat). */
  neverSeen?: boolean;
  /** Only the devices heard from at least once (a heartbeat). */
  seen?: boolean;
  /** Only the devices whose last report names this firmware version (null: none reported). */
  firmware?: string | null;
  /**
   * Only the devices whose label or last reported host name contains the search's text (any
   * case), or whose MAC contains its hex digits (devices/device-search.ts).
   */
  search?: DeviceSearch;
  /**
   * The search matches a device by its record name (its network's) and the name of one of its
   * tags too (contains, any case): the console's device list.
   */
  searchTags?: boolean;
  /** Only the devices carrying the organisation's tag of this exact name. */
  tag?: string;
  /**
   * Only the devices heard from that run (`in`) or do not run (`out`) their current
   * configuration revision: the revision stored for the device against the one its heartbeat
   * last reported.
   */
  sync?: 'in' | 'out';
}

/**
 * THE filter builder of the read side: the condition on `devices` d (LEFT JOIN `heartbeats` h
 * when the filter reads the heartbeat) of the organisation's devices matching the filter, every
 * list bound as one parameter; its parameters are bound in the order they appear (`upSince`
 * binds the instant a status filter compares with, where it appears).
 */
export function deviceFilterCondition(
  sql: SqlBuilder,
  orgId: number,
  filter: FleetFilter,
  upSince?: () => string,
): string {
  const conditions = [`d."organisation_id" = ${sql.param(orgId)}`];
  if (filter.deviceId !== undefined) {
    conditions.push(`d."id" = ${sql.param(filter.deviceId)}`);
  }
  if (filter.ids) {
    conditions.push(sql.inIds('d."id"', filter.ids));
  }
  if (filter.macs) {
    conditions.push(sql.inTexts('d."mac_id"', filter.macs));
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
    conditions.push(deviceStatusCondition(filter.status, 'h."received_at"', upSince()));
  }
  if (filter.neverSeen) {
    conditions.push('h."device_id" IS NULL');
  }
  if (filter.seen) {
    conditions.push('h."device_id" IS NOT NULL');
  }
  if (filter.firmware !== undefined) {
    conditions.push(
      filter.firmware === null
        ? 'h."firmware_version" IS NULL'
        : `h."firmware_version" = ${sql.param(filter.firmware)}`,
    );
  }
  if (filter.search !== undefined) {
    conditions.push(searchCondition(sql, filter.search, filter.searchTags === true));
  }
  if (filter.tag !== undefined) {
    conditions.push(`EXISTS (SELECT 1 FROM "device_tags" ft
      INNER JOIN "tags" ftt ON ftt."id" = ft."tag_id"
      WHERE ft."device_id" = d."id" AND ftt."organisation_id" = d."organisation_id"
        AND ftt."name" = ${sql.param(filter.tag)})`);
  }
  if (filter.sync !== undefined) {
    conditions.push(syncCondition(filter.sync));
  }
  return conditions.join(' AND ');
}

/**
 * A device heard from runs its current configuration when the revision its heartbeat last
 * reported is the one stored for it; read by a subquery, so that the condition holds whether or
 * not the read joins the heartbeat. A device never heard from is neither.
 */
export function syncCondition(sync: 'in' | 'out'): string {
  const runs =
    sync === 'in'
      ? `sh."applied_revision" = d."config_revision"`
      : `(sh."applied_revision" IS NULL OR d."config_revision" IS NULL
          OR sh."applied_revision" <> d."config_revision")`;
  return `EXISTS (SELECT 1 FROM "heartbeats" sh
    WHERE sh."device_id" = d."id" AND sh."organisation_id" = d."organisation_id" AND ${runs})`;
}

/**
 * A device matches a search when the text is part of its label or of the host name its last
 * heartbeat reported (any case), or when the text can be part of a MAC and its hex digits are
 * part of the device's; `withNames` adds the record name and the tags' names. The host name is
 * read by a subquery, so that the condition holds whether or not the read joins the heartbeat.
 */
function searchCondition(sql: SqlBuilder, search: DeviceSearch, withNames: boolean): string {
  const like = (column: string) =>
    `LOWER(COALESCE(${column}, '')) LIKE ${sql.param(containing(search.text.toLowerCase()))} ESCAPE '\\'`;
  const parts = [
    like('d."label"'),
    `EXISTS (SELECT 1 FROM "heartbeats" sh
      WHERE sh."device_id" = d."id" AND sh."organisation_id" = d."organisation_id"
        AND ${like('sh."name"')})`,
  ];
  if (withNames) {
    parts.push(
      like('d."name"'),
      `EXISTS (SELECT 1 FROM "device_tags" st
        INNER JOIN "tags" stt ON stt."id" = st."tag_id"
        WHERE st."device_id" = d."id" AND stt."organisation_id" = d."organisation_id"
          AND ${like('stt."name"')})`,
    );
  }
  if (search.macDigits !== null) {
    parts.push(`REPLACE(d."mac_id", ':', '') LIKE ${sql.param(`%${search.macDigits}%`)}`);
  }
  return `(${parts.join(' OR ')})`;
}
