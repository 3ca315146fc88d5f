/**
 * `npm run bench [postgres|sqlite]`: Airfleet side by side with a bare Fastify + pg server doing
 * the same work (bench/bare), on a throwaway database seeded with a fleet (bench/lib/seed.ts).
 *
 * For each database: seed; compare every scenario's answer from both servers byte for byte; then
 * for each scenario, alternating rounds Airfleet / bare, each on a fresh server process: warm-up,
 * then a measured window under autocannon (50 connections, in this process). Then, on Airfleet,
 * the bulk timings (provisioning 10,000 MACs, a rollout over them). SQLite runs Airfleet alone.
 * Writes bench/results/<date>.json and .svg and prints the Markdown tables. Speed is measured
 * here, never in the test suite. Options: README, Benchmarks.
 */
import 'reflect-metadata';
process.env.TZ = 'UTC';

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { AIRFLEET_MAIN, buildChildren, ROOT } from './lib/build';
import { difference, fetchProbe } from './lib/compare';
import { createBenchDatabase } from './lib/database';
import { load } from './lib/load';
import { BenchOptions, readOptions, resultName } from './lib/options';
import {
  BenchResults,
  DatabaseResult,
  markdown,
  median,
  ratioChart,
  RoundResult,
  ScenarioResult,
  summarise,
  Timing,
} from './lib/report';
import { Scenario, loadFleet, scenarios } from './lib/scenarios';
import { DatabaseKind, seed, Seeded } from './lib/seed';
import { RunningServer, ServerKind, settle, startServer } from './lib/servers';

const say = (line: string) => process.stderr.write(`${line}\n`);

class Bench {
  private readonly starts: Record<ServerKind, number[]> = { airfleet: [], bare: [] };

  constructor(
    private readonly options: BenchOptions,
    private readonly database: DatabaseKind,
    private readonly env: Record<string, string>,
  ) {}

  private async start(kind: ServerKind): Promise<RunningServer> {
    const server = await startServer({
      kind,
      database: this.database,
      env: {
        ...this.env,
        ...(kind === 'airfleet' && this.options.workers !== undefined
          ? { WEB_CONCURRENCY: String(this.options.workers) }
          : {}),
      },
    });
    this.starts[kind].push(server.startMs);
    return server;
  }

  startMedians(): DatabaseResult['startMs'] {
    const result: DatabaseResult['startMs'] = {};
    for (const kind of ['airfleet', 'bare'] as const) {
      if (this.starts[kind].length > 0) {
        result[kind] = median(this.starts[kind]);
      }
    }
    return result;
  }

  /** Each scenario's probe from both servers on the same data: the problem of each that differs. */
  async compare(all: Scenario[], withBare: boolean): Promise<Map<string, string>> {
    const problems = new Map<string, string>();
    const airfleet = await this.start('airfleet');
    const bare = withBare ? await this.start('bare') : null;
    try {
      for (const scenario of all) {
        const a = await fetchProbe(airfleet.url, scenario.probe);
        if (a.status < 200 || a.status > 299) {
          problems.set(scenario.id, `Airfleet answered ${a.status}: ${a.body.slice(0, 300)}`);
          continue;
        }
        if (bare) {
          const problem = difference(a, await fetchProbe(bare.url, scenario.probe));
          if (problem) {
            problems.set(scenario.id, problem);
          }
        }
      }
    } finally {
      await airfleet.stop();
      await bare?.stop();
    }
    return problems;
  }

