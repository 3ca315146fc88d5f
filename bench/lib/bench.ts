/**
 * The measuring of one database's bench: the byte comparison, the alternating rounds on fresh
 * server processes, and the bulk timings, with every start-up time kept (bench/run.ts drives it).
 */
import { loadavg } from 'node:os';
import { difference, fetchProbe } from './compare';
import { load } from './load';
import { BenchOptions } from './options';
import {
  DatabaseResult,
  median,
  RateResult,
  RoundResult,
  ScenarioResult,
  summarise,
  Timing,
} from './report';
import { Scenario } from './scenarios';
import { DatabaseKind, Seeded } from './seed';
import { databaseCpuMsBetween, RunningServer, ServerKind, settle, startServer } from './servers';

export const say = (line: string) => process.stderr.write(`${line}\n`);

/** The scenarios the minimal check-in server also runs. */
const hasMinimal = (scenario: Scenario) => scenario.id === 'checkin';

export class Bench {
  private readonly starts: Record<ServerKind, number[]> = { airfleet: [], bare: [], minimal: [] };

  constructor(
    private readonly options: BenchOptions,
    private readonly database: DatabaseKind,
    private readonly env: Record<string, string>,
    /**
     * The PostgreSQL backends whose CPU a round counts (the bench database's, read after the
     * window); unset: every `postgres` process of the machine.
     */
    private readonly backends?: () => Promise<Set<number>>,
  ) {}

  /** A fresh server of this kind on the bench's database; its start-up time is kept. */
  async start(kind: ServerKind): Promise<RunningServer> {
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
    for (const kind of ['airfleet', 'bare', 'minimal'] as const) {
      if (this.starts[kind].length > 0) {
        result[kind] = median(this.starts[kind]);
      }
    }
    return result;
  }

  /**
   * Each scenario's probe from every server on the same data (the minimal server: the check-in
   * only): the problem of each that differs.
   */
  async compare(all: Scenario[], withBare: boolean): Promise<Map<string, string>> {
    const problems = new Map<string, string>();
    const started: RunningServer[] = [];
    const start = async (kind: ServerKind) => {
      const server = await this.start(kind);
      started.push(server);
      return server;
    };
    try {
      // Within the try: a server that fails to start stops the ones started before it.
      const airfleet = await start('airfleet');
      const bare = withBare ? await start('bare') : null;
      const minimal = withBare && all.some(hasMinimal) ? await start('minimal') : null;
      for (const scenario of all) {
        const a = await fetchProbe(airfleet.url, scenario.probe);
        if (a.status < 200 || a.status > 299) {
          problems.set(scenario.id, `Airfleet answered ${a.status}: ${a.body.slice(0, 300)}`);
          continue;
        }
        const others = [bare, hasMinimal(scenario) ? minimal : null];
        for (const other of others.filter((server) => server !== null)) {
          const problem = difference(a, await fetchProbe(other.url, scenario.probe));
          if (problem) {
            problems.set(scenario.id, `${other.kind}: ${problem}`);
          }
        }
      }
    } finally {
      for (const server of started) {
        await server.stop();
      }
    }
    return problems;
  }

