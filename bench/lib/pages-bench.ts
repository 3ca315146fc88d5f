/**
 * The console pages bench: the overview, the device list's out-of-sync devices (page 1) and the
 * page of a network of 10,000 devices, with one organisation holding each of
 * BENCH_PAGE_DEVICES devices (10,000, 100,000 and 1,000,000 by default), Airfleet alone (the
 * bare server has no console, so nothing is compared byte for byte). Each size gets a database
 * of its own, seeded by bench/lib/seed.ts in one organisation laid out by pageLayout; the UP
 * devices run their current configuration but one in ten; its admin signs in through the sign-in
 * form once and every round's fresh server takes the same session. Each page is measured as
 * every scenario is (warm-up, then a measured window under autocannon, here with 4 connections),
 * PostgreSQL's CPU being that of the bench database's backends only (other work on the machine
 * left out; parallel query off, as a parallel worker's CPU would end uncounted), and the figure is its CPU (server + database) per page at each size over the first
 * size's. SQLite runs the sizes up to 100,000.
 */
import { DataSource } from 'typeorm';
import { hashPassword } from '../../src/users/password';
import { Bench, say } from './bench';
import { createBenchDatabase } from './database';
import { BenchOptions } from './options';
import { cookieHeader, csrfOf, pageLayout, PageLayout } from './pages-plan';
import { RoundResult } from './report';
import { Scenario } from './scenarios';
import { DatabaseKind, seed } from './seed';

export const PAGE_SCENARIOS: Record<
  string,
  { label: string; short: string; path: (layout: PageLayout) => string }
> = {
  'page-overview': {
    label: 'console overview `/overview`',
    short: 'overview',
    path: () => '/overview',
  },
  'page-devices-out': {
    label: 'device list `/devices?sync=out`, page 1',
    short: 'devices out of sync',
    path: () => '/devices?sync=out',
  },
  'page-network': {
    label: 'network page `/networks/:id` (10,000 devices)',
    short: 'network page',
    path: (layout) => `/networks/${layout.networkId}`,
  },
};
export const PAGES_SCENARIO_IDS = Object.keys(PAGE_SCENARIOS);

/** SQLite runs the sizes up to this many devices (its seed hashes every secret in the runner). */
const SQLITE_MAX_DEVICES = 100_000;
/**
 * Pages asked at once: a few people's browsers rather than the 50 connections of the API
 * scenarios, under which a page of tens of milliseconds would wait seconds in the queue.
 */
const CONNECTIONS = 4;
const EMAIL = 'admin1@bench.example';
const PASSWORD = 'bench password of the console pages';

export interface PageRow {
  scenario: string;
  label: string;
  database: DatabaseKind;
  devices: number;
  rounds: RoundResult[];
}

export interface PageSize {
  database: DatabaseKind;
  devices: number;
  seedMs: number;
  /** Devices of the measured network. */
  networkDevices: number;
  /** Devices recorded UP and running another revision than their current one. */
  outOfSync: number;
}

export interface PagesResult {
  sizes: PageSize[];
  rows: PageRow[];
}

/** UP devices run their current configuration, but one in ten (device id mod 10 = 4). */
async function recordApplied(dataSource: DataSource): Promise<number> {
  await dataSource.query(
    `UPDATE "heartbeats" SET "applied_revision" =
       (SELECT d."config_revision" FROM "devices" d WHERE d."id" = "heartbeats"."device_id")
     WHERE "up" = TRUE AND "device_id" % 10 <> 4`,
  );
  const [row]: { n: string | number }[] = await dataSource.query(
    `SELECT COUNT(*) AS n FROM "heartbeats" WHERE "up" = TRUE AND "applied_revision" IS NULL`,
  );
  return Number(row.n);
}

/** Signs organisation 1's admin in through the sign-in form: the session's Cookie header. */
async function signIn(url: string): Promise<string> {
  const form = await fetch(`${url}/login`);
  const html = await form.text();
  let cookie = cookieHeader(form.headers.getSetCookie());
  const posted = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ _csrf: csrfOf(html), email: EMAIL, password: PASSWORD }).toString(),
  });
  await posted.arrayBuffer();
  if (posted.status !== 303) {
    throw new Error(`sign-in answered ${posted.status}`);
  }
  cookie = cookieHeader(posted.headers.getSetCookie(), cookie);
  return cookie;
}

