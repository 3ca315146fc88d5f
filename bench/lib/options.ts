/** The bench's options: environment variables and the database arguments (README, Benchmarks). */
import { DatabaseKind } from './seed';

export interface BenchOptions {
  databases: DatabaseKind[];
  /** Measured seconds per round (BENCH_SECONDS, default 10). */
  seconds: number;
  /** Warm-up seconds before each measured window: 3, or BENCH_SECONDS when shorter. */
  warmupSeconds: number;
  /** Rounds per server and scenario (BENCH_ROUNDS, default 3). */
  rounds: number;
  /** Devices seeded (BENCH_DEVICES, default 100,000). */
  devices: number;
  /** Scenario ids to run (BENCH_SCENARIOS, comma-separated); undefined: all. */
  scenarios?: string[];
  /**
   * Airfleet beside the bare and minimal servers on PostgreSQL, answers compared byte for byte
   * (default); BENCH_BARE=0: Airfleet alone, as on SQLite, each answer only checked to be a 2xx.
   */
  bare: boolean;
  /** WEB_CONCURRENCY given to Airfleet (BENCH_WORKERS); undefined: not set. */
  workers?: number;
  /** Keep the databases (BENCH_KEEP=1). */
  keep: boolean;
  /** Airfleet's LOG_LEVEL (BENCH_LOG_LEVEL, default warn: nothing logged per request). */
  logLevel: string;
  /** The events bench's fleet (BENCH_EVENTS_DEVICES, default 1,000,000). */
  eventsDevices: number;
  /** The events bench's events (BENCH_EVENTS, default 10,000,000). */
  events: number;
  /** Devices going DOWN at once in the sweep's down rounds (BENCH_DOWN_DEVICES, default 10,000). */
  downDevices: number;
  /**
   * The client lookups' sizes: organisation 1's client sessions, one measure each
   * (BENCH_CLIENT_SESSIONS, comma-separated, default 10,000 and 1,000,000).
   */
  clientSessions: number[];
  /**
   * The console pages bench's sizes: devices of its one organisation, one database each
   * (BENCH_PAGE_DEVICES, comma-separated multiples of 10,000, default 10,000, 100,000 and
   * 1,000,000).
   */
  pageDevices: number[];
}

export const DEFAULTS = {
  seconds: 10,
  rounds: 3,
  devices: 100_000,
  eventsDevices: 1_000_000,
  events: 10_000_000,
  downDevices: 10_000,
  clientSessions: [10_000, 1_000_000],
  pageDevices: [10_000, 100_000, 1_000_000],
};

function positive(name: string, fallback: number, integer = true): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!(value > 0) || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${raw}: expected a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

function positiveList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') {
    return fallback;
  }
  return raw.split(',').map((part) => {
    const value = Number(part.trim());
    if (!(value > 0) || !Number.isInteger(value)) {
      throw new Error(`${name}=${raw}: expected positive integers separated by commas`);
    }
    return value;
  });
}

export function readOptions(argv: string[]): BenchOptions {
  const databases = argv.map((arg) => {
    if (arg !== 'postgres' && arg !== 'sqlite') {
      throw new Error(`unknown argument ${arg}: expected postgres or sqlite`);
    }
    return arg;
  });
  const seconds = positive('BENCH_SECONDS', DEFAULTS.seconds, false);
  const workers = process.env.BENCH_WORKERS ? positive('BENCH_WORKERS', 1) : undefined;
  return {
    databases: databases.length > 0 ? [...new Set(databases)] : ['postgres', 'sqlite'],
    seconds,
    warmupSeconds: Math.min(3, seconds),
    rounds: positive('BENCH_ROUNDS', DEFAULTS.rounds),
    devices: positive('BENCH_DEVICES', DEFAULTS.devices),
    scenarios: process.env.BENCH_SCENARIOS?.split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    bare: process.env.BENCH_BARE !== '0',
    workers,
    keep: process.env.BENCH_KEEP === '1',
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    eventsDevices: positive('BENCH_EVENTS_DEVICES', DEFAULTS.eventsDevices),
    events: positive('BENCH_EVENTS', DEFAULTS.events),
    downDevices: positive('BENCH_DOWN_DEVICES', DEFAULTS.downDevices),
    clientSessions: positiveList('BENCH_CLIENT_SESSIONS', DEFAULTS.clientSessions),
    pageDevices: positiveList('BENCH_PAGE_DEVICES', DEFAULTS.pageDevices),
  };
}

/**
 * The results' file name: the date for a run with the defaults, with what differs appended
 * otherwise (`2026-05-04-2000d-1x1s`, `2026-05-04-20000d-100000e-1000down`,
 * `2026-05-04-10000-100000s` for the client lookups' sessions, `…-10000-100000p` for the
 * console pages' sizes), so that a smoke run
 * never overwrites a full one.
 */
export function resultName(date: string, options: BenchOptions): string {
  const parts = [date];
  if (options.devices !== DEFAULTS.devices) {
    parts.push(`${options.devices}d`);
  }
  if (
    options.eventsDevices !== DEFAULTS.eventsDevices ||
    options.events !== DEFAULTS.events ||
    options.downDevices !== DEFAULTS.downDevices
  ) {
    parts.push(`${options.eventsDevices}d-${options.events}e-${options.downDevices}down`);
  }
  if (options.clientSessions.join(',') !== DEFAULTS.clientSessions.join(',')) {
    parts.push(`${options.clientSessions.join('-')}s`);
  }
  if (options.pageDevices.join(',') !== DEFAULTS.pageDevices.join(',')) {
    parts.push(`${options.pageDevices.join('-')}p`);
  }
  if (options.rounds !== DEFAULTS.rounds || options.seconds !== DEFAULTS.seconds) {
    parts.push(`${options.rounds}x${options.seconds}s`);
  }
  if (options.databases.length === 1) {
    parts.push(options.databases[0]);
  }
  if (options.workers !== undefined) {
    parts.push(`w${options.workers}`);
  }
  if (!options.bare) {
    parts.push('alone');
  }
  if (options.scenarios) {
    parts.push('some');
  }
  return parts.join('-');
}
