/**
 * The rounds of the webhook bench (bench/lib/webhook-bench.ts), each on a fresh Airfleet: a
 * drain (a backlog written at once, delivered as fast as the service can) and a latency round
 * (events written at a steady rate, each timed from its write to its arrival at the receiver).
 * The runner writes the events and their deliveries in one statement, as a change's transaction
 * writes them (the event, then one delivery per enabled webhook subscribed).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { Bench, say } from './bench';
import { databaseCpuMsBetween, settle } from './servers';
import { BenchReceiver } from './webhook-receiver';

/** Deliveries of a drain round. */
const BACKLOG = 20_000;
/** Events a second written in a latency round. */
const WEBHOOK_RATE = 200;
/** Events delivered on a fresh server before a drain is measured. */
const WARM_UP = 200;
/** How long a round waits for its deliveries before it gives up. */
const WAIT_MS = 120_000;

export interface DrainRound {
  round: number;
  webhooks: number;
  deliveries: number;
  delivered: number;
  /** Requests beyond the first of each delivery (an attempt made again). */
  duplicates: number;
  ms: number;
  perSecond: number;
  serverCpuMsPerDelivery: number;
  databaseCpuMsPerDelivery: number;
  statementsPerDelivery: number;
}

export interface LatencyRound {
  round: number;
  webhooks: number;
  /** Events written a second, and the deliveries they made (events × webhooks). */
  rate: number;
  deliveries: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Writes `count` events of organisation 1 (about its first device) and their deliveries to every
 * enabled webhook, in one statement; answers the deliveries' keys (`<path> evt_<id>`).
 */
async function writeEvents(
  dataSource: DataSource,
  count: number,
  dueInSeconds = 0,
): Promise<string[]> {
  const rows: { key: string }[] = await dataSource.query(
    `WITH d AS (SELECT "id", "mac_id", "name", "location_network_id" FROM "devices"
                WHERE "organisation_id" = 1 ORDER BY "id" LIMIT 1),
     e AS (
       INSERT INTO "events" ("organisation_id", "type", "occurred_at", "network_id", "network_name",
         "device_id", "device_mac", "device_name", "actor", "data")
       SELECT 1, 'device.config_failed', date_trunc('milliseconds', clock_timestamp() AT TIME ZONE 'UTC'),
         n."id", n."network_name", d."id", d."mac_id", d."name", '{"type":"device"}',
         '{"revision":"' || md5(g::text) || '","message":"radio 5G failed to start"}'
       FROM generate_series(1, $1::int) g CROSS JOIN d
       LEFT JOIN "location_networks" n ON n."id" = d."location_network_id"
       RETURNING "id"),
     q AS (
       INSERT INTO "webhook_deliveries" ("organisation_id", "webhook_id", "event_id", "event_type",
         "message_id", "state", "next_attempt_at")
       SELECT 1, w."id", e."id", 'device.config_failed', 'evt_' || e."id", 'pending',
         (now() AT TIME ZONE 'UTC') + $2::int * interval '1 second'
       FROM e CROSS JOIN "webhooks" w WHERE w."enabled"
       RETURNING "webhook_id", "message_id")
     SELECT '/hook/' || "webhook_id" || ' ' || "message_id" AS key FROM q`,
    [count, dueInSeconds],
  );
  return rows.map((row) => row.key);
}

/** Enables the first `count` webhooks, disables the others; drops the deliveries made. */
export async function useWebhooks(
  dataSource: DataSource,
  ids: number[],
  count: number,
): Promise<void> {
  await dataSource.query(`DELETE FROM "webhook_deliveries"`);
  await dataSource.query(`UPDATE "webhooks" SET "enabled" = ("id" = ANY($1::int[]))`, [
    ids.slice(0, count),
  ]);
}

async function waitFor(receiver: BenchReceiver, keys: string[]): Promise<number> {
  const deadline = Date.now() + WAIT_MS;
  let delivered = 0;
  while (Date.now() < deadline) {
    delivered = keys.filter((key) => receiver.arrivals.has(key)).length;
    if (delivered === keys.length) {
      break;
    }
    await sleep(keys.length > 1000 ? 100 : 20);
  }
  return delivered;
}

export async function drainRound(
  bench: Bench,
  dataSource: DataSource,
  receiver: BenchReceiver,
  at: { round: number; webhooks: number },
): Promise<DrainRound> {
  // The backlog is written first, due in a day, and made due at once by one UPDATE: written
  // while the dispatcher claims, 20,000 rows took minutes (their foreign keys' locks on the
  // webhook row it locks).
  const keys = await writeEvents(dataSource, Math.round(BACKLOG / at.webhooks), 86_400);
  const server = await bench.start('airfleet');
  try {
    await waitFor(receiver, await writeEvents(dataSource, WARM_UP)); // its code paths compiled
    receiver.reset();
    await settle();
    const before = server.sample();
    const started = Date.now();
    await dataSource.query(
      `UPDATE "webhook_deliveries" SET "next_attempt_at" = now() AT TIME ZONE 'UTC'
       WHERE "state" = 'pending'`,
    );
    const delivered = await waitFor(receiver, keys);
    const last = Math.max(...keys.map((key) => receiver.arrivals.get(key) ?? 0));
    const ms = (delivered === keys.length ? last : Date.now()) - started;
    await settle();
    const after = server.sample();
    const result: DrainRound = {
      ...at,
      deliveries: keys.length,
      delivered,
      duplicates: receiver.requests - receiver.arrivals.size,
      ms,
      perSecond: (delivered * 1000) / ms,
      serverCpuMsPerDelivery: (after.cpuMs - before.cpuMs) / Math.max(1, delivered),
      databaseCpuMsPerDelivery:
        databaseCpuMsBetween(before.databaseCpuMs, after.databaseCpuMs) / Math.max(1, delivered),
      statementsPerDelivery: (after.statements - before.statements) / Math.max(1, delivered),
    };
    say(
      `  drain, ${at.webhooks} webhook(s), round ${at.round}: ${delivered} of ${keys.length} in ${ms} ms, ` +
        `${Math.round(result.perSecond)}/s, ${result.serverCpuMsPerDelivery.toFixed(3)} CPU ms, ` +
        `${result.databaseCpuMsPerDelivery.toFixed(3)} PostgreSQL CPU ms, ` +
        `${result.statementsPerDelivery.toFixed(2)} SQL per delivery, ${result.duplicates} duplicates`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

export async function latencyRound(
  bench: Bench,
  dataSource: DataSource,
  receiver: BenchReceiver,
  at: { round: number; webhooks: number; warmupSeconds: number; seconds: number },
): Promise<LatencyRound> {
  const server = await bench.start('airfleet');
  try {
    receiver.reset();
    // Written during the warm-up: delivered, not measured.
    const written = new Map<string, number>();
    const perTick = WEBHOOK_RATE / 100;
    const measuredFrom = Date.now() + at.warmupSeconds * 1000;
    const end = measuredFrom + at.seconds * 1000;
    for (let tick = Date.now(); tick < end; tick += 10) {
      await sleep(Math.max(0, tick - Date.now()));
      const now = Date.now();
      const keys = await writeEvents(dataSource, perTick);
      if (now >= measuredFrom) {
        keys.forEach((key) => written.set(key, now));
      }
    }
    const keys = [...written.keys()];
    const delivered = await waitFor(receiver, keys);
    const latencies = keys
      .filter((key) => receiver.arrivals.has(key))
      .map((key) => Math.max(0, receiver.arrivals.get(key)! - written.get(key)!))
      .sort((a, b) => a - b);
    const result: LatencyRound = {
      round: at.round,
      webhooks: at.webhooks,
      rate: WEBHOOK_RATE,
      deliveries: keys.length,
      delivered,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] ?? 0,
    };
    say(
      `  latency, ${WEBHOOK_RATE} events/s to ${at.webhooks} webhook(s), round ${at.round}: ` +
        `${delivered} of ${keys.length}, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`,
    );
    return result;
  } finally {
    await server.stop();
  }
}
