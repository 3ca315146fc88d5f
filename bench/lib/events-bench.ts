/**
 * The events bench, PostgreSQL only, on a database of its own: a fleet of
 * BENCH_EVENTS_DEVICES devices (bench/lib/seed.ts) with BENCH_EVENTS events
 * (bench/lib/events-seed.ts), Airfleet beside the bare server:
 *
 * - `GET /v1/events` page 1, newest first, without and with `type` filters: compared byte for
 *   byte, then measured in alternating rounds like every throughput scenario;
 * - the DOWN sweep (bench/lib/sweep.ts): an idle instance's periodic work each second, one
 *   sweep's cost when nothing is due, and the time BENCH_DOWN_DEVICES devices passing the
 *   timeout at once take to become `device.down` events;
 * - the plans PostgreSQL chooses for these statements (EXPLAIN ANALYZE, BUFFERS), kept with the
 *   results: the sweep must read only the devices that are due, a page only what it answers.
 *
 * The servers run with FLEET_SAMPLE_SECONDS of a day, so that no fleet history sample over the
 * whole fleet falls in a measured window (the check for the interval's samples still runs each
 * second, as it does in production).
 */
import { DataSource } from 'typeorm';
import { Bench, say } from './bench';
import { createBenchDatabase } from './database';
import { seedEvents } from './events-seed';
import { BenchOptions } from './options';
import { ScenarioResult } from './report';
import { pagePlan, sweepPlan } from './plans';
import { Probe, Scenario } from './scenarios';
import { Seeded, seed } from './seed';
import {
  SweepDownRound,
  sweepDownRound,
  SweepIdleRound,
  sweepIdleRound,
  SweepPassRound,
  sweepPassRound,
} from './sweep';

/** The throughput scenarios of the events bench, by id, and the sweep's two measurements. */
export const EVENTS_PAGES: Record<string, { label: string; short: string; query: string }> = {
  'events-1': {
    label: '`GET /v1/events` page 1, newest first (100 events)',
    short: 'events page 1',
    query: '',
  },
  'events-type': {
    label: '`GET /v1/events?type=device.config_failed` page 1 (1 % of events)',
    short: 'events, one type (1 %)',
    query: '?type=device.config_failed',
  },
  'events-rare': {
    label: '`GET /v1/events?type=network.*` page 1 (a family, 0.25 % of events)',
    short: 'events, rare family',
    query: '?type=network.*',
  },
};
export const SWEEP_IDLE = 'sweep-idle';
export const SWEEP_DOWN = 'sweep-down';
export const EVENTS_SCENARIO_IDS = [...Object.keys(EVENTS_PAGES), SWEEP_IDLE, SWEEP_DOWN];

export interface EventsResult {
  devices: number;
  events: number;
  /** Seeding the fleet, then the events. */
  seedMs: number;
  eventsSeedMs: number;
  scenarios: ScenarioResult[];
  sweepIdle: SweepIdleRound[];
  sweepPass: SweepPassRound[];
  sweepDown: SweepDownRound[];
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement measured, by title. */
  plans: Record<string, string>;
}

function pageScenarios(seeded: Seeded, ids: string[]): Scenario[] {
  return ids.map((id) => {
    const page = EVENTS_PAGES[id];
    const probe: Probe = {
      method: 'GET',
      path: `/v1/events${page.query}`,
      headers: { authorization: `Bearer ${seeded.tokens[0]}` },
    };
    return { id, label: page.label, short: page.short, probe, requests: () => [{ ...probe }] };
  });
}

/** PASSES sweeps back to back make one round of the sweep's cost per pass. */
const PASSES = 1000;

