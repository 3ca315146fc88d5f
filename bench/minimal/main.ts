/**
 * The check-in yardstick: a minimal server doing only what a steady-state device
 * check-in must, to show how fast one can be on this machine. Plain Fastify 5
 * with the check-in body's JSON schema; HTTP Basic checked against an in-memory credential cache
 * of at most 10 s, a miss read with the device's state in the same statement; one
 * named prepared statement reading the device's state; the configuration revision (canonical
 * JSON and SHA-256, bench/bare/config-revision.ts); the heartbeat written by group commit (one
 * multi-row upsert per batch, each answer after its batch commits); the JSON answer. PostgreSQL
 * only; serves POST /device/v1/checkin and GET /health. Environment: PORT, DATABASE_URL,
 * DEVICE_CHECKIN_INTERVAL_SECONDS. An upgrade report, an upgrade to hand out, open commands or a
 * stored revision other than the one of the network's configuration (a configuration rollout's)
 * answer 501.
 */
process.env.TZ = 'UTC';

import Fastify, { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Pool } from 'pg';
import { GroupCommit } from '../../src/database/group-commit';
import { canonicalSsids, deviceRevision, DeviceConfigRow, SsidRow } from '../bare/config-revision';
import { CHECKIN_SCHEMA, CheckinBody } from '../bare/heartbeats';
import { fail, HttpError, notInYardstick } from '../bare/http';
import { heartbeatUpsert, Heartbeat } from './heartbeats';

const checkinInterval = Number(process.env.DEVICE_CHECKIN_INTERVAL_SECONDS ?? 60);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, keepAlive: true });

interface StateRow extends DeviceConfigRow {
  secret_hash?: string | null;
  id: number | null;
  organisation_id: number;
  /** The revision stored with the device: the configuration it receives. */
  config_revision: string | null;
  ssids: SsidRow[] | null;
  upgrade_to_hand_out: boolean;
  /** The device's open commands; null when none. */
  commands: { id: number; type: string; params: string }[] | null;
}

const STATE = `d.id, d.organisation_id, d.mac_id, d.name, d.label, d.location_network_id,
  n.network_name, n.timezone, d.config_revision,
  (SELECT json_agg(json_build_object('id', u.id, 'uplink_type', u.uplink_type,
     'details', u.details::json) ORDER BY u.id)
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
           OR g.schedule_type <> 'later' OR g.schedule_at <= $2)) AS upgrade_to_hand_out,
  (SELECT json_agg(json_build_object('id', c.id, 'type', c.type, 'params', c.params) ORDER BY c.id)
   FROM commands c WHERE c.device_id = d.id AND c.organisation_id = d.organisation_id
     AND c.state IN ('queued', 'sent') AND c.expires_at > $2) AS commands`;
const NETWORK_JOIN = `LEFT JOIN location_networks n
  ON n.id = d.location_network_id AND n.organisation_id = d.organisation_id`;
const BY_MAC = `SELECT m.secret_hash, ${STATE} FROM master_inventory m
  LEFT JOIN devices d ON d.mac_id = m.mac_id ${NETWORK_JOIN} WHERE m.mac_id = $1`;
const BY_ID = `SELECT ${STATE} FROM devices d ${NETWORK_JOIN} WHERE d.id = $1`;

/** A MAC's secret hash and holder, kept at most 10 s. */
const credentials = new LRUCache<string, { secretHash: string; deviceId: number | null }>({
  max: 200_000,
  ttl: 10_000,
  ttlResolution: 0,
});

const unauthenticated = () =>
  new HttpError(
    401,
    { msg: 'Missing or invalid device credentials', error_code: 1036 },
    { 'WWW-Authenticate': 'Basic realm="airfleet-device"' },
  );

