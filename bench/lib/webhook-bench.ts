/**
 * The webhook bench, PostgreSQL, on a database of its own seeded with BENCH_DEVICES
 * devices, Airfleet alone (with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true) and a receiver in the
 * runner's process on 127.0.0.1 that answers 204 at once (bench/lib/webhook-receiver.ts):
 *
 * - `webhooks-drain`: the rate at which a backlog is delivered. The runner writes BACKLOG
 *   deliveries at once (events of organisation 1 and their deliveries in one statement, as a
 *   change's transaction writes them) to 1 webhook, then to 10 subscribed to `*`; from that commit
 *   until the receiver has every one: deliveries a second, and the server's and PostgreSQL's CPU
 *   and the statements per delivery.
 * - `webhooks-latency`: events written by the runner at WEBHOOK_RATE a second for the measured
 *   window, one statement every 10 ms; from each write to its arrival at the receiver, p50/p99.
 * - `webhooks-load`: the check-in and list_inventory page 1, alternating rounds without webhooks
 *   and with 10 enabled webhooks subscribed to `*`.
 */
import { randomBytes } from 'node:crypto';
import { createBenchDatabase } from './database';
import { Bench, say } from './bench';
import { loadFleet } from './fleet';
import { BenchOptions } from './options';
import { RoundResult } from './report';
import { scenarios } from './scenarios';
import { seed } from './seed';
import { BenchReceiver } from './webhook-receiver';
import { DrainRound, drainRound, LatencyRound, latencyRound, useWebhooks } from './webhook-rounds';

export type { DrainRound, LatencyRound } from './webhook-rounds';

export const WEBHOOK_SCENARIO_IDS = ['webhooks-drain', 'webhooks-latency', 'webhooks-load'];
const WEBHOOKS = 10;

export interface LoadRounds {
  scenario: string;
  label: string;
  webhooks: number;
  rounds: RoundResult[];
}

export interface WebhooksResult {
  devices: number;
  seedMs: number;
  drain: DrainRound[];
  latency: LatencyRound[];
  load: LoadRounds[];
}

/** The webhook bench; `chosen` are the ids of WEBHOOK_SCENARIO_IDS to run. */
export async function webhookBench(
  options: BenchOptions,
  env: Record<string, string>,
  chosen: string[],
): Promise<WebhooksResult> {
  const started = Date.now();
  const database = await createBenchDatabase('postgres');
  const receiver = await new BenchReceiver().start();
  try {
    say(`webhooks: seeding ${options.devices.toLocaleString('en')} devices into ${database.where}`);
    const seeded = await seed(database.dataSource, 'postgres', {
      devices: options.devices,
      spare: 0,
    });
    const fleet = await loadFleet(database.dataSource);
    const result: WebhooksResult = {
      devices: options.devices,
      seedMs: Date.now() - started,
      drain: [],
      latency: [],
      load: [],
    };
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const ids: number[] = [];
    for (let n = 1; n <= WEBHOOKS; n++) {
      const [row]: { id: number }[] = await database.dataSource.query(
        `INSERT INTO "webhooks" ("organisation_id", "url", "event_types", "enabled", "secret")
         VALUES (1, $1, '["*"]', FALSE, $2) RETURNING "id"`,
        [receiver.url(`/hook/pending`), secret],
      );
      ids.push(Number(row.id));
    }
    await database.dataSource.query(
      `UPDATE "webhooks" SET "url" = $1 || "id" WHERE "id" = ANY($2::int[])`,
      [receiver.url('/hook/'), ids],
    );
    const serverEnv = {
      ...database.env,
      ...env,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      FLEET_SAMPLE_SECONDS: '86400',
    };
    const bench = new Bench(options, 'postgres', serverEnv);
    for (let round = 1; round <= options.rounds; round++) {
      for (const webhooks of [1, WEBHOOKS]) {
        await useWebhooks(database.dataSource, ids, webhooks);
        if (chosen.includes('webhooks-drain')) {
          result.drain.push(
            await drainRound(bench, database.dataSource, receiver, { round, webhooks }),
          );
        }
        await useWebhooks(database.dataSource, ids, webhooks);
        if (chosen.includes('webhooks-latency')) {
          result.latency.push(
            await latencyRound(bench, database.dataSource, receiver, {
              round,
              webhooks,
              warmupSeconds: options.warmupSeconds,
              seconds: options.seconds,
            }),
          );
        }
      }
    }
    if (chosen.includes('webhooks-load')) {
      const measured = scenarios(seeded, fleet).filter((s) =>
        ['checkin', 'inventory-1'].includes(s.id),
      );
      for (const scenario of measured) {
        say(`webhooks ${scenario.id}: ${scenario.label}, without and with ${WEBHOOKS} webhooks`);
        const rows = [0, WEBHOOKS].map((webhooks) => ({
          scenario: scenario.id,
          label: scenario.label,
          webhooks,
          rounds: [] as RoundResult[],
        }));
        for (let round = 1; round <= options.rounds; round++) {
          for (const row of rows) {
            await useWebhooks(database.dataSource, ids, row.webhooks);
            say(`  ${row.webhooks} webhooks:`);
            row.rounds.push(await bench.round('airfleet', scenario, round));
          }
        }
        result.load.push(...rows);
      }
    }
    return result;
  } finally {
    await receiver.stop();
    await database.dispose(options.keep);
  }
}
