/**
 * One DOWN sweep's cost when nothing is due, apart from the rest of an instance's periodic work
 * (the fleet history's check, the webhook deliveries' polls five times a second):
 * `node -r stats-hook.js sweep-loop.js <airfleet|bare> <passes>`, with DATABASE_URL,
 * HEARTBEAT_TIMEOUT_SECONDS and BENCH_STATS_DIR (bench/lib/sweep.ts starts it).
 *
 * - airfleet: the application (nest build's dist/src) initialised without listening, its periodic
 *   work stopped (Scheduler.stop), DeviceTransitionsService.sweep() called `passes` times
 *   one after the other, as the sweep job calls it;
 * - bare: bench/bare/events.ts's sweepDown on a pg pool, likewise.
 *
 * Prints one line of JSON: the passes, this process's CPU over them (process.cpuUsage), its
 * database backends' (/proc/<pid>/schedstat: the bench database's client backends) and the
 * statements sent (the preload's count).
 */
process.env.TZ = 'UTC';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadAppConfig } from '../../src/config/app-config';
import { Scheduler } from '../../src/background/scheduler';
import { DeviceTransitionsService } from '../../src/device-state/device-transitions.service';
import { sweepDown } from '../bare/events';

const WARM_UP = 50;

interface Measured {
  passes: number;
  cpuMs: number;
  databaseCpuMs: number;
  statements: number;
}

const cpuMsOf = (pid: number): number => {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
};

/** The preload's count of statements sent, once it has written it (every 100 ms). */
async function statementsSent(): Promise<number> {
  await sleep(250);
  const file = join(process.env.BENCH_STATS_DIR ?? '.', String(process.pid));
  return Number(readFileSync(file, 'utf8').split(' ')[0]);
}

async function measure(
  passes: number,
  backends: () => Promise<number[]>,
  sweep: () => Promise<unknown>,
): Promise<Measured> {
  for (let i = 0; i < WARM_UP; i++) {
    await sweep();
  }
  const statements = await statementsSent();
  const pids = await backends();
  const database = new Map(pids.map((pid) => [pid, cpuMsOf(pid)]));
  const cpu = process.cpuUsage();
  for (let i = 0; i < passes; i++) {
    await sweep();
  }
  const used = process.cpuUsage(cpu);
  let databaseCpuMs = 0;
  for (const pid of await backends()) {
    databaseCpuMs += cpuMsOf(pid) - (database.get(pid) ?? 0);
  }
  return {
    passes,
    cpuMs: (used.user + used.system) / 1000,
    databaseCpuMs,
    statements: (await statementsSent()) - statements,
  };
}

const BACKENDS = `SELECT pid FROM pg_stat_activity
  WHERE datname = current_database() AND backend_type = 'client backend'`;

async function airfleet(passes: number): Promise<Measured> {
  const app = await createApp(loadAppConfig(process.env), { embedded: true });
  await app.init();
  try {
    const dataSource = app.get(DataSource);
    const transitions = app.get(DeviceTransitionsService);
    await app.get(Scheduler).stop();
    return await measure(
      passes,
      async () => (await dataSource.query<{ pid: number }[]>(BACKENDS)).map((r) => r.pid),
      () => transitions.sweep(),
    );
  } finally {
    await app.close();
  }
}

async function bare(passes: number): Promise<Measured> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL });
  const timeout = Number(process.env.HEARTBEAT_TIMEOUT_SECONDS);
  try {
    return await measure(
      passes,
      async () => (await pool.query<{ pid: number }>(BACKENDS)).rows.map((r) => r.pid),
      () => sweepDown(pool, timeout),
    );
  } finally {
    await pool.end();
  }
}

const [kind, passes] = [process.argv[2], Number(process.argv[3])];
(kind === 'airfleet' ? airfleet(passes) : bare(passes))
  .then((measured) => process.stdout.write(`${JSON.stringify(measured)}\n`))
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