/** The device's state, its credentials verified (one statement either way). */
async function authenticatedState(authorization: string | undefined, at: Date) {
  const basic = /^basic +(\S+) *$/i.exec(authorization ?? '');
  const decoded = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const hex = colon === 12 ? decoded.slice(0, 12) : '';
  if (!/^[0-9a-f]{12}$/i.test(hex)) {
    throw unauthenticated();
  }
  const mac = hex.toUpperCase().match(/.{2}/g)!.join(':');
  let known = credentials.get(mac);
  let state: StateRow | undefined;
  if (known) {
    if (known.deviceId !== null) {
      state = (
        await pool.query<StateRow>({ name: 'by_id', text: BY_ID, values: [known.deviceId, at] })
      ).rows[0];
    }
  } else {
    const row = (await pool.query<StateRow>({ name: 'by_mac', text: BY_MAC, values: [mac, at] }))
      .rows[0];
    if (!row?.secret_hash) {
      throw unauthenticated();
    }
    known = { secretHash: row.secret_hash, deviceId: row.id };
    credentials.set(mac, known);
    state = row.id === null ? undefined : row;
  }
  const presented = createHash('sha256')
    .update(decoded.slice(colon + 1))
    .digest();
  const stored = Buffer.from(known.secretHash, 'hex');
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) {
    throw unauthenticated();
  }
  if (!state) {
    throw fail(403, 1037, 'This device is in no inventory');
  }
  return state;
}

const heartbeats = new GroupCommit<Heartbeat>(async (batch) => {
  const upsert = heartbeatUpsert(batch);
  await pool.query({ name: 'heartbeats', text: upsert.text, values: upsert.values });
});

const app = Fastify({ ajv: { customOptions: { coerceTypes: false } } });

app.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if ((error as { validation?: unknown }).validation) {
    return reply
      .code(422)
      .send({ msg: 'Invalid parameters', error_code: 1030, errors: (error as Error).message });
  }
  app.log.error(error);
  return reply.code(500).send({ msg: 'Internal server error', error_code: 1032 });
});

app.get('/health', async () => {
  await pool.query('SELECT 1');
  return { status: 'ok', database: 'up' };
});

app.post<{ Body: CheckinBody | undefined }>(
  '/device/v1/checkin',
  { schema: { body: CHECKIN_SCHEMA } },
  async (request) => {
    const body = request.body ?? {};
    if (body.public_ip !== undefined && isIP(body.public_ip) === 0) {
      throw fail(422, 1030, 'public_ip must be an ip address');
    }
    if (body.upgrade !== undefined) {
      throw notInYardstick('upgrade reports');
    }
    const at = new Date();
    const state = await authenticatedState(request.headers.authorization, at);
    if (state.upgrade_to_hand_out) {
      throw notInYardstick('handing out upgrades');
    }
    if (state.commands) {
      throw notInYardstick('handing out commands');
    }
    const revision = deviceRevision(state, canonicalSsids(state.ssids ?? []));
    if (revision !== state.config_revision) {
      throw notInYardstick("a configuration other than its network's");
    }
    await heartbeats.submit({
      device_id: state.id!,
      organisation_id: state.organisation_id,
      name: body.name ?? null,
      firmware_version: body.firmware_version ?? null,
      network_name: state.location_network_id === null ? null : state.network_name,
      hardware_model: body.hardware_model ?? null,
      public_ip: body.public_ip ?? request.ip,
      at,
      clients: body.clients ?? null,
      uptime_seconds: body.uptime_seconds ?? null,
      applied_revision: body.config_revision ?? null,
      config_error: body.config_error?.revision === revision ? body.config_error : null,
    });
    return {
      status: 200,
      checkin_interval: checkinInterval,
      config: body.config_revision === revision ? null : { revision, url: '/device/v1/config' },
      upgrade: null,
      commands: [],
    };
  },
);

const shutdown = () => {
  void app
    .close()
    .then(() => heartbeats.settled())
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);

app.listen({ port: Number(process.env.PORT ?? 3000), host: '0.0.0.0' }).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
