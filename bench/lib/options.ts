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
}

export const DEFAULTS = {
  seconds: 10,
  rounds: 3,
  devices: 100_000,
  eventsDevices: 1_000_000,
  events: 10_000_000,
  downDevices: 10_000,
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
    workers,
    keep: process.env.BENCH_KEEP === '1',
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    eventsDevices: positive('BENCH_EVENTS_DEVICES', DEFAULTS.eventsDevices),
    events: positive('BENCH_EVENTS', DEFAULTS.events),
    downDevices: positive('BENCH_DOWN_DEVICES', DEFAULTS.downDevices),
  };
}

/**
 * The results' file name: the date for a run with the defaults, with what differs appended
 * otherwise (`2026-05-04-2000d-1x1s`, `2026-05-04-20000d-100000e-1000down`), so that a smoke run
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
  if (options.rounds !== DEFAULTS.rounds || options.seconds !== DEFAULTS.seconds) {
    parts.push(`${options.rounds}x${options.seconds}s`);
  }
  if (options.databases.length === 1) {
    parts.push(options.databases[0]);
  }
  if (options.workers !== undefined) {
    parts.push(`w${options.workers}`);
  }
  if (options.scenarios) {
    parts.push('some');
  }
  return parts.join('-');
}
