/**
 * The Wi-Fi clients bench, PostgreSQL, on a database of its own seeded with BENCH_DEVICES
 * devices (bench/lib/seed.ts), Airfleet alone (the bare server keeps no clients):
 *
 * - `checkin-stations`: the device check-in with 30 stations per device, one entry in 20 a new
 *   or a departed client at each check-in (bench/lib/clients-seed.ts), in alternating rounds with
 *   the check-in without stations and the check-in that lists the same clients as its last
 *   (only their signal, rates and bytes move) over the same devices; the figure is the CPU
 *   (server + PostgreSQL) of each over the check-in without stations, and the client_sessions
 *   rows written per check-in. Every device first checks in once with its stations, outside the
 *   rounds, so that the rounds measure the steady state rather than 30 sessions starting.
 * - `clients-search`, `clients-list` and `clients-mac`: `GET /v1/clients?search=<6 hex digits>`,
 *   the first page of `GET /v1/clients` and `GET /v1/clients/:mac` with organisation 1 holding
 *   each of BENCH_CLIENT_SESSIONS sessions
 *   (10,000 and 1,000,000 by default), seeded in one statement, each asked one at a time (the
 *   time a person waits, not a rate under 50 connections, which a scan of a million rows would
 *   turn into timeouts), and the time at each size over the time at the first, with the plans PostgreSQL chooses for their statements at each size.
 */
import { loadavg } from 'node:os';
import { DataSource } from 'typeorm';
import { Bench, say } from './bench';
import { clientMacOf, LOOKED_UP_CLIENT, seedSessions, stationsOf } from './clients-seed';
import { createBenchDatabase } from './database';
import { Fleet, loadFleet } from './fleet';
import { CONNECTIONS } from './load';
import { BenchOptions } from './options';
import { median, RoundResult } from './report';
import { clientPlans } from './plans';
import { Probe, Scenario, scenarios } from './scenarios';
import { seed, Seeded } from './seed';
import { databaseCpuMsBetween, RunningServer, settle } from './servers';

export const CHECKIN_STATIONS = 'checkin-stations';
/** The client search's text: the last six hex digits of the looked-up client's MAC. */
const SEARCHED = clientMacOf(LOOKED_UP_CLIENT).replace(/:/g, '').slice(-6).toLowerCase();
export const CLIENT_LOOKUPS: Record<string, { label: string; path: string }> = {
  'clients-search': {
    label: '`GET /v1/clients?search=<6 hex digits>`',
    path: `/v1/clients?search=${SEARCHED}`,
  },
  'clients-list': {
    label: '`GET /v1/clients?per_page=50` (page 1, newest seen first)',
    path: '/v1/clients?per_page=50',
  },
  'clients-mac': {
    label: '`GET /v1/clients/:mac`',
    path: `/v1/clients/${clientMacOf(LOOKED_UP_CLIENT)}`,
  },
};
export const CLIENTS_SCENARIO_IDS = [CHECKIN_STATIONS, ...Object.keys(CLIENT_LOOKUPS)];

export interface StationRounds {
  /** `checkin` (without stations), `checkin-stations-unchanged` or `checkin-stations`. */
  scenario: string;
  label: string;
  rounds: RoundResult[];
  /** client_sessions rows inserted, updated or deleted per check-in, each round. */
  sessionRowsPerRequest: number[];
}

/** A lookup asked one at a time for the measured seconds (at least 5, at most 1,000 times). */
export interface LookupRound {
  round: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  cpuMsPerRequest: number;
  databaseCpuMsPerRequest: number;
  statementsPerRequest: number;
  failed: number;
  loadAverage: number;
}

export interface LookupRounds {
  scenario: string;
  label: string;
  sessions: number;
  seedMs: number;
  rounds: LookupRound[];
}

export interface LookupPlans {
  sessions: number;
  /** EXPLAIN (ANALYZE, BUFFERS) of each statement, by title. */
  plans: Record<string, string>;
}

export interface ClientsResult {
  devices: number;
  seedMs: number;
  /** The check-ins that every device made first, with its stations. */
  primed: number;
  stations: StationRounds[];
  lookups: LookupRounds[];
  plans: LookupPlans[];
}

const json = { 'content-type': 'application/json' };
const MIN_LOOKUPS = 5;
const MAX_LOOKUPS = 1000;

/** A check-in scenario over the fleet whose n-th check-in sends `body(n)`. */
function checkinScenario(
  fleet: Fleet,
  described: Pick<Scenario, 'id' | 'label' | 'short'>,
  body: (n: number) => string,
): Scenario {
  let checkin = 0;
  const first = fleet.checkins[0];
  return {
    ...described,
    probe: {
      method: 'POST',
      path: '/device/v1/checkin',
      headers: { authorization: first.authorization, ...json },
      body: body(0),
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
            body: body(n),
          };
        },
      },
    ],
  };
}