/** The sweep's rounds, alternating Airfleet and the bare server, as `chosen` asks. */
async function sweepRounds(
  bench: Bench,
  dataSource: DataSource,
  options: BenchOptions,
  chosen: string[],
  run: { env: Record<string, string>; timeoutSeconds: number; result: EventsResult },
): Promise<void> {
  const kinds = ['airfleet', 'bare'] as const;
  const { result } = run;
  for (let round = 1; chosen.includes(SWEEP_IDLE) && round <= options.rounds; round++) {
    for (const kind of kinds) {
      const idle = await sweepIdleRound(bench, dataSource, kind, round, options);
      const pass = await sweepPassRound(kind, round, PASSES, run.env);
      say(
        `  nothing due, ${kind} round ${round}: an idle instance ${idle.cpuMsPerSecond.toFixed(2)} CPU ms/s, ` +
          `${idle.databaseCpuMsPerSecond.toFixed(2)} PostgreSQL CPU ms/s, ${idle.statementsPerSecond.toFixed(2)} SQL/s; ` +
          `one sweep ${pass.cpuMsPerPass.toFixed(3)} CPU ms, ${pass.databaseCpuMsPerPass.toFixed(3)} PostgreSQL CPU ms, ` +
          `${pass.statementsPerPass.toFixed(2)} SQL`,
      );
      result.sweepIdle.push(idle);
      result.sweepPass.push(pass);
    }
  }
  for (let round = 1; chosen.includes(SWEEP_DOWN) && round <= options.rounds; round++) {
    for (const kind of kinds) {
      const down = await sweepDownRound(bench, dataSource, kind, round, {
        devices: options.downDevices,
        timeoutSeconds: run.timeoutSeconds,
        warmupSeconds: options.warmupSeconds,
      });
      say(
        `  ${down.devices} devices DOWN at once, ${kind} round ${round}: ${down.recorded} device.down in ` +
          `${Math.round(down.ms)} ms, CPU server ${Math.round(down.serverCpuMs)} ms, PostgreSQL ` +
          `${Math.round(down.databaseCpuMs)} ms, ${down.statements} statements`,
      );
      result.sweepDown.push(down);
    }
  }
}

/** The events bench; `chosen` are the ids of EVENTS_SCENARIO_IDS to run. */
export async function eventsBench(
  options: BenchOptions,
  env: Record<string, string>,
  chosen: string[],
): Promise<EventsResult> {
  const started = Date.now();
  const database = await createBenchDatabase('postgres');
  try {
    say(
      `events: seeding ${options.eventsDevices.toLocaleString('en')} devices and ` +
        `${options.events.toLocaleString('en')} events into ${database.where}`,
    );
    const seeded = await seed(database.dataSource, 'postgres', {
      devices: options.eventsDevices,
      spare: 0,
    });
    const seedMs = Date.now() - started;
    say(`events: fleet seeded in ${(seedMs / 1000).toFixed(1)} s`);
    const eventsSeedMs = await seedEvents(database.env.DATABASE_URL, options.events);
    say(`events: events seeded in ${(eventsSeedMs / 1000).toFixed(1)} s`);
    const timeoutSeconds = Number(env.HEARTBEAT_TIMEOUT_SECONDS);
    const plans = {
      'the DOWN sweep, nothing due': await sweepPlan(database.dataSource, timeoutSeconds),
    };
    const serverEnv = { ...database.env, ...env, FLEET_SAMPLE_SECONDS: '86400' };
    const bench = new Bench(options, 'postgres', serverEnv);
    const result: EventsResult = {
      devices: options.eventsDevices,
      events: options.events,
      seedMs,
      eventsSeedMs,
      scenarios: [],
      sweepIdle: [],
      sweepPass: [],
      sweepDown: [],
      plans,
    };
    const pages = pageScenarios(
      seeded,
      chosen.filter((id) => id in EVENTS_PAGES),
    );
    const problems = await bench.compare(pages, true);
    for (const scenario of pages) {
      const problem = problems.get(scenario.id);
      if (problem) {
        say(`\n*** events ${scenario.id}: THE ANSWERS DIFFER, not measured ***\n${problem}\n`);
        const { label, short } = scenario;
        result.scenarios.push({
          id: scenario.id,
          label,
          short,
          outcome: 'differs',
          problem,
          rounds: [],
        });
        continue;
      }
      result.scenarios.push(await bench.scenario(scenario, true));
    }
    await sweepRounds(bench, database.dataSource, options, chosen, {
      env: serverEnv,
      timeoutSeconds,
      result,
    });
    if (result.sweepDown.length > 0) {
      // Their records' entries in the index of UP records stay until VACUUM removes them.
      result.plans['the DOWN sweep, nothing due, after the rounds of devices going DOWN'] =
        await sweepPlan(database.dataSource, timeoutSeconds);
    }
    for (const { id } of pages) {
      const type = new URLSearchParams(EVENTS_PAGES[id].query.slice(1)).get('type');
      result.plans[EVENTS_PAGES[id].label] = await pagePlan(database.dataSource, type);
    }
    return result;
  } finally {
    await database.dispose(options.keep);
    if (options.keep) {
      say(`events: kept ${database.where}`);
    }
  }
}
