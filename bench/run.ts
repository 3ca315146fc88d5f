/**
 * `npm run bench [postgres|sqlite]`: Airfleet side by side with a bare Fastify + pg server doing
 * the same work (bench/bare), on a throwaway database seeded with a fleet (bench/lib/seed.ts).
 *
 * For each database: seed; compare every scenario's answer from both servers byte for byte; then
 * for each scenario, alternating rounds Airfleet / bare, each on a fresh server process: warm-up,
 * then a measured window under autocannon (50 connections, in this process). Then, on Airfleet,
 * the bulk timings (provisioning 10,000 MACs, a rollout over them). SQLite runs Airfleet alone.
 * Then, on PostgreSQL, the events bench on a database of its own (bench/lib/events-bench.ts:
 * GET /v1/events pages and the DOWN sweep at 1,000,000 devices and 10,000,000 events), the
 * webhook bench (bench/lib/webhook-bench.ts) and the Wi-Fi clients bench (bench/lib/clients-bench.ts:
 * the check-in with 30 stations beside the one without, the client lookups at 10,000 and
 * 1,000,000 sessions), the configuration rollout bench (bench/lib/config-rollout-bench.ts: the
 * check-in of a running rollout's devices beside the check-in without); then the console pages bench (bench/lib/pages-bench.ts: the overview, the
 * out-of-sync devices and a network page of 10,000 devices, with one organisation of 10,000,
 * 100,000 and 1,000,000 devices; SQLite up to 100,000).
 * Writes bench/results/<date>.json and .svg and prints the Markdown tables, with the check-in
 * against its earlier figures. Speed is measured here, never in the test suite. Options: README,
 * Benchmarks.
 */
import 'reflect-metadata';
process.env.TZ = 'UTC';

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { AIRFLEET_MAIN, buildChildren, ROOT } from './lib/build';
import { Bench, say } from './lib/bench';
import { createBenchDatabase } from './lib/database';
import { checkinAgainstEarlier } from './lib/baseline';
import { CLIENTS_SCENARIO_IDS, clientsBench } from './lib/clients-bench';
import { CONFIG_ROLLOUT_SCENARIO_IDS, configRolloutBench } from './lib/config-rollout-bench';
import { configRolloutMarkdown } from './lib/config-rollout-report';
import { clientsMarkdown } from './lib/clients-report';
import { EVENTS_SCENARIO_IDS, eventsBench } from './lib/events-bench';
import { eventsMarkdown } from './lib/events-report';
import { BenchOptions, readOptions, resultName } from './lib/options';
import { PAGES_SCENARIO_IDS, pagesBench } from './lib/pages-bench';
import { pagesMarkdown } from './lib/pages-report';
import { BenchResults, DatabaseResult, markdown, ratioChart } from './lib/report';
import { loadFleet } from './lib/fleet';
import { scenarios } from './lib/scenarios';
import { DatabaseKind, seed } from './lib/seed';
import { WEBHOOK_SCENARIO_IDS, webhookBench } from './lib/webhook-bench';
import { webhooksMarkdown } from './lib/webhook-report';

/** The scenarios of the benches that run on databases of their own, after the first part. */
const SIDE_SCENARIO_IDS = [
  ...EVENTS_SCENARIO_IDS,
  ...WEBHOOK_SCENARIO_IDS,
  ...CLIENTS_SCENARIO_IDS,
  ...CONFIG_ROLLOUT_SCENARIO_IDS,
  ...PAGES_SCENARIO_IDS,
];

/** At least 97 % of 1,667 check-ins a second (100,000 devices every 60 s) served. */
const CHECKIN_RATE = 1700;

/** What every server is given besides its database. */
const serverEnv = (options: BenchOptions): Record<string, string> => ({
  LOG_LEVEL: options.logLevel,
  RATE_LIMIT_PER_MINUTE: '0',
  HEARTBEAT_TIMEOUT_SECONDS: '86400',
  DEMO: 'false',
  SESSION_SECRET: 'bench-session-secret-of-32-characters',
});