/**
 * The check-ins with 30 stations over the same rotation as the check-in without them:
 * `changing`, whose n-th check-in is its device's pass floor(n / devices) (one entry in 20
 * replaced from one pass to the next), and `unchanged`, which lists each device's clients as
 * its last `changing` check-in did (only the link values move). `body(n)` is `changing`'s n-th
 * check-in, `skip(count)` moves its rotation past the priming's.
 */
function stationsScenarios(fleet: Fleet) {
  const devices = fleet.checkins.length;
  const clientsPass = new Array<number>(devices).fill(0);
  let skipped = 0;
  const body = (device: number, pass: number, clients: number) =>
    JSON.stringify({
      firmware_version: '1.2.3',
      uptime_seconds: pass * 60 + device,
      config_revision: fleet.checkins[device].revision,
      stations: stationsOf(device, pass, clients),
    });
  const changingBody = (n: number) => {
    const device = n % devices;
    const pass = Math.floor(n / devices);
    clientsPass[device] = pass;
    return body(device, pass, pass);
  };
  const rotating = `${devices.toLocaleString('en')} devices UP rotating`;
  const changing = checkinScenario(
    fleet,
    {
      id: CHECKIN_STATIONS,
      label: `device check-in with 30 stations, 1 entry in 20 changing at each (${rotating})`,
      short: 'check-in with stations',
    },
    (n) => changingBody(n + skipped),
  );
  const unchanged = checkinScenario(
    fleet,
    {
      id: `${CHECKIN_STATIONS}-unchanged`,
      label: `device check-in with the same 30 stations as its last (${rotating})`,
      short: 'check-in with unchanged stations',
    },
    (n) => {
      const device = n % devices;
      return body(device, 1 + Math.floor(n / devices), clientsPass[device]);
    },
  );
  return {
    changing,
    unchanged,
    body: changingBody,
    skip: (count: number) => {
      skipped += count;
    },
  };
}

