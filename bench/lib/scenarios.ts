/**
 * The throughput scenarios: one hot route each, the same requests for Airfleet and the bare
 * server. Writes rotate over many devices in the steady state (bench/lib/fleet.ts: recorded UP,
 * running their current configuration): the admin heartbeat over up to 10,000 MACs of the
 * caller's organisation, the check-in over every such device of the fleet, each check-in sending
 * the device's current configuration revision so that the answer hands out
 * nothing and nothing is new to record. `probe` is the request whose answer the two servers must
 * give byte for byte.
 */
import type autocannon from 'autocannon';
import { Fleet } from './fleet';
import { Seeded } from './seed';

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
  /** Connections of the load (default CONNECTIONS). */
  connections?: number;
}

const json = { 'content-type': 'application/json' };

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
      label: `admin heartbeat (${fleet.heartbeatMacs.length.toLocaleString('en')} MACs of devices UP rotating)`,
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
      label: `device check-in, steady state: nothing to hand out (${fleet.checkins.length.toLocaleString('en')} devices UP rotating)`,
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
