/**
 * The throughput scenarios: one hot route each, the same requests for Airfleet and the bare
 * server. Writes rotate over many devices (the admin heartbeat over up to 10,000 MACs of the
 * caller's organisation, the check-in over every device of the fleet), each check-in sending the
 * device's current configuration revision so that the answer is DEVICES 3's "nothing to hand
 * out". `probe` is the request whose answer the two servers must give byte for byte.
 */
import type autocannon from 'autocannon';
import { DataSource } from 'typeorm';
import {
  canonicalSsids,
  configRevision,
  NetworkFacts,
  SsidRow,
  UplinkRow,
} from '../bare/config-revision';
import { deviceSecret, Seeded } from './seed';

export interface Probe {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Scenario {
  id: string;
  label: string;
  /** A few words for the chart. */
  short: string;
  probe: Probe;
  /** Fresh request definitions for one autocannon run (rotations continue across runs). */
  requests(): autocannon.Request[];
}

/** What the write scenarios rotate over, read back from the seeded database. */
export interface Fleet {
  heartbeatMacs: string[];
  checkins: { authorization: string; revision: string }[];
}

const json = { 'content-type': 'application/json' };

interface DeviceRow {
  id: number;
  organisation_id: number;
  mac_id: string;
  name: string | null;
  location_network_id: number | null;
  network_name: string | null;
  timezone: string | null;
}

const BATCH = 50_000;

/**
 * The heartbeat MACs of organisation 1, and every device's check-in credentials and current
 * configuration revision (computed by the bare server's rule, which the byte comparison checks
 * against Airfleet's), read in batches of devices by id.
 */
export async function loadFleet(dataSource: DataSource): Promise<Fleet> {
  const ssidRows: SsidRow[] = await dataSource.query(
    `SELECT "id", "location_network_id", "ssid_name", "settings", "associated_aps_and_tags",
       "dhcp_mappings", "dhcp_ranges", "v_lan_attributes" FROM "network_ssids"`,
  );
  const ssidsByNetwork = new Map<number, SsidRow[]>();
  for (const row of ssidRows) {
    const network = Number(row.location_network_id);
    ssidsByNetwork.set(network, [
      ...(ssidsByNetwork.get(network) ?? []),
      { ...row, id: Number(row.id), location_network_id: network },
    ]);
  }
  const canonical = new Map(
    [...ssidsByNetwork].map(([network, rows]) => [network, canonicalSsids(rows)]),
  );
  const fleet: Fleet = { heartbeatMacs: [], checkins: [] };
  for (let after = 0; ;) {
    const devices: DeviceRow[] = await dataSource.query(
      `SELECT d."id", d."organisation_id", d."mac_id", d."name", d."location_network_id",
         n."network_name", n."timezone"
       FROM "devices" d LEFT JOIN "location_networks" n ON n."id" = d."location_network_id"
       WHERE d."id" > ${after} ORDER BY d."id" LIMIT ${BATCH}`,
    );
    if (devices.length === 0) {
      return fleet;
    }
    const last = Number(devices[devices.length - 1].id);
    const uplinks = new Map<number, UplinkRow[]>();
    const uplinkRows: { id: number; device_id: number; uplink_type: string; details: string }[] =
      await dataSource.query(
        `SELECT "id", "device_id", "uplink_type", "details" FROM "uplinks"
         WHERE "is_deleted" = FALSE AND "device_id" > ${after} AND "device_id" <= ${last}`,
      );
    for (const row of uplinkRows) {
      const device = Number(row.device_id);
      uplinks.set(device, [
        ...(uplinks.get(device) ?? []),
        {
          id: Number(row.id),
          uplink_type: row.uplink_type,
          details: JSON.parse(row.details) as Record<string, unknown>,
        },
      ]);
    }
    for (const device of devices) {
      const networkId =
        device.location_network_id === null ? null : Number(device.location_network_id);
      const network: NetworkFacts | null =
        networkId === null
          ? null
          : { id: networkId, network_name: device.network_name!, timezone: device.timezone! };
      const hex = device.mac_id.replace(/:/g, '');
      fleet.checkins.push({
        authorization: `Basic ${Buffer.from(`${hex}:${deviceSecret(hex)}`).toString('base64')}`,
        revision: configRevision(
          device,
          network,
          networkId === null ? '[]' : (canonical.get(networkId) ?? '[]'),
          uplinks.get(Number(device.id)) ?? [],
        ),
      });
      if (Number(device.organisation_id) === 1 && fleet.heartbeatMacs.length < 10_000) {
        fleet.heartbeatMacs.push(device.mac_id);
      }
    }
    after = last;
  }
}

const checkinBody = (revision: string, n: number) =>
  `{"firmware_version":"1.2.3","uptime_seconds":${n},"clients":${n % 40},"config_revision":"${revision}"}`;

const heartbeatBody = (mac: string) =>
  `{"mac_id":"${mac}","firmware_version":"1.2.3","hardware_model":"Bench AP","public_ip":"203.0.113.7"}`;

/** Every scenario, in the order they run. */
export function scenarios(seeded: Seeded, fleet: Fleet): Scenario[] {
  const bearer = { authorization: `Bearer ${seeded.tokens[0]}` };
  const get = (path: string, headers: Record<string, string> = bearer): Scenario['probe'] => ({
    method: 'GET',
    path,
    headers,
  });
  const fixed = (probe: Probe) => () => [{ ...probe }];
  let heartbeat = 0;
  let checkin = 0;
  const health = get('/health', {});
  const timezones = get('/v1/location_networks/list_network_timezone');
  const inventory1 = get('/v1/access_points/list_inventory?page=1');
  const inventory100 = get('/v1/access_points/list_inventory?page=100');
  const statuses = get('/v1/access_points/statuses');
  const overview = get('/v1/overview');
  const first = fleet.checkins[0];
  return [
    {
      id: 'health',
      label: '`GET /health` (one `SELECT 1`)',
      short: 'GET /health',
      probe: health,
      requests: fixed(health),
    },
    {
      id: 'timezones',
      label: 'authenticated trivial GET (list_network_timezone)',
      short: 'authenticated trivial GET',
      probe: timezones,
      requests: fixed(timezones),
    },
    {
      id: 'heartbeat',
      label: `admin heartbeat (${fleet.heartbeatMacs.length.toLocaleString('en')} MACs rotating)`,
      short: 'admin heartbeat',
      probe: {
        method: 'POST',
        path: '/v1/access_points/heartbeat',
        headers: { ...bearer, ...json },
        body: heartbeatBody(fleet.heartbeatMacs[0]),
      },
      requests: () => [
        {
          method: 'POST',
          path: '/v1/access_points/heartbeat',
          headers: { ...bearer, ...json },
          setupRequest: (request) => ({
            ...request,
            body: heartbeatBody(fleet.heartbeatMacs[heartbeat++ % fleet.heartbeatMacs.length]),
          }),
        },
      ],
    },
    {
      id: 'checkin',
      label: `device check-in, nothing to hand out (${fleet.checkins.length.toLocaleString('en')} devices rotating)`,
      short: 'device check-in',
      probe: {
        method: 'POST',
        path: '/device/v1/checkin',
        headers: { authorization: first.authorization, ...json },
        body: checkinBody(first.revision, 0),
      },
      requests: () => [
        {
          method: 'POST',
          path: '/device/v1/checkin',
          setupRequest: (request) => {
            const n = checkin++;
            const device = fleet.checkins[n % fleet.checkins.length];
            return {
              ...request,
              headers: { authorization: device.authorization, ...json },
              body: checkinBody(device.revision, n),
            };
          },
        },
      ],
    },
    {
      id: 'inventory-1',
      label: 'list_inventory page 1 (100 records)',
      short: 'list_inventory page 1',
      probe: inventory1,
      requests: fixed(inventory1),
    },
    {
      id: 'inventory-100',
      label: 'list_inventory page 100',
      short: 'list_inventory page 100',
      probe: inventory100,
      requests: fixed(inventory100),
    },
    {
      id: 'statuses',
      label: '`GET /v1/access_points/statuses` (page 1)',
      short: 'statuses page 1',
      probe: statuses,
      requests: fixed(statuses),
    },
    {
      id: 'overview',
      label: '`GET /v1/overview`',
      short: 'overview',
      probe: overview,
      requests: fixed(overview),
    },
  ];
}