/** Every device checks in once with its stations (50 at a time): the sessions start here. */
async function prime(url: string, fleet: Fleet, body: (n: number) => string): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    for (let n = next++; n < fleet.checkins.length; n = next++) {
      const response = await fetch(`${url}/device/v1/checkin`, {
        method: 'POST',
        headers: { authorization: fleet.checkins[n].authorization, ...json },
        body: body(n),
      });
      await response.arrayBuffer();
      if (response.status !== 200) {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  if (failed > 0) {
    throw new Error(`${failed} of the priming check-ins failed`);
  }
  return fleet.checkins.length;
}

/** client_sessions rows inserted, updated and deleted so far (PostgreSQL's statistics). */
async function sessionWrites(dataSource: DataSource): Promise<number> {
  await dataSource.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
  const [row]: { n: string | null }[] = await dataSource.query(
    `SELECT n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_user_tables WHERE relname = 'client_sessions'`,
  );
  return Number(row?.n ?? 0);
}

async function stationRounds(
  bench: Bench,
  dataSource: DataSource,
  options: BenchOptions,
  fleet: Fleet,
  plain: Scenario,
): Promise<{ primed: number; rows: StationRounds[] }> {
  const stations = stationsScenarios(fleet);
  const server = await bench.start('airfleet');
  let primed: number;
  try {
    say(`clients: every device checks in once with its 30 stations`);
    primed = await prime(server.url, fleet, stations.body);
  } finally {
    await server.stop();
  }
  stations.skip(primed);
  // 300,000 sessions just started: analysed as autovacuum would within its next minute, so
  // that the rounds measure the plans of the steady state, not those of an empty table.
  await dataSource.query(`VACUUM ANALYZE "client_sessions"`);
  const measured = [plain, stations.unchanged, stations.changing];
  const rows: StationRounds[] = measured.map((scenario) => ({
    scenario: scenario.id,
    label: scenario.label,
    rounds: [],
    sessionRowsPerRequest: [],
  }));
  for (let round = 1; round <= options.rounds; round++) {
    for (const [index, scenario] of measured.entries()) {
      await settle();
      const before = await sessionWrites(dataSource);
      const result = await bench.round('airfleet', scenario, round);
      await settle();
      const written = (await sessionWrites(dataSource)) - before;
      rows[index].rounds.push(result);
      // The warm-up's check-ins write too: per check-in of the whole round (warm-up included).
      const seconds = options.warmupSeconds + options.seconds;
      const requests = result.requests * (seconds / options.seconds);
      rows[index].sessionRowsPerRequest.push(written / Math.max(1, requests));
      say(
        `    client_sessions rows written per check-in: ${(written / Math.max(1, requests)).toFixed(3)}`,
      );
    }
  }
  return { primed, rows };
}

/** Answers of a lookup asked one at a time, and what the server and PostgreSQL spent on them. */
async function lookupRound(
  server: RunningServer,
  probe: Probe,
  round: number,
  seconds: number,
): Promise<LookupRound> {
  await settle();
  const before = server.sample();
  const times: number[] = [];
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  while (times.length < MIN_LOOKUPS || (Date.now() < until && times.length < MAX_LOOKUPS)) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${server.url}${probe.path}`, { headers: probe.headers });
    await response.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (response.status !== 200) {
      failed++;
    }
  }
  await settle();
  const after = server.sample();
  const served = Math.max(1, after.requests - before.requests);
  const sorted = [...times].sort((a, b) => a - b);
  const result: LookupRound = {
    round,
    requests: times.length,
    p50Ms: median(times),
    p90Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))],
    cpuMsPerRequest: (after.cpuMs - before.cpuMs) / served,
    databaseCpuMsPerRequest:
      databaseCpuMsBetween(before.databaseCpuMs, after.databaseCpuMs) / served,
    statementsPerRequest: (after.statements - before.statements) / served,
    failed,
    loadAverage: loadavg()[0],
  };
  say(
    `  round ${round}: ${result.requests} one at a time, p50 ${result.p50Ms.toFixed(1)} ms, p90 ${result.p90Ms.toFixed(1)} ms, ` +
      `${result.cpuMsPerRequest.toFixed(2)} CPU ms/req, ${result.databaseCpuMsPerRequest.toFixed(2)} PostgreSQL CPU ms/req, ` +
      `${result.statementsPerRequest.toFixed(2)} SQL/req, load ${result.loadAverage.toFixed(1)}${failed ? `, ${failed} FAILED` : ''}`,
  );
  return result;
}

async function lookupRounds(
  bench: Bench,
  dataSource: DataSource,
  options: BenchOptions,
  seeded: Seeded,
  chosen: string[],
): Promise<{ rows: LookupRounds[]; plans: LookupPlans[] }> {
  const lookups = chosen.filter((id) => id in CLIENT_LOOKUPS);
  const rows: LookupRounds[] = [];
  const plans: LookupPlans[] = [];
  if (lookups.length === 0) {
    return { rows, plans };
  }
  for (const sessions of options.clientSessions) {
    say(`clients: seeding ${sessions.toLocaleString('en')} sessions of organisation 1`);
    const seedMs = await seedSessions(dataSource, sessions);
    say(`clients: seeded in ${(seedMs / 1000).toFixed(1)} s`);
    plans.push({
      sessions,
      plans: await clientPlans(dataSource, SEARCHED, clientMacOf(LOOKED_UP_CLIENT)),
    });
    const probes = lookups.map((id): Probe => ({
      method: 'GET',
      path: CLIENT_LOOKUPS[id].path,
      headers: { authorization: `Bearer ${seeded.tokens[0]}` },
    }));
    const sized = lookups.map((id): LookupRounds => ({
      scenario: id,
      label: CLIENT_LOOKUPS[id].label,
      sessions,
      seedMs,
      rounds: [],
    }));
    const server = await bench.start('airfleet');
    try {
      for (const probe of probes) {
        // Warm-up: the first answers pay for compiling and for the connections.
        for (let n = 0; n < 3; n++) {
          await (await fetch(`${server.url}${probe.path}`, { headers: probe.headers })).text();
        }
      }
      for (let round = 1; round <= options.rounds; round++) {
        for (const [index, probe] of probes.entries()) {
          say(
            `clients ${lookups[index]} at ${sessions.toLocaleString('en')} sessions: ${probe.path}`,
          );
          sized[index].rounds.push(await lookupRound(server, probe, round, options.seconds));
        }
      }
    } finally {
      await server.stop();
    }
    rows.push(...sized);
  }
  return { rows, plans };
}

/** The clients bench; `chosen` are the ids of CLIENTS_SCENARIO_IDS to run. */
export async function clientsBench(
  options: BenchOptions,
  env: Record<string, string>,
  chosen: string[],
): Promise<ClientsResult> {
  const started = Date.now();
  const database = await createBenchDatabase('postgres');
  try {
    say(`clients: seeding ${options.devices.toLocaleString('en')} devices into ${database.where}`);
    const seeded = await seed(database.dataSource, 'postgres', {
      devices: options.devices,
      spare: 0,
    });
    const fleet = await loadFleet(database.dataSource);
    const result: ClientsResult = {
      devices: options.devices,
      seedMs: Date.now() - started,
      primed: 0,
      stations: [],
      lookups: [],
      plans: [],
    };
    const bench = new Bench(options, 'postgres', {
      ...database.env,
      ...env,
      FLEET_SAMPLE_SECONDS: '86400',
    });
    if (chosen.includes(CHECKIN_STATIONS)) {
      const plain = scenarios(seeded, fleet).find((s) => s.id === 'checkin')!;
      say(`clients ${CHECKIN_STATIONS}: beside the check-in without stations`);
      const measured = await stationRounds(bench, database.dataSource, options, fleet, plain);
      result.primed = measured.primed;
      result.stations = measured.rows;
    }
    const lookups = await lookupRounds(bench, database.dataSource, options, seeded, chosen);
    result.lookups = lookups.rows;
    result.plans = lookups.plans;
    return result;
  } finally {
    await database.dispose(options.keep);
    if (options.keep) {
      say(`clients: kept ${database.where}`);
    }
  }
}
