/** What the simulator's test files share: their services, and how they read summaries' events. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Summary } from '../../scripts/simulator/summary';
import { ServerProcess } from '../faults/support/server-process';
import { DATABASES, DatabaseKind, migratedPostgresDatabase, startApp } from './app';
import { csrfOf } from './web-session';

/**
 * The services' HEARTBEAT_TIMEOUT_SECONDS: short enough for an outage within an 18 s run, long
 * beside the 1 s check-in interval, so that a check-in slowed down by a loaded machine seldom
 * makes its device DOWN (each DOWN device's next check-in is a transaction of its own).
 */
export const HEARTBEAT_TIMEOUT_SECONDS = 10;

/** A service the simulator runs against, with a super administrator's and an admin's token. */
export interface SimulatorService {
  server: ServerProcess;
  superAdmin: string;
  admin: string;
  /** Drops the PostgreSQL database (after `server.stop()`). */
  drop?: () => Promise<void>;
}

/**
 * The service on each database for the enclosing `describe`, started side by side before its
 * tests and stopped (its PostgreSQL database dropped) after them.
 */
export function useSimulatorServices(): Map<DatabaseKind, SimulatorService> {
  const services = new Map<DatabaseKind, SimulatorService>();
  beforeAll(async () => {
    await Promise.all(
      DATABASES.map(async (db) => services.set(db, await launchSimulatorService(db))),
    );
  }, 120_000);
  afterAll(async () => {
    for (const { server, drop } of services.values()) {
      await server.stop();
      await drop?.();
    }
  });
  return services;
}

/**
 * The service on `db` in its own process, as `npm start` runs it, checking devices in every
 * second, with HEARTBEAT_TIMEOUT_SECONDS, no rate limit, and `env`. Two applications in one
 * process would share passport's strategy registry (the last one registered authenticates for
 * both), so each database's tokens would be checked against the other's: the tokens are made
 * beforehand by booting the application on that database in this process and closing it again.
 */
export async function launchSimulatorService(
  db: DatabaseKind,
  env: Record<string, string> = {},
): Promise<SimulatorService> {
  const postgres = db === 'postgres' ? await migratedPostgresDatabase() : null;
  const database: Record<string, string> = postgres
    ? { DATABASE_URL: postgres.url }
    : { DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-sim-')), 'db.sqlite') };
  const setup = await startApp(db, database);
  const superAdmin = (await setup.fixtures.superAdmin()).token;
  const admin = (await setup.fixtures.admin()).token;
  await setup.close();
  const server = await ServerProcess.launch({
    ...database,
    DEVICE_CHECKIN_INTERVAL_SECONDS: '1',
    HEARTBEAT_TIMEOUT_SECONDS: String(HEARTBEAT_TIMEOUT_SECONDS),
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  return { server, superAdmin, admin, drop: postgres?.release };
}

/** A count of the summary's events that the run implies exactly. */
export const exactly = (events: number) => ({ events, expected: { min: events, max: events } });

/** A group of the summary's events, its types exactly so (a type that is 0 is not shown). */
export const group = (types: Record<string, number>) => {
  const shown = Object.entries(types).filter(([, n]) => n > 0);
  return {
    ...exactly(shown.reduce((sum, [, n]) => sum + n, 0)),
    types: Object.fromEntries(shown.map(([type, n]) => [type, exactly(n)])),
  };
};

/**
 * Each device came up once, and again after each device.down: the outage's for certain, and on a
 * loaded machine a check-in that took seconds may have made another (the run checks its range).
 */
export const expectUpAndDown = (summary: Summary, devices: number, outage: number) => {
  const { 'device.up': up, 'device.down': down } = summary.events!.groups;
  expect(down.expected!.min).toBeGreaterThanOrEqual(outage);
  expect(down.events).toBeGreaterThanOrEqual(outage);
  expect(up.events).toBe(devices + down.events);
};

/** Signs in to the console with the sign-in the simulator logged, and opens the overview. */
export async function expectConsoleSignIn(logged: string[]): Promise<void> {
  const signIn = /console: (\S+)\/login as (\S+) \/ (\S+)/.exec(logged.join('\n'));
  expect(signIn).not.toBeNull();
  const [, url, email, password] = signIn!;
  const browser = request.agent(url);
  const form = await browser.get('/login').expect(200);
  await browser
    .post('/login')
    .type('form')
    .send({ _csrf: csrfOf(form.text), email, password })
    .expect(303);
  await browser.get('/overview').expect(200);
}
