/**
 * The Wi-Fi clients bench's data (bench/lib/clients-bench.ts):
 *
 * - the stations a device lists at each of its check-ins: 30 entries, of which one in 20 is
 *   replaced at each check-in (a client that left, a new one in its place), so that a device's
 *   list changes a little every time, as an access point's does;
 * - organisation 1's client sessions in bulk, with one INSERT … SELECT over generate_series.
 */
import { DataSource } from 'typeorm';

/** Stations each device lists. */
export const STATIONS_PER_DEVICE = 30;
/** One entry in this many changes at each check-in. */
export const CHANGE_EVERY = 20;

/**
 * The stations device `device` (its place in the fleet's rotation) lists at its `pass`-th
 * check-in. Entry j is replaced when (clients + j) crosses a multiple of CHANGE_EVERY, so that
 * from one `clients` to the next one or two of the 30 entries (1.5 on average, one in 20)
 * change; `clients` is the pass unless given (a check-in whose clients stay those of an earlier
 * pass). The link values (signal, rates, bytes) move at every check-in.
 */
export function stationsOf(device: number, pass: number, clients = pass): object[] {
  const deviceHex = (device % 0x1000000).toString(16).toUpperCase().padStart(6, '0');
  return Array.from({ length: STATIONS_PER_DEVICE }, (_, j) => {
    const generation = Math.floor((clients + j) / CHANGE_EVERY) % 256;
    const hex = `02${deviceHex}${j.toString(16).padStart(2, '0')}${generation.toString(16).padStart(2, '0')}`;
    return {
      mac: hex.toUpperCase().match(/.{2}/g)!.join(':'),
      ssid: j % 4 === 0 ? 'Staff' : 'Guest',
      band: j % 3 === 0 ? '2.4' : '5',
      channel: j % 3 === 0 ? 6 : 36,
      rssi: -40 - ((j * 7 + pass) % 45),
      tx_rate_kbps: 72_000 + ((pass * 1000) % 300_000),
      rx_rate_kbps: 65_000 + ((pass * 700) % 300_000),
      tx_bytes: (pass + 1) * 15_000 * (j + 1),
      rx_bytes: (pass + 1) * 40_000 * (j + 1),
      connected_seconds: ((pass + j) % CHANGE_EVERY) * 60,
      ip: `10.${device % 250}.${j}.${generation % 250}`,
      hostname: `sta-${device}-${j}-${generation}`,
    };
  });
}

/** Clients of the lookups: each has this many sessions, the newest of half of them open. */
export const SESSIONS_PER_CLIENT = 5;
/** The client the lookups ask for (it exists at every size). */
export const LOOKED_UP_CLIENT = 1234;
/** Client MACs start here (0C:00:00:00:00:00 …). */
const CLIENT_BASE = 0x0c0000000000;

export const clientMacOf = (client: number) =>
  (CLIENT_BASE + client).toString(16).toUpperCase().padStart(12, '0').match(/.{2}/g)!.join(':');

/**
 * Replaces organisation 1's client sessions by `sessions` sessions (PostgreSQL, one statement):
 * sessions / 5 clients with 5 sessions each, one a day over the last five days, spread over the
 * organisation's first 1,000 devices; the newest session of every other client is open. Then
 * ANALYZE, so that the plans are those of a table of this size. Answers the milliseconds taken.
 */
export async function seedSessions(dataSource: DataSource, sessions: number): Promise<number> {
  const started = Date.now();
  const clients = Math.ceil(sessions / SESSIONS_PER_CLIENT);
  const [{ n }]: { n: string }[] = await dataSource.query(
    `SELECT LEAST(COUNT(*), 1000) AS n FROM "devices" WHERE "organisation_id" = 1`,
  );
  const devices = Number(n);
  const hex = `lpad(upper(to_hex(c + ${CLIENT_BASE})), 12, '0')`;
  const mac = [1, 3, 5, 7, 9, 11].map((at) => `substr(${hex}, ${at}, 2)`).join(` || ':' || `);
  const startedAt = `date_trunc('second', now() AT TIME ZONE 'UTC') - (${SESSIONS_PER_CLIENT} - r) * interval '1 day' - (c % 3600) * interval '1 second'`;
  await dataSource.query(`DELETE FROM "client_sessions" WHERE "organisation_id" = 1`);
  await dataSource.query(
    `INSERT INTO "client_sessions" ("organisation_id", "client_mac", "device_id", "device_mac_id",
       "device_name", "network_id", "network_name", "ssid", "band", "channel", "rssi", "rssi_min",
       "tx_rate_kbps", "rx_rate_kbps", "tx_bytes", "rx_bytes", "ip", "hostname", "started_at",
       "last_seen_at", "ended_at", "run_started_at")
     SELECT 1, ${mac}, d."id", d."mac_id", d."name", d."location_network_id", n."network_name",
       'Guest', '5', 36, -40 - c % 45, -50 - c % 45, 72000, 65000, c * 1000, c * 3000,
       '10.' || (c / 65536 % 256) || '.' || (c / 256 % 256) || '.' || (c % 256), 'host-' || c,
       ${startedAt}, ${startedAt} + interval '8 hours',
       CASE WHEN r = ${SESSIONS_PER_CLIENT - 1} AND c % 2 = 0 THEN NULL
         ELSE ${startedAt} + interval '8 hours' END,
       ${startedAt}
     FROM (SELECT (i - 1) % ${clients} AS c, (i - 1) / ${clients} AS r
           FROM generate_series(1, ${sessions}) AS s(i)) x
     JOIN "devices" d ON d."id" = 1 + (x.c % ${devices})
     LEFT JOIN "location_networks" n ON n."id" = d."location_network_id"`,
  );
  await dataSource.query(`ANALYZE "client_sessions"`);
  return Date.now() - started;
}
