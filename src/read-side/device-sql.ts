import { EntityManager } from 'typeorm';
import { Dialect, SqlBuilder } from '../database/dialect';
import { deviceStatusCondition } from '../device-state/device-liveness';
import { heartbeatInstant } from '../device-state/heartbeats.repository';
import { deviceFilterCondition, FleetFilter } from './device-filter';
import { ShownUplink } from '../devices/uplink.view';

/**
 * The SQL by which the read side's raw reads take devices, their uplinks and their tags: one
 * text of each read, beside the one filter builder (device-filter.ts). Parameters are
 * bound through `sql` in the order they appear.
 */

/** The condition of a device (its heartbeat h) UP at `upSince`. */
export const upAt = (manager: EntityManager, sql: SqlBuilder, upSince: Date): string =>
  deviceStatusCondition('UP', 'h."received_at"', heartbeatInstant(manager, sql, upSince));

/** The organisation's devices matching `filter`, whose status filter compares with `upSince`. */
export const matchingAt = (
  manager: EntityManager,
  sql: SqlBuilder,
  orgId: number,
  filter: FleetFilter,
  upSince: Date,
): string =>
  deviceFilterCondition(sql, orgId, filter, () => heartbeatInstant(manager, sql, upSince));

/**
 * The ids of the matching devices in id order, one page of them when `page` is given: a
 * subquery to join the shown rows to, so that whatever each shown row computes is computed for
 * the page only, not for the rows an OFFSET skips.
 */
export function devicePageIds(
  sql: SqlBuilder,
  orgId: number,
  filter: FleetFilter,
  page?: { offset: number; limit: number },
): string {
  const where = deviceFilterCondition(sql, orgId, filter);
  const limit = page ? ` ${sql.page(page.limit, page.offset)}` : '';
  return `SELECT d."id" AS id FROM "devices" d WHERE ${where} ORDER BY d."id"${limit}`;
}

/** The JSON array of the live uplinks (id, uplink_type, details) of the device `deviceId`, by id. */
export function liveUplinksJson(dialect: Dialect, deviceId: string): string {
  const uplink = dialect.jsonObject([
    ['id', 'u."id"'],
    ['uplink_type', 'u."uplink_type"'],
    ['details', dialect.jsonOf('u."details"')],
  ]);
  return `(SELECT ${dialect.jsonArrayAgg(uplink, 'u."id"')} FROM "uplinks" u
    WHERE u."device_id" = ${deviceId} AND u."is_deleted" = false)`;
}

/** A liveUplinksJson value as the uplinks it lists. */
export function parsedLiveUplinks(dialect: Dialect, value: unknown): ShownUplink[] {
  return dialect
    .parsedJsonArray<Omit<ShownUplink, 'is_deleted'>>(value)
    .map(({ id, uplink_type, details }) => ({ id, uplink_type, details, is_deleted: false }));
}

/** The JSON array of the tag names of the device `deviceId`, in name order. */
export function tagNamesJson(dialect: Dialect, deviceId: string): string {
  return `(SELECT ${dialect.jsonArrayAgg('t."name"', 't."name"')}
    FROM "device_tags" dt INNER JOIN "tags" t ON t."id" = dt."tag_id"
    WHERE dt."device_id" = ${deviceId})`;
}

/**
 * The kept device count (devices/device-counts.ts) of the organisation, or (`networkIds` given)
 * of those of its networks, as a scalar subquery: a listing reads its total with its page.
 */
export function keptDeviceCount(sql: SqlBuilder, orgId: number, networkIds?: number[]): string {
  return networkIds === undefined
    ? `(SELECT o."device_count" FROM "organisations" o WHERE o."id" = ${sql.param(orgId)})`
    : `(SELECT COALESCE(SUM(n."device_count"), 0) FROM "location_networks" n
        WHERE n."organisation_id" = ${sql.param(orgId)} AND ${sql.inIds('n."id"', networkIds)})`;
}