  async round(kind: ServerKind, scenario: Scenario, round: number): Promise<RoundResult> {
    const server = await this.start(kind);
    try {
      const connections = scenario.connections;
      await load(
        server.url,
        scenario.requests(),
        this.options.warmupSeconds,
        undefined,
        connections,
      );
      await settle();
      const before = server.sample();
      const measured = await load(
        server.url,
        scenario.requests(),
        this.options.seconds,
        undefined,
        connections,
      );
      await settle();
      const after = server.sample();
      if (this.backends) {
        const counted = await this.backends();
        for (const sample of [before, after]) {
          for (const pid of [...sample.databaseCpuMs.keys()]) {
            if (!counted.has(pid)) {
              sample.databaseCpuMs.delete(pid);
            }
          }
        }
      }
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
        databaseCpuMsPerRequest:
          databaseCpuMsBetween(before.databaseCpuMs, after.databaseCpuMs) / served,
        machineBusy:
          (after.machine.busy - before.machine.busy) /
          Math.max(1, after.machine.total - before.machine.total),
        statementsPerRequest: (after.statements - before.statements) / served,
        peakRssMiB: server.peakRssMiB(),
        startMs: server.startMs,
        failed: measured.failed,
        failures: measured.failures,
        loadAverage: loadavg()[0],
      };
      say(
        `  ${kind.padEnd(8)} round ${round}: ${Math.round(result.perSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
          `${result.cpuMsPerRequest.toFixed(3)} CPU ms/req, ${result.databaseCpuMsPerRequest.toFixed(3)} database CPU ms/req, ` +
          `machine ${Math.round(result.machineBusy * 100)} % busy, ${result.statementsPerRequest.toFixed(2)} SQL/req, ` +
          `${Math.round(result.peakRssMiB)} MiB, load ${result.loadAverage.toFixed(1)}${result.failed ? `, ${result.failed} FAILED REQUESTS (${result.failures})` : ''}`,
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
      const kinds: ServerKind[] = withBare ? ['airfleet', 'bare'] : ['airfleet'];
      if (withBare && hasMinimal(scenario)) {
        kinds.push('minimal');
      }
      for (const kind of kinds) {
        rounds.push(await this.round(kind, scenario, round));
      }
    }
    const of = (kind: ServerKind) => {
      const mine = rounds.filter((r) => r.server === kind);
      return mine.length > 0 ? summarise(mine) : undefined;
    };
    const airfleet = of('airfleet');
    const bare = of('bare');
    const minimal = of('minimal');
    return {
      id: scenario.id,
      label: scenario.label,
      short: scenario.short,
      outcome: 'ok',
      rounds,
      airfleet,
      bare,
      ratio:
        airfleet && bare && bare.perSecond > 0 ? airfleet.perSecond / bare.perSecond : undefined,
      minimal,
      minimalRatio:
        airfleet && minimal && minimal.perSecond > 0
          ? airfleet.perSecond / minimal.perSecond
          : undefined,
    };
  }

  /**
   * A server under a fixed rate rather than flat out (at least 97 % of 1,667 check-ins
   * a second served): warm-up and measured window both at `rate` requests a second.
   */
  async atRate(
    scenario: Scenario,
    rate: number,
    kind: ServerKind = 'airfleet',
  ): Promise<RateResult> {
    say(`${this.database} ${scenario.id} at ${rate} a second (${kind})`);
    const server = await this.start(kind);
    try {
      await load(server.url, scenario.requests(), this.options.warmupSeconds, rate);
      await settle();
      const measured = await load(server.url, scenario.requests(), this.options.seconds, rate);
      say(
        `  ${Math.round(measured.perSecond)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms` +
          `${measured.failed ? `, ${measured.failed} FAILED REQUESTS (${measured.failures})` : ''}`,
      );
      return {
        server: kind,
        scenario: scenario.id,
        rate,
        perSecond: measured.perSecond,
        p50: measured.p50,
        p99: measured.p99,
        failed: measured.failed,
      };
    } finally {
      await server.stop();
    }
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
    const after = server.sample();
    return {
      ms,
      statements: after.statements - before.statements,
      status: response.status,
      serverCpuMs: after.cpuMs - before.cpuMs,
      databaseCpuMs: databaseCpuMsBetween(before.databaseCpuMs, after.databaseCpuMs),
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
        `  provisioning ${Math.round(provisioning.ms)} ms (${provisioning.statements} statements, ` +
          `CPU server ${Math.round(provisioning.serverCpuMs)} ms, PostgreSQL ${Math.round(provisioning.databaseCpuMs)} ms), ` +
          `rollout ${Math.round(rollout.ms)} ms (${rollout.statements} statements, ` +
          `CPU server ${Math.round(rollout.serverCpuMs)} ms, PostgreSQL ${Math.round(rollout.databaseCpuMs)} ms)`,
      );
    } finally {
      await server.stop();
    }
  }
}