function pageScenario(id: string, layout: PageLayout, cookie: string): Scenario {
  const { label, short, path } = PAGE_SCENARIOS[id];
  const probe = { method: 'GET' as const, path: path(layout), headers: { cookie } };
  return { id, label, short, probe, requests: () => [{ ...probe }], connections: CONNECTIONS };
}

/** The bench database's client backends but the runner's own (PostgreSQL). */
function backendsOf(dataSource: DataSource): () => Promise<Set<number>> {
  return async () => {
    const rows: { pid: number }[] = await dataSource.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
         AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    return new Set(rows.map((row) => Number(row.pid)));
  };
}

async function pagesAt(
  options: BenchOptions,
  env: Record<string, string>,
  chosen: string[],
  kind: DatabaseKind,
  devices: number,
): Promise<{ size: PageSize; rows: PageRow[] }> {
  const layout = pageLayout(devices);
  const started = Date.now();
  const database = await createBenchDatabase(kind);
  try {
    say(
      `pages: seeding one organisation of ${devices.toLocaleString('en')} devices into ${database.where}`,
    );
    await seed(database.dataSource, kind, {
      devices,
      spare: 0,
      organisations: 1,
      networksPerOrganisation: layout.networks,
      networklessEvery: layout.networklessEvery,
    });
    const outOfSync = await recordApplied(database.dataSource);
    await database.dataSource.query(
      `UPDATE "users" SET "password_hash" = '${await hashPassword(PASSWORD)}' WHERE "email" = '${EMAIL}'`,
    );
    // The seed's revisions and the runs just recorded rewrote rows: vacuumed, as autovacuum
    // would leave a live database, so that no plan reads the dead versions.
    await database.dataSource.query(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    if (kind === 'postgres') {
      // A parallel worker ends with its statement, before the round's last sample: its CPU
      // would go uncounted. Without them every statement's work is its backend's.
      await database.dataSource.query(
        `ALTER DATABASE "${database.name}" SET max_parallel_workers_per_gather = 0`,
      );
    }
    const [network]: { n: string | number }[] = await database.dataSource.query(
      `SELECT COUNT(*) AS n FROM "devices" WHERE "location_network_id" = ${layout.networkId}`,
    );
    const size: PageSize = {
      database: kind,
      devices,
      seedMs: Date.now() - started,
      networkDevices: Number(network.n),
      outOfSync,
    };
    say(`pages: seeded in ${(size.seedMs / 1000).toFixed(1)} s`);
    const bench = new Bench(
      options,
      kind,
      { ...database.env, ...env, FLEET_SAMPLE_SECONDS: '86400' },
      kind === 'postgres' ? backendsOf(database.dataSource) : undefined,
    );
    const server = await bench.start('airfleet');
    let scenarios: Scenario[];
    try {
      const cookie = await signIn(server.url);
      scenarios = chosen.map((id) => pageScenario(id, layout, cookie));
      for (const scenario of scenarios) {
        const response = await fetch(`${server.url}${scenario.probe.path}`, {
          headers: scenario.probe.headers,
          redirect: 'manual',
        });
        const body = await response.text();
        if (response.status !== 200) {
          throw new Error(
            `${scenario.probe.path} answered ${response.status}: ${body.slice(0, 300)}`,
          );
        }
      }
    } finally {
      await server.stop();
    }
    const rows = scenarios.map((scenario): PageRow => ({
      scenario: scenario.id,
      label: scenario.label,
      database: kind,
      devices,
      rounds: [],
    }));
    for (let round = 1; round <= options.rounds; round++) {
      for (const [index, scenario] of scenarios.entries()) {
        say(
          `pages ${kind} ${devices.toLocaleString('en')} devices, ${scenario.id}: ${scenario.probe.path}`,
        );
        rows[index].rounds.push(await bench.round('airfleet', scenario, round));
      }
    }
    return { size, rows };
  } finally {
    await database.dispose(options.keep);
    if (options.keep) {
      say(`pages: kept ${database.where}`);
    }
  }
}

/** The pages bench; `chosen` are the ids of PAGES_SCENARIO_IDS to run. */
export async function pagesBench(
  options: BenchOptions,
  env: Record<string, string>,
  chosen: string[],
): Promise<PagesResult> {
  const result: PagesResult = { sizes: [], rows: [] };
  for (const kind of options.databases) {
    for (const devices of options.pageDevices) {
      if (kind === 'sqlite' && devices > SQLITE_MAX_DEVICES) {
        continue;
      }
      const measured = await pagesAt(options, env, chosen, kind, devices);
      result.sizes.push(measured.size);
      result.rows.push(...measured.rows);
    }
  }
  return result;
}
