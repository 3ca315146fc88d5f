/**
 * The hot reads of the fleet, as a careful hand writes them with one `pg` pool: list_inventory
 * (the device record with its configuration block), the fleet status
 * and the overview. Each answer is built from raw rows, no date parsed that the answer
 * does not show: a page of devices is one count and one page statement (hardware part, live
 * uplinks, tags, pending upgrade and last config report joined or aggregated per device). The
 * current configuration revision is the one stored with each device (`devices.config_revision`,
 * kept by every change of what the configuration is built from), compared with the one the device
 * last reported: no page renders a configuration.
 *
 * The bench calls these as an organisation admin without filters; a member's network filter and
 * the other query parameters answer 501 (outside the yardstick).
 */
import { Pool } from 'pg';
import { Caller } from './auth';
import { UplinkRow } from './config-revision';
import { metaOf, notInYardstick, pageOf } from './http';

interface ListQuery {
  page?: string;
  per_page?: string;
  mac_id?: string;
  network_id?: string;
  device_status?: string;
  search?: string;
}

/** What HEARTBEAT_TIMEOUT_SECONDS makes of now: heartbeats since then count as UP. */
export const upSince = (timeoutSeconds: number) => new Date(Date.now() - timeoutSeconds * 1000);

function assertPlainListing(caller: Caller, query: ListQuery, parameters: (keyof ListQuery)[]) {
  if (caller.role !== 'admin') {
    throw notInYardstick("a member's network filter");
  }
  for (const name of parameters) {
    if (query[name] !== undefined && query[name].trim() !== '') {
      throw notInYardstick(`the ${name} filter`);
    }
  }
}

const UPLINKS = `(SELECT json_agg(json_build_object('id', u.id, 'uplink_type', u.uplink_type,
    'details', u.details::json) ORDER BY u.id)
  FROM uplinks u WHERE u.device_id = d.id AND NOT u.is_deleted) AS uplinks`;

/**
 * The revision stored for a device: every device has one (a device without is a broken invariant,
 * which Airfleet answers 500 as well).
 */
function storedRevision(row: { id: number; config_revision: string | null }): string {
  if (row.config_revision === null) {
    throw new Error(`device ${row.id} has no stored configuration revision`);
  }
  return row.config_revision;
}

interface RecordRow {
  id: number;
  mac_id: string;
  serial: string | null;
  location_network_id: number | null;
  name: string | null;
  label: string | null;
  uplinks: UplinkRow[] | null;
  part_id: number | null;
  part_number: string;
  wifi_uplink: boolean;
  usb: boolean;
  tags: string[];
  upgrade_id: number | null;
  version: string;
  upgrade_type: string;
  schedule_type: string;
  schedule_at: string | null;
  time_zone: string | null;
  status: string;
  config_revision: string | null;
  applied_revision: string | null;
  config_error_revision: string | null;
  config_error_message: string | null;
}

/**
 * list_inventory: one page of the organisation's device records, by id. The page's ids
 * are chosen first, so that the per-device subqueries run for the page only, not for the rows
 * the OFFSET skips.
 */
export async function listInventory(pool: Pool, caller: Caller, query: ListQuery) {
  assertPlainListing(caller, query, ['mac_id', 'search']);
  const page = pageOf(query);
  const orgId = caller.organisation_id;
  const counted = await pool.query<{ count: string }>(
    'SELECT count(*) AS count FROM devices WHERE organisation_id = $1',
    [orgId],
  );
  const { rows } = await pool.query<RecordRow>(
    `SELECT d.id, d.mac_id, d.serial, d.location_network_id, d.name, d.label,
       hp.id AS part_id, hp.part_number, hp.wifi_uplink, hp.usb, ${UPLINKS},
       ARRAY(SELECT t.name FROM device_tags dt JOIN tags t ON t.id = dt.tag_id
             WHERE dt.device_id = d.id ORDER BY t.name) AS tags,
       p.id AS upgrade_id, p.version, p.upgrade_type, p.schedule_type,
       to_char(p.schedule_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS schedule_at, p.time_zone, p.status,
       d.config_revision, h.applied_revision, h.config_error_revision, h.config_error_message
     FROM (SELECT id FROM devices WHERE organisation_id = $1 ORDER BY id LIMIT $2 OFFSET $3) pg
     JOIN devices d ON d.id = pg.id
     LEFT JOIN hardware_parts hp ON hp.id = d.hardware_part_id
     LEFT JOIN upgrades p
       ON p.device_id = d.id AND p.status = 'pending' AND p.organisation_id = d.organisation_id
     LEFT JOIN heartbeats h ON h.device_id = d.id
     ORDER BY d.id`,
    [orgId, page.perPage, page.offset],
  );
  const devices = rows.map((row) => {
    const revision = storedRevision(row);
    const inSync = row.applied_revision === revision;
    return {
      id: row.id,
      mac_id: row.mac_id,
      serial: row.serial,
      location_network_id: row.location_network_id,
      organisation_id: orgId,
      name: row.name,
      label: row.label,
      hardware_part:
        row.part_id === null
          ? null
          : {
              id: row.part_id,
              part_number: row.part_number,
              wifi_uplink: row.wifi_uplink,
              usb: row.usb,
            },
      uplinks: (row.uplinks ?? []).map((u) => ({
        ...u.details,
        id: u.id,
        uplink_type: u.uplink_type,
        is_deleted: false,
      })),
      tag_list: row.tags,
      pending_upgrade:
        row.upgrade_id === null
          ? null
          : {
              id: row.upgrade_id,
              version: row.version,
              upgrade_type: row.upgrade_type,
              schedule_type: row.schedule_type,
              schedule_at: row.schedule_at,
              time_zone: row.time_zone,
              status: row.status,
            },
      config: {
        revision,
        applied_revision: row.applied_revision,
        in_sync: inSync,
        error: !inSync && row.config_error_revision === revision ? row.config_error_message : null,
      },
    };
  });
  return { data: { devices, meta: metaOf(page, Number(counted.rows[0].count)) }, status: 200 };
}

