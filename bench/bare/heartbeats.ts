/**
 * The two writes the bench drives: the admin heartbeat (one upsert that finds the
 * device by MAC in the caller's organisation) and the device check-in in the case
 * the bench measures, nothing to hand out: one read (the device with its part, network, SSIDs,
 * live uplinks and open upgrades) and Airfleet's heartbeat upsert. An upgrade report, an upgrade
 * in progress or due, or one in a rollout answer 501 (outside the yardstick), and so does a device
 * whose stored revision is not the one of its network's configuration (a configuration rollout
 * gives it another one).
 */
import { isIP } from 'node:net';
import { Pool } from 'pg';
import { Caller, Device, requireAdmin } from './auth';
import { canonicalSsids, DeviceConfigRow, deviceRevision, SsidRow } from './config-revision';
import { fail, notInYardstick, singleMac } from './http';

const MAX_ID = 2_147_483_647;
const text = (maxLength: number) => ({ type: 'string', maxLength });
const count = { type: 'integer', minimum: 0, maximum: MAX_ID };

export const HEARTBEAT_SCHEMA = {
  type: 'object',
  required: ['mac_id'],
  properties: {
    mac_id: text(64),
    name: text(255),
    firmware_version: text(64),
    hardware_model: text(255),
    public_ip: text(64),
    network_name: text(255),
  },
};

export interface HeartbeatBody {
  mac_id: string;
  name?: string;
  firmware_version?: string;
  hardware_model?: string;
  public_ip?: string;
  network_name?: string;
}

/** POST /v1/access_points/heartbeat: replaces the device's last heartbeat. */
export async function adminHeartbeat(pool: Pool, caller: Caller, body: HeartbeatBody) {
  requireAdmin(caller);
  const mac = singleMac(body.mac_id);
  const { rowCount } =
    mac === null
      ? { rowCount: 0 }
      : await pool.query(
          `INSERT INTO heartbeats
             (device_id, organisation_id, name, firmware_version, network_name, hardware_model,
              public_ip, received_at)
           SELECT d.id, d.organisation_id, $3, $4, $5, $6, $7, $8 FROM devices d
           WHERE d.organisation_id = $1 AND d.mac_id = $2
           ON CONFLICT (device_id) DO UPDATE SET name = EXCLUDED.name,
             firmware_version = EXCLUDED.firmware_version, network_name = EXCLUDED.network_name,
             hardware_model = EXCLUDED.hardware_model, public_ip = EXCLUDED.public_ip,
             received_at = EXCLUDED.received_at`,
          [
            caller.organisation_id,
            mac,
            body.name ?? null,
            body.firmware_version ?? null,
            body.network_name ?? null,
            body.hardware_model ?? null,
            body.public_ip ?? null,
            new Date(),
          ],
        );
  if (rowCount === 0) {
    throw fail(404, 1011, 'Device not found');
  }
  return { status: 200 };
}

export const CHECKIN_SCHEMA = {
  type: 'object',
  properties: {
    firmware_version: text(64),
    hardware_model: text(255),
    name: text(255),
    public_ip: { type: 'string' },
    uptime_seconds: count,
    clients: count,
    config_revision: text(64),
    config_error: {
      type: 'object',
      required: ['revision', 'message'],
      properties: { revision: text(64), message: text(1000) },
    },
    upgrade: { type: 'object' },
  },
};

export interface CheckinBody {
  firmware_version?: string;
  hardware_model?: string;
  name?: string;
  public_ip?: string;
  uptime_seconds?: number;
  clients?: number;
  config_revision?: string;
  config_error?: { revision: string; message: string };
  upgrade?: object;
}

interface DeviceFacts extends DeviceConfigRow {
  /** The revision stored with the device: the configuration it receives. */
  config_revision: string | null;
  ssids: SsidRow[] | null;
  upgrade_to_hand_out: boolean;
  /** The device's open commands; null when none. */
  commands: { id: number; type: string; params: string }[] | null;
}

