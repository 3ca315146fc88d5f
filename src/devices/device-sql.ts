import { Dialect, SqlBuilder } from '../database/dialect';
import { ShownUplink } from './uplink.view';

export interface DeviceFilter {
  ids?: number[];
  macs?: string[];
  networkId?: number;
  /** Only devices in one of these networks (devices in no network excluded). */
  networkIds?: number[];
}

/**
 * The SQL by which other modules' raw reads take devices, their uplinks and their tags: the
 * devices module owns these tables, so the one text of each read lives here. Parameters are
 * bound through `sql` in the order they appear.
 */

/** The filter as a condition on `devices` d, organisation first. */
export function deviceCondition(sql: SqlBuilder, orgId: number, filter: DeviceFilter): string {
  const conditions = [`d."organisation_id" = ${sql.param(orgId)}`];
  if (filter.ids) {
    conditions.push(sql.inIds('d."id"', filter.ids));
  }
  if (filter.macs) {
    conditions.push(
      filter.macs.length === 0
        ? '1 = 0'
        : `d."mac_id" IN (${filter.macs.map((mac) => sql.param(mac)).join(', ')})`,
    );
  }
  if (filter.networkIds) {
    conditions.push(sql.inIds('d."location_network_id"', filter.networkIds));
  }
  if (filter.networkId !== undefined) {
    conditions.push(`d."location_network_id" = ${sql.param(filter.networkId)}`);
  }
  return conditions.join(' AND ');
}

/**
 * The ids of the matching devices in id order, one page of them when `page` is given: a
 * subquery to join the shown rows to, so that whatever each shown row computes is computed for
 * the page only, not for the rows an OFFSET skips.
 */
export function devicePageIds(
  sql: SqlBuilder,
  orgId: number,
  filter: DeviceFilter,
  page?: { offset: number; limit: number },
): string {
  const where = deviceCondition(sql, orgId, filter);
  const limit = page ? ` LIMIT ${sql.param(page.limit)} OFFSET ${sql.param(page.offset)}` : '';
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