interface StatusRow {
  id: number;
  mac_id: string;
  name: string | null;
  label: string | null;
  location_network_id: number | null;
  up: boolean | null;
  last_seen: number | null;
  firmware_version: string | null;
  clients: number | null;
  uptime_seconds: number | null;
  applied_revision: string | null;
  config_revision: string | null;
}

/** GET /v1/access_points/statuses: a page of live statuses and the up/down summary. */
export async function statuses(pool: Pool, caller: Caller, query: ListQuery, since: Date) {
  assertPlainListing(caller, query, ['network_id', 'device_status', 'search']);
  const page = pageOf(query);
  const orgId = caller.organisation_id;
  const counted = await pool.query<{ total: string; up: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE h.received_at >= $2) AS up
     FROM devices d LEFT JOIN heartbeats h ON h.device_id = d.id
     WHERE d.organisation_id = $1`,
    [orgId, since],
  );
  const total = Number(counted.rows[0].total);
  const up = Number(counted.rows[0].up);
  const rows =
    page.offset < total
      ? (
          await pool.query<StatusRow>(
            `SELECT d.id, d.mac_id, d.name, d.label, d.location_network_id,
               h.received_at >= $2 AS up,
               floor(extract(epoch FROM h.received_at))::float8 AS last_seen,
               h.firmware_version, h.clients, h.uptime_seconds, h.applied_revision,
               d.config_revision
             FROM (SELECT id FROM devices WHERE organisation_id = $1
                   ORDER BY id LIMIT $3 OFFSET $4) pg
             JOIN devices d ON d.id = pg.id
             LEFT JOIN heartbeats h ON h.device_id = d.id
             ORDER BY d.id`,
            [orgId, since, page.perPage, page.offset],
          )
        ).rows
      : [];
  const devices = rows.map((row) => ({
    id: row.id,
    mac_id: row.mac_id,
    name: row.name,
    label: row.label,
    location_network_id: row.location_network_id,
    device_status: row.up ? 'UP' : 'DOWN',
    last_seen_time: row.last_seen,
    firmware_version: row.firmware_version,
    clients: row.clients,
    uptime_seconds: row.uptime_seconds,
    config_in_sync: row.applied_revision === storedRevision(row),
  }));
  return {
    data: { devices, meta: metaOf(page, total), summary: { up, down: total - up } },
    status: 200,
  };
}

const UPGRADE_STATUSES = ['pending', 'in_progress', 'done', 'failed', 'cancelled'];

/**
 * GET /v1/overview in one statement. Airfleet fails timed-out upgrades before it
 * counts them (UPGRADE_TIMEOUT_SECONDS); the bench has none in progress, so the bare server only
 * checks that there is none to fail.
 */
export async function overview(pool: Pool, caller: Caller, since: Date, timeoutCutoff: Date) {
  assertPlainListing(caller, {}, []);
  const orgId = caller.organisation_id;
  const { rows } = await pool.query<{
    networks: string;
    total: string;
    up: string;
    upgrades: Record<string, number> | null;
    timed_out: boolean;
    running: string;
  }>(
    `SELECT
       (SELECT count(*) FROM location_networks WHERE organisation_id = $1) AS networks,
       (SELECT count(*) FROM devices WHERE organisation_id = $1) AS total,
       (SELECT count(*) FROM devices d JOIN heartbeats h ON h.device_id = d.id
        WHERE d.organisation_id = $1 AND h.received_at >= $2) AS up,
       (SELECT json_object_agg(status, n) FROM
          (SELECT status, count(*) AS n FROM upgrades WHERE organisation_id = $1 GROUP BY status) s
       ) AS upgrades,
       EXISTS (SELECT 1 FROM upgrades WHERE organisation_id = $1 AND status = 'in_progress'
               AND COALESCE(device_seen_at, updated_at) < $3) AS timed_out,
       (SELECT count(*) FROM rollouts WHERE organisation_id = $1 AND state = 'running') AS running`,
    [orgId, since, timeoutCutoff],
  );
  const row = rows[0];
  if (row.timed_out) {
    throw notInYardstick('failing timed-out upgrades');
  }
  const total = Number(row.total);
  const up = Number(row.up);
  return {
    data: {
      networks: Number(row.networks),
      devices: { total, up, down: total - up },
      upgrades: Object.fromEntries(UPGRADE_STATUSES.map((s) => [s, row.upgrades?.[s] ?? 0])),
      rollouts: { running: Number(row.running) },
    },
    status: 200,
  };
}