async function benchDatabase(options: BenchOptions, kind: DatabaseKind): Promise<DatabaseResult> {
  const started = Date.now();
  const database = await createBenchDatabase(kind);
  try {
    say(`${kind}: seeding ${options.devices.toLocaleString('en')} devices into ${database.where}`);
    const seeded = await seed(database.dataSource, kind, {
      devices: options.devices,
      spare: Math.min(10_000, options.devices),
    });
    const seedMs = Date.now() - started;
    say(`${kind}: seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const fleet = await loadFleet(database.dataSource);
    const all = scenarios(seeded, fleet);
    const known = [...all.map((s) => s.id), ...SIDE_SCENARIO_IDS];
    const unknown = (options.scenarios ?? []).filter((id) => !known.includes(id));
    if (unknown.length > 0) {
      throw new Error(`unknown BENCH_SCENARIOS ${unknown.join(', ')}; known: ${known.join(', ')}`);
    }
    const chosen = all.filter((s) => !options.scenarios || options.scenarios.includes(s.id));
    const withBare = kind === 'postgres' && options.bare;
    const bench = new Bench(options, kind, { ...database.env, ...serverEnv(options) });
    const problems = await bench.compare(chosen, withBare);
    const result: DatabaseResult = {
      database: kind,
      devices: options.devices,
      seedMs,
      scenarios: [],
      startMs: {},
    };
    for (const scenario of chosen) {
      const problem = problems.get(scenario.id);
      if (problem) {
        say(`\n*** ${kind} ${scenario.id}: THE ANSWERS DIFFER, not measured ***\n${problem}\n`);
        result.scenarios.push({
          id: scenario.id,
          label: scenario.label,
          short: scenario.short,
          outcome: withBare ? 'differs' : 'failed',
          problem,
          rounds: [],
        });
        continue;
      }
      try {
        result.scenarios.push(await bench.scenario(scenario, withBare));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        say(`\n*** ${kind} ${scenario.id} FAILED: ${message}\n`);
        result.scenarios.push({
          id: scenario.id,
          label: scenario.label,
          short: scenario.short,
          outcome: 'failed',
          problem: message,
          rounds: [],
        });
      }
    }
    const checkin = chosen.find((s) => s.id === 'checkin');
    if (checkin && !problems.has('checkin')) {
      result.checkinAtRate = await bench.atRate(checkin, CHECKIN_RATE);
      if (withBare) {
        result.minimalAtRate = await bench.atRate(checkin, CHECKIN_RATE, 'minimal');
      }
    }
    await bench.bulk(seeded, result);
    result.startMs = bench.startMedians();
    return result;
  } finally {
    await database.dispose(options.keep);
    if (options.keep) {
      say(`${kind}: kept ${database.where}`);
    }
  }
}

function postgresVersion(options: BenchOptions): string | undefined {
  if (!options.databases.includes('postgres')) {
    return undefined;
  }
  try {
    return execFileSync('psql', ['--version']).toString().trim();
  } catch {
    return undefined;
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  buildChildren();
  say(
    `Airfleet bench (${AIRFLEET_MAIN}): ${options.databases.join(', ')}, ${options.devices.toLocaleString('en')} devices, ` +
      `${options.rounds} round(s) of ${options.warmupSeconds} s warm-up + ${options.seconds} s`,
  );
  const startedAt = new Date();
  const loadAverageAtStart = loadavg();
  const onlySide = options.scenarios?.every((id) => SIDE_SCENARIO_IDS.includes(id)) ?? false;
  const databases: DatabaseResult[] = [];
  for (const kind of onlySide ? [] : options.databases) {
    databases.push(await benchDatabase(options, kind));
  }
  const eventsChosen = EVENTS_SCENARIO_IDS.filter(
    (id) => !options.scenarios || options.scenarios.includes(id),
  );
  const events =
    options.databases.includes('postgres') && eventsChosen.length > 0
      ? await eventsBench(options, serverEnv(options), eventsChosen)
      : undefined;
  const webhooksChosen = WEBHOOK_SCENARIO_IDS.filter(
    (id) => !options.scenarios || options.scenarios.includes(id),
  );
  const webhooks =
    options.databases.includes('postgres') && webhooksChosen.length > 0
      ? await webhookBench(options, serverEnv(options), webhooksChosen)
      : undefined;
  const clientsChosen = CLIENTS_SCENARIO_IDS.filter(
    (id) => !options.scenarios || options.scenarios.includes(id),
  );
  const clients =
    options.databases.includes('postgres') && clientsChosen.length > 0
      ? await clientsBench(options, serverEnv(options), clientsChosen)
      : undefined;
  const configRolloutChosen = CONFIG_ROLLOUT_SCENARIO_IDS.some(
    (id) => !options.scenarios || options.scenarios.includes(id),
  );
  const configRollout =
    options.databases.includes('postgres') && configRolloutChosen
      ? await configRolloutBench(options, serverEnv(options))
      : undefined;
  const pagesChosen = PAGES_SCENARIO_IDS.filter(
    (id) => !options.scenarios || options.scenarios.includes(id),
  );
  const pages =
    pagesChosen.length > 0 ? await pagesBench(options, serverEnv(options), pagesChosen) : undefined;
  const finishedAt = new Date();
  const date = startedAt.toISOString().slice(0, 10);
  const results: BenchResults = {
    date,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      postgres: postgresVersion(options),
      loadAverageAtStart,
      loadAverageAtEnd: loadavg(),
    },
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim(),
    options: { ...options },
    databases,
    events,
    webhooks,
    clients,
    configRollout,
    pages,
  };
  const folder = join(ROOT, 'bench', 'results');
  mkdirSync(folder, { recursive: true });
  const name = resultName(date, options);
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const postgres = databases.find((d) => d.database === 'postgres');
  if (postgres || events) {
    const devices = [
      ...(postgres ? [`${postgres.devices.toLocaleString('en')} devices`] : []),
      ...(events ? [`events at ${events.devices.toLocaleString('en')}`] : []),
    ];
    writeFileSync(
      join(folder, `${name}.svg`),
      ratioChart(
        [...(postgres?.scenarios ?? []), ...(events?.scenarios ?? [])],
        `Airfleet ÷ bare server, PostgreSQL, ${devices.join(', ')} (${date})`,
      ),
    );
  }
  const output = [
    markdown(results),
    ...eventsMarkdown(events),
    ...webhooksMarkdown(webhooks),
    ...clientsMarkdown(clients),
    ...configRolloutMarkdown(configRollout),
    ...pagesMarkdown(pages),
    ...checkinAgainstEarlier(results, folder),
  ];
  process.stdout.write(`${output.join('\n')}\nResults: bench/results/${name}.json\n`);
  const bad = [...databases.flatMap((d) => d.scenarios), ...(events?.scenarios ?? [])].filter(
    (s) => s.outcome !== 'ok',
  );
  if (bad.length > 0) {
    say(
      `${bad.length} scenario(s) did not pass: ${bad.map((s) => `${s.id} (${s.outcome})`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