  async round(kind: ServerKind, scenario: Scenario, round: number): Promise<RoundResult> {
    const server = await this.start(kind);
    try {
      await load(server.url, scenario.requests(), this.options.warmupSeconds);
      await settle();
      const before = server.sample();
      const measured = await load(server.url, scenario.requests(), this.options.seconds);
      await settle();
      const after = server.sample();
      // Per request: what the server did over what it served in the window (the preload counts).
      const served = Math.max(1, after.requests - before.requests);
      const result: RoundResult = {
        server: kind,
        round,
        requests: measured.requests,
        perSecond: measured.perSecond,
        p50: measured.p50,
        p99: measured.p99,
        cpuMsPerRequest: (after.cpuMs - before.cpuMs) / served,
        statementsPerRequest: (after.statements - before.statements) / served,
        peakRssMiB: server.peakRssMiB(),
        startMs: server.startMs,
        failed: measured.failed,
      };
      say(
        `  ${kind.padEnd(8)} round ${round}: ${Math.round(result.perSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
          `${result.cpuMsPerRequest.toFixed(3)} CPU ms/req, ${result.statementsPerRequest.toFixed(2)} SQL/req, ` +
          `${Math.round(result.peakRssMiB)} MiB${result.failed ? `, ${result.failed} FAILED REQUESTS` : ''}`,
      );
      return result;
    } finally {
      await server.stop();
    }
  }

  async scenario(scenario: Scenario, withBare: boolean): Promise<ScenarioResult> {
    say(`${this.database} ${scenario.id}: ${scenario.label}`);
    const rounds: RoundResult[] = [];
    for (let round = 1; round <= this.options.rounds; round++) {
      for (const kind of withBare ? (['airfleet', 'bare'] as const) : (['airfleet'] as const)) {
        rounds.push(await this.round(kind, scenario, round));
      }
    }
    const of = (kind: ServerKind) => {
      const mine = rounds.filter((r) => r.server === kind);
      return mine.length > 0 ? summarise(mine) : undefined;
    };
    const airfleet = of('airfleet');
    const bare = of('bare');
    return {
      id: scenario.id,
      label: scenario.label,
      outcome: 'ok',
      rounds,
      airfleet,
      bare,
      ratio:
        airfleet && bare && bare.perSecond > 0 ? airfleet.perSecond / bare.perSecond : undefined,
    };
  }

  /** One request, timed, with the statements the server sent for it. */
  async timed(
    server: RunningServer,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Timing> {
    await settle();
    const before = server.sample();
    const started = process.hrtime.bigint();
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    await settle();
    if (response.status !== 200) {
      say(`  ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return {
      ms,
      statements: server.sample().statements - before.statements,
      status: response.status,
    };
  }

  /** On a fresh Airfleet: provisioning of the spare MACs into the empty network, then a rollout. */
  async bulk(seeded: Seeded, result: DatabaseResult): Promise<void> {
    const auth = { authorization: `Bearer ${seeded.tokens[0]}` };
    const count = seeded.spareMacs.length;
    say(`${this.database} bulk: provisioning ${count} MACs, then a rollout over them`);
    const server = await this.start('airfleet');
    try {
      const provisioning = await this.timed(
        server,
        '/v1/access_points/provisioning',
        { mac_id: seeded.spareMacs.join(','), network_id: seeded.bulkNetworkId },
        auth,
      );
      result.provisioning = { ...provisioning, macs: count };
      const rollout = await this.timed(
        server,
        '/upgrades',
        {
          upgrade: {
            aps: [`network:${seeded.bulkNetworkId}`],
            rollout: { stages: [1, 10, 50, 100], max_failure_percent: 5, auto_revert: true },
          },
        },
        auth,
      );
      result.rollout = { ...rollout, devices: count };
      say(
        `  provisioning ${Math.round(provisioning.ms)} ms (${provisioning.statements} statements), ` +
          `rollout ${Math.round(rollout.ms)} ms (${rollout.statements} statements)`,
      );
    } finally {
      await server.stop();
    }
  }
}

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
    const unknown = (options.scenarios ?? []).filter((id) => !all.some((s) => s.id === id));
    if (unknown.length > 0) {
      throw new Error(
        `unknown BENCH_SCENARIOS ${unknown.join(', ')}; known: ${all.map((s) => s.id).join(', ')}`,
      );
    }
    const chosen = all.filter((s) => !options.scenarios || options.scenarios.includes(s.id));
    const withBare = kind === 'postgres';
    const bench = new Bench(options, kind, {
      ...database.env,
      LOG_LEVEL: options.logLevel,
      RATE_LIMIT_PER_MINUTE: '0',
      HEARTBEAT_TIMEOUT_SECONDS: '86400',
      DEMO: 'false',
      SESSION_SECRET: 'bench-session-secret-of-32-characters',
    });
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
          outcome: 'failed',
          problem: message,
          rounds: [],
        });
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

function postgresVersion(results: DatabaseResult[]): string | undefined {
  if (!results.some((r) => r.database === 'postgres')) {
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
  const databases: DatabaseResult[] = [];
  for (const kind of options.databases) {
    databases.push(await benchDatabase(options, kind));
  }
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
      postgres: postgresVersion(databases),
      loadAverageAtStart,
      loadAverageAtEnd: loadavg(),
    },
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim(),
    options: { ...options },
    databases,
  };
  const folder = join(ROOT, 'bench', 'results');
  mkdirSync(folder, { recursive: true });
  const name = resultName(date, options);
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const postgres = databases.find((d) => d.database === 'postgres');
  if (postgres) {
    writeFileSync(
      join(folder, `${name}.svg`),
      ratioChart(
        postgres,
        `Airfleet ÷ bare server, PostgreSQL, ${postgres.devices.toLocaleString('en')} devices (${date})`,
      ),
    );
  }
  process.stdout.write(`${markdown(results)}\nResults: bench/results/${name}.json\n`);
  const bad = databases.flatMap((d) => d.scenarios).filter((s) => s.outcome !== 'ok');
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