/** POST /device/v1/checkin for a device whose credentials were verified. */
export async function checkIn(
  pool: Pool,
  device: Device,
  body: CheckinBody,
  sourceIp: string,
  checkinInterval: number,
) {
  if (body.public_ip !== undefined && isIP(body.public_ip) === 0) {
    throw fail(422, 1030, 'public_ip must be an ip address');
  }
  if (body.upgrade !== undefined) {
    throw notInYardstick('upgrade reports');
  }
  const at = new Date();
  const { rows } = await pool.query<DeviceFacts>(
    `SELECT d.mac_id, d.name, d.label, d.location_network_id, n.network_name, n.timezone,
       d.config_revision,
       (SELECT json_agg(json_build_object('id', u.id, 'uplink_type', u.uplink_type,
          'details', u.details::json))
        FROM uplinks u WHERE u.device_id = d.id AND NOT u.is_deleted) AS uplinks,
       (SELECT json_agg(json_build_object('id', s.id, 'location_network_id', s.location_network_id,
          'ssid_name', s.ssid_name, 'settings', s.settings,
          'associated_aps_and_tags', s.associated_aps_and_tags, 'dhcp_mappings', s.dhcp_mappings,
          'dhcp_ranges', s.dhcp_ranges, 'v_lan_attributes', s.v_lan_attributes))
        FROM network_ssids s
        WHERE s.location_network_id = n.id AND s.organisation_id = d.organisation_id) AS ssids,
       EXISTS (SELECT 1 FROM upgrades g
         WHERE g.device_id = d.id AND g.organisation_id = d.organisation_id
           AND g.status IN ('pending', 'in_progress')
           AND (g.status = 'in_progress' OR g.rollout_id IS NOT NULL
                OR g.schedule_type <> 'later' OR g.schedule_at <= $3)) AS upgrade_to_hand_out,
       (SELECT json_agg(json_build_object('id', c.id, 'type', c.type, 'params', c.params) ORDER BY c.id)
        FROM commands c WHERE c.device_id = d.id AND c.organisation_id = d.organisation_id
          AND c.state IN ('queued', 'sent') AND c.expires_at > $3) AS commands
     FROM devices d
     LEFT JOIN location_networks n
       ON n.id = d.location_network_id AND n.organisation_id = d.organisation_id
     WHERE d.id = $1 AND d.organisation_id = $2`,
    [device.device_id, device.organisation_id, at],
  );
  const facts = rows[0];
  if (!facts) {
    throw fail(403, 1037, 'This device is in no inventory');
  }
  if (facts.upgrade_to_hand_out) {
    throw notInYardstick('handing out upgrades');
  }
  if (facts.commands) {
    throw notInYardstick('handing out commands');
  }
  const revision = deviceRevision(facts, canonicalSsids(facts.ssids ?? []));
  if (revision !== facts.config_revision) {
    throw notInYardstick("a configuration other than its network's");
  }
  // Airfleet's upsert (HeartbeatsRepository.recordCheckin): what a check-in omits is kept.
  const errorColumn = (column: string) =>
    body.config_error ? `EXCLUDED.${column}` : `COALESCE(EXCLUDED.${column}, heartbeats.${column})`;
  await pool.query(
    `INSERT INTO heartbeats (device_id, name, firmware_version, network_name, hardware_model,
       public_ip, received_at, clients, uptime_seconds, checked_in_at, applied_revision,
       config_error_revision, config_error_message, organisation_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $7, $10, $11, $12, $13)
     ON CONFLICT (device_id) DO UPDATE SET
       name = COALESCE(EXCLUDED.name, heartbeats.name),
       firmware_version = COALESCE(EXCLUDED.firmware_version, heartbeats.firmware_version),
       hardware_model = COALESCE(EXCLUDED.hardware_model, heartbeats.hardware_model),
       network_name = EXCLUDED.network_name, public_ip = EXCLUDED.public_ip,
       received_at = EXCLUDED.received_at, clients = EXCLUDED.clients,
       uptime_seconds = EXCLUDED.uptime_seconds, checked_in_at = EXCLUDED.checked_in_at,
       applied_revision = COALESCE(EXCLUDED.applied_revision, heartbeats.applied_revision),
       config_error_revision = ${errorColumn('config_error_revision')},
       config_error_message = ${errorColumn('config_error_message')}`,
    [
      device.device_id,
      body.name ?? null,
      body.firmware_version ?? null,
      facts.location_network_id === null ? null : facts.network_name,
      body.hardware_model ?? null,
      body.public_ip ?? sourceIp,
      at,
      body.clients ?? null,
      body.uptime_seconds ?? null,
      body.config_revision ?? null,
      body.config_error?.revision ?? null,
      body.config_error?.message ?? null,
      device.organisation_id,
    ],
  );
  return {
    status: 200,
    checkin_interval: checkinInterval,
    config: body.config_revision === revision ? null : { revision, url: '/device/v1/config' },
    upgrade: null,
    commands: [],
  };
}
