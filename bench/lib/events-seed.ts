/**
 * The events of the events bench, PostgreSQL only: `count` events written with one
 * INSERT … SELECT over generate_series into the freshly seeded fleet (bench/lib/seed.ts), with
 * the table's secondary indexes dropped for the load and built again after it (a sorted build
 * of each instead of 10,000,000 scattered inserts into four), so that 10,000,000 seed in minutes.
 * Written in chunks of a million through a connection of its own, without the service's query
 * timeout (each statement takes longer than it allows).
 *
 * Event i (ids 1…count, ascending with `occurred_at` over the last 30 days, inside any retention
 * of at least that) concerns the device with id ((i - 1) × 7919 mod devices) + 1, so that the
 * organisations' events interleave in id order; its type follows i mod 100, a fleet's mix:
 * 44 % device.down, 44 % device.up, 8 % device.config_applied, 1 % device.config_failed, 1 %
 * upgrade.started, 1 % upgrade.done, and 1 % the rarer ones in turn (network.updated,
 * tags.updated, rollout.stage_opened, token.created: 0.25 % each). `actor` and `data` are
 * compact JSON text, as the service stores them.
 */
import { Client } from 'pg';

/** The days the seeded events span, ending now. */
const SPAN_DAYS = 30;
/** The stride over the devices from one event to the next. */
const STRIDE = 7919;

const iso = (expression: string) => `to_char(${expression}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of event i, given `at` (its occurred_at), `d` (device) and `n` (its network). */
function eventColumns(): string {
  const kind = `(s.i % 100)`;
  const rare = `((s.i / 100) % 4)`;
  const user = `'{"type":"user","id":' || d."organisation_id" || ',"email":"admin' || d."organisation_id" || '@bench.example","via":"api"}'`;
  const upgrade = `'{"upgrade_id":' || s.i || ',"version":"9.9.9","previous_version":"9.0.0","rollout_id":null,"error":null}'`;
  const type = `CASE WHEN ${kind} < 44 THEN 'device.down' WHEN ${kind} < 88 THEN 'device.up'
    WHEN ${kind} < 96 THEN 'device.config_applied' WHEN ${kind} = 96 THEN 'device.config_failed'
    WHEN ${kind} = 97 THEN 'upgrade.started' WHEN ${kind} = 98 THEN 'upgrade.done'
    ELSE (ARRAY['network.updated', 'tags.updated', 'rollout.stage_opened', 'token.created'])[${rare} + 1] END`;
  // The rare types: network.updated names a network only; rollout and token events neither.
  const withDevice = `(${kind} < 99 OR ${rare} = 1)`;
  const withNetwork = `(${kind} < 99 OR ${rare} <= 1)`;
  const actor = `CASE WHEN ${kind} < 44 THEN '{"type":"system"}' WHEN ${kind} < 99 THEN '{"type":"device"}'
    WHEN ${rare} = 2 THEN '{"type":"system"}' ELSE ${user} END`;
  const data = `CASE WHEN ${kind} < 44 THEN '{"last_seen_time":' || floor(extract(epoch FROM at) - 86400)::bigint || '}'
    WHEN ${kind} < 88 THEN '{"down_since":"' || ${iso(`at - interval '10 minutes'`)} || '"}'
    WHEN ${kind} < 96 THEN '{"revision":"' || md5(d."id"::text) || md5(s.i::text) || '","in_sync":true}'
    WHEN ${kind} = 96 THEN '{"revision":"' || md5(d."id"::text) || md5(s.i::text) || '","message":"radio 5G failed to start"}'
    WHEN ${kind} < 99 THEN ${upgrade}
    WHEN ${rare} = 0 THEN '{"network_name":"' || COALESCE(n."network_name", '') || '","changes":{"timezone":{"from":"UTC","to":"Europe/Paris"}}}'
    WHEN ${rare} = 1 THEN '{"tag_list":["tag-1","tag-3"]}'
    WHEN ${rare} = 2 THEN '{"rollout_id":' || (s.i / 400) || ',"version":"9.9.9","stage":2,"failure_percent":0,"reason":null}'
    ELSE '{"token_id":' || (s.i / 400) || '}' END`;
  return [
    `s.i`,
    `d."organisation_id"`,
    type,
    `at`,
    `CASE WHEN ${withNetwork} THEN n."id" END`,
    `CASE WHEN ${withNetwork} THEN n."network_name" END`,
    `CASE WHEN ${withDevice} THEN d."id" END`,
    `CASE WHEN ${withDevice} THEN d."mac_id" END`,
    `CASE WHEN ${withDevice} THEN d."name" END`,
    actor,
    data,
  ].join(',\n       ');
}

/** Events a statement writes. */
const CHUNK = 1_000_000;

/**
 * Writes `count` events (ids 1…count) into the seeded fleet of the database at `url`; returns
 * the milliseconds taken.
 */
export async function seedEvents(url: string, count: number): Promise<number> {
  const started = Date.now();
  const client = new Client({ connectionString: url });
  await client.connect();
  const run = async <T = unknown>(statement: string, parameters?: unknown[]) =>
    (await client.query(statement, parameters)).rows as T;
  try {
    // The rows are consistent by construction: no foreign-key triggers; room for the sorts.
    await run(`SET session_replication_role = replica`);
    await run(`SET work_mem = '256MB'`);
    await run(`SET maintenance_work_mem = '512MB'`);
    const indexes = await run<{ indexname: string; indexdef: string }[]>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND tablename = 'events'
         AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    );
    for (const index of indexes) {
      await run(`DROP INDEX "${index.indexname}"`);
    }
    const [{ devices }] = await run<{ devices: string }[]>(
      `SELECT COALESCE(max("id"), 0) AS devices FROM "devices"`,
    );
    const [{ now }] = await run<{ now: string }[]>(
      `SELECT (now() AT TIME ZONE 'UTC')::text AS now`,
    );
    for (let first = 1; first <= count; first += CHUNK) {
      await run(
        `INSERT INTO "events" ("id", "organisation_id", "type", "occurred_at", "network_id",
           "network_name", "device_id", "device_mac", "device_name", "actor", "data")
         SELECT ${eventColumns()}
         FROM generate_series($4::int, $5::int) AS s(i)
         CROSS JOIN LATERAL (SELECT date_trunc('milliseconds', $6::timestamp
           - interval '${SPAN_DAYS} days' + s.i * ($2::float8 / $1) * interval '1 second') AS at) t
         JOIN "devices" d ON d."id" = ((s.i::bigint - 1) * ${STRIDE}) % $3::bigint + 1
         LEFT JOIN "location_networks" n ON n."id" = d."location_network_id"`,
        [count, SPAN_DAYS * 86400, Number(devices), first, Math.min(count, first + CHUNK - 1), now],
      );
    }
    for (const index of indexes) {
      await run(index.indexdef);
    }
    await run(`SELECT setval(pg_get_serial_sequence('"events"', 'id'), $1)`, [count]);
    await run(`RESET session_replication_role`);
    await run(`VACUUM ANALYZE "events"`);
  } finally {
    await client.end();
  }
  return Date.now() - started;
}
