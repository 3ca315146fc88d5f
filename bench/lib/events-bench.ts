/**
 * The events bench (issue 26), PostgreSQL only, on a database of its own: a fleet of
 * BENCH_EVENTS_DEVICES devices (bench/lib/seed.ts) with BENCH_EVENTS events
 * (bench/lib/events-seed.ts), Airfleet beside the bare server:
 *
 * - `GET /v1/events` page 1, newest first, without and with `type` filters: compared byte for
 *   byte, then measured in alternating rounds like every throughput scenario;
 * - the DOWN sweep (bench/lib/sweep.ts): its cost each second when nothing is due, and the time
 *   BENCH_DOWN_DEVICES devices passing the timeout at once take to become `device.down` events;
 * - the plans PostgreSQL chooses for these statements (EXPLAIN ANALYZE, BUFFERS), kept with the
 *   results: the sweep must read only the devices that are due, a page only what it answers.
 *
 * The servers run with FLEET_SAMPLE_SECONDS of a day, so that no fleet history sample over the
 * whole fleet falls in a measured window (the check for the interval's samples still runs each
 * second, as it does in production).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { selectTypes, typesOf } from '../../src/event-log/event-types';
import { Bench, say } from './bench';
import { ROOT } from './build';
import { createBenchDatabase } from './database';
import { seedEvents } from './events-seed';
import { BenchOptions } from './options';
import { ScenarioResult } from './report';
import { Probe, Scenario } from './scenarios';
import { Seeded, seed } from './seed';
import { SweepDownRound, SweepIdleRound, sweepDownRound, sweepIdleRound } from './sweep';

/** The throughput scenarios of the events bench, by id, and the sweep's two measurements. */
export const EVENTS_PAGES: Record<string, { label: string; short: string; query: string }> = {
  'events-1': {
    label: '`GET /v1/events` page 1, newest first (100 events)',
    short: 'events page 1',
    query: '',
  },
  'events-type': {
    label: '`GET /v1/events?type=upgrade.*` page 1 (2 % of events)',
    short: 'events, type upgrade.*',
    query: '?type=upgrade.*',
  },
  'events-rare': {
    label: '`GET /v1/events?type=network.*` page 1 (0.25 % of events)',
    short: 'events, type network.*',
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

/** The sweep's statement as Airfleet sends it (sql/, kept true by test/device-gateway/hot-sql). */
function sweepStatement(): string {
  const file = readFileSync(join(ROOT, 'sql', 'heartbeats.repository.postgres.sql'), 'utf8');
  const found = file.split(/\n(?=-- )/).find((part) => part.startsWith('-- the DOWN sweep'));
  if (!found) {
    throw new Error('sql/heartbeats.repository.postgres.sql has no "-- the DOWN sweep" statement');
  }
  return found.slice(found.indexOf('\n') + 1).replace(/;\s*$/, '');
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, in a transaction rolled back. */
async function explain(dataSource: DataSource, sql: string, parameters: unknown[]) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    const rows = (await runner.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters)) as {
      'QUERY PLAN': string;
    }[];
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}

const sweepPlan = (dataSource: DataSource, timeoutSeconds: number) =>
  explain(dataSource, sweepStatement(), [new Date(Date.now() - timeoutSeconds * 1000)]);

async function pagePlans(dataSource: DataSource, pages: string[]) {
  const result: Record<string, string> = {};
  for (const id of pages) {
    const types = new URLSearchParams(EVENTS_PAGES[id].query.slice(1)).get('type');
    result[EVENTS_PAGES[id].label] = await explain(
      dataSource,
      `SELECT * FROM "events" e WHERE e."organisation_id" = $1
       ${types === null ? '' : 'AND e."type" = ANY($2)'} ORDER BY e."id" DESC LIMIT 100`,
      types === null ? [1] : [1, typesOf(selectTypes(types))],
    );
  }
  return result;
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
    const bench = new Bench(options, 'postgres', {
      ...database.env,
      ...env,
      FLEET_SAMPLE_SECONDS: '86400',
    });
    const result: EventsResult = {
      devices: options.eventsDevices,
      events: options.events,
      seedMs,
      eventsSeedMs,
      scenarios: [],
      sweepIdle: [],
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
    const kinds = ['airfleet', 'bare'] as const;
    for (let round = 1; chosen.includes(SWEEP_IDLE) && round <= options.rounds; round++) {
      for (const kind of kinds) {
        const idle = await sweepIdleRound(bench, database.dataSource, kind, round, options);
        say(
          `  sweep, nothing due, ${kind} round ${round}: ${idle.cpuMsPerSecond.toFixed(2)} CPU ms/s, ` +
            `${idle.databaseCpuMsPerSecond.toFixed(2)} PostgreSQL CPU ms/s, ${idle.statementsPerSecond.toFixed(2)} SQL/s`,
        );
        result.sweepIdle.push(idle);
      }
    }
    for (let round = 1; chosen.includes(SWEEP_DOWN) && round <= options.rounds; round++) {
      for (const kind of kinds) {
        const down = await sweepDownRound(bench, database.dataSource, kind, round, {
          devices: options.downDevices,
          timeoutSeconds,
          warmupSeconds: options.warmupSeconds,
        });
        say(
          `  sweep, ${down.devices} devices DOWN at once, ${kind} round ${round}: ${down.recorded} device.down in ` +
            `${Math.round(down.ms)} ms, CPU server ${Math.round(down.serverCpuMs)} ms, PostgreSQL ` +
            `${Math.round(down.databaseCpuMs)} ms, ${down.statements} statements`,
        );
        result.sweepDown.push(down);
      }
    }
    if (result.sweepDown.length > 0) {
      // Their records' entries in the index of UP records stay until VACUUM removes them.
      result.plans['the DOWN sweep, nothing due, after the rounds of devices going DOWN'] =
        await sweepPlan(database.dataSource, timeoutSeconds);
    }
    Object.assign(
      result.plans,
      await pagePlans(
        database.dataSource,
        pages.map((p) => p.id),
      ),
    );
    return result;
  } finally {
    await database.dispose(options.keep);
    if (options.keep) {
      say(`events: kept ${database.where}`);
    }
  }
}
