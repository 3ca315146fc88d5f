/**
 * The DOWN sweep (every instance, every second) measured from outside, on
 * Airfleet and on the bare server (bench/bare/events.ts), each round on a fresh server process:
 *
 * - idle: nothing is due (every device recorded UP was heard from within the timeout). Over a
 *   window, the server's CPU, its PostgreSQL backends' CPU and its statements per second: all
 *   of an idle instance's periodic work, one sweep a second and, on Airfleet, also the fleet
 *   history's check (a SELECT a second) and the webhook deliveries' polls (five a second).
 * - one pass: the sweep alone, nothing due, `passes` times back to back in a process of its own
 *   with the rest of the periodic work held (bench/child/sweep-loop.ts): CPU per sweep.
 * - down: `devices` devices recorded UP get a last heartbeat exactly the timeout old (one
 *   UPDATE by the runner), so that they pass the timeout at once; the time from that moment
 *   until all their `device.down` events are visible, and the CPU of the server and of its
 *   PostgreSQL backends over it.
 *
 * CPU time here is read from /proc/<pid>/schedstat (nanoseconds, where /proc/<pid>/stat counts
 * 10 ms ticks: an idle sweep costs less than a tick), for the server's processes and for its
 * own PostgreSQL backends (the client backends of the bench database that the runner did not
 * open), not every `postgres` process: the machine's other databases would drown the sweep.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { Bench } from './bench';
import { ROOT, STATS_HOOK } from './build';
import { processTree, RunningServer, ServerKind, settle } from './servers';

export interface SweepIdleRound {
  server: ServerKind;
  round: number;
  /** The measured window, in seconds (one sweep a second). */
  seconds: number;
  cpuMsPerSecond: number;
  databaseCpuMsPerSecond: number;
  statementsPerSecond: number;
  loadAverage: number;
}

export interface SweepPassRound {
  server: ServerKind;
  round: number;
  passes: number;
  cpuMsPerPass: number;
  databaseCpuMsPerPass: number;
  statementsPerPass: number;
}

export interface SweepDownRound {
  server: ServerKind;
  round: number;
  devices: number;
  /** From the moment the devices passed the timeout until their device.down were all visible. */
  ms: number;
  /** device.down events visible at the end (fewer than `devices`: the wait gave up). */
  recorded: number;
  serverCpuMs: number;
  databaseCpuMs: number;
  statements: number;
  loadAverage: number;
}

/** How long the down round waits for the events before it gives up. */
const DOWN_WAIT_MS = 30_000;

/** The bench database's client backends now. */
async function backends(dataSource: DataSource): Promise<Set<number>> {
  const rows: { pid: number }[] = await dataSource.query(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND backend_type = 'client backend'`,
  );
  return new Set(rows.map((row) => Number(row.pid)));
}

/** CPU time of a process so far, in milliseconds (0 once it has ended). */
function cpuMsOf(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
}

interface Sample {
  serverMs: number;
  /** By PostgreSQL backend of the server. */
  databaseMs: Map<number, number>;
  statements: number;
}

interface Sampler {
  sample(): Promise<Sample>;
  /** CPU ms of the server and of its backends between two samples (a new backend from 0). */
  between(before: Sample, after: Sample): { serverMs: number; databaseMs: number };
}

/** Runs `work` on a fresh server, sampled with the backends that appeared with it. */
async function onFreshServer<T>(
  bench: Bench,
  dataSource: DataSource,
  kind: ServerKind,
  work: (sampler: Sampler) => Promise<T>,
): Promise<T> {
  const runner = await backends(dataSource);
  const server: RunningServer = await bench.start(kind);
  const sampler: Sampler = {
    async sample() {
      const pids = [...(await backends(dataSource))].filter((pid) => !runner.has(pid));
      return {
        serverMs: processTree(server.pid).reduce((sum, pid) => sum + cpuMsOf(pid), 0),
        databaseMs: new Map(pids.map((pid) => [pid, cpuMsOf(pid)])),
        statements: server.sample().statements,
      };
    },
    between(before, after) {
      let databaseMs = 0;
      for (const [pid, ms] of after.databaseMs) {
        databaseMs += Math.max(0, ms - (before.databaseMs.get(pid) ?? 0));
      }
      return { serverMs: after.serverMs - before.serverMs, databaseMs };
    },
  };
  try {
    return await work(sampler);
  } finally {
    await server.stop();
  }
}

export function sweepIdleRound(
  bench: Bench,
  dataSource: DataSource,
  kind: ServerKind,
  round: number,
  timing: { warmupSeconds: number; seconds: number },
): Promise<SweepIdleRound> {
  return onFreshServer(bench, dataSource, kind, async (sampler) => {
    await sleep(timing.warmupSeconds * 1000);
    await settle();
    const started = process.hrtime.bigint();
    const before = await sampler.sample();
    await sleep(timing.seconds * 1000);
    await settle();
    const after = await sampler.sample();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = sampler.between(before, after);
    return {
      server: kind,
      round,
      seconds,
      cpuMsPerSecond: cpu.serverMs / seconds,
      databaseCpuMsPerSecond: cpu.databaseMs / seconds,
      statementsPerSecond: (after.statements - before.statements) / seconds,
      loadAverage: loadavg()[0],
    };
  });
}

export function sweepDownRound(
  bench: Bench,
  dataSource: DataSource,
  kind: ServerKind,
  round: number,
  plan: { devices: number; timeoutSeconds: number; warmupSeconds: number },
): Promise<SweepDownRound> {
  return onFreshServer(bench, dataSource, kind, async (sampler) => {
    await sleep(plan.warmupSeconds * 1000);
    // Devices recorded UP, a different draw each round (the earlier rounds' are DOWN now).
    const chosen: { device_id: number }[] = await dataSource.query(
      `SELECT "device_id" FROM "heartbeats" WHERE "up" = TRUE
       ORDER BY md5("device_id"::text || $2) LIMIT $1`,
      [plan.devices, `${kind}-${round}`],
    );
    const ids = chosen.map((row) => Number(row.device_id));
    const [{ last }]: { last: string }[] = await dataSource.query(
      `SELECT COALESCE(max("id"), 0) AS last FROM "events"`,
    );
    await settle();
    const before = await sampler.sample();
    const started = process.hrtime.bigint();
    const elapsedMs = () => Number(process.hrtime.bigint() - started) / 1e6;
    await dataSource.query(
      `UPDATE "heartbeats" SET "received_at" = (now() AT TIME ZONE 'UTC') - $2::int * interval '1 second'
       WHERE "device_id" = ANY($1::int[])`,
      [ids, plan.timeoutSeconds],
    );
    let recorded = 0;
    while (recorded < ids.length && elapsedMs() < DOWN_WAIT_MS) {
      await sleep(20);
      const [{ count }]: { count: string }[] = await dataSource.query(
        `SELECT count(*) AS count FROM "events" WHERE "id" > $1 AND "type" = 'device.down'`,
        [Number(last)],
      );
      recorded = Number(count);
    }
    const ms = elapsedMs();
    await settle();
    const after = await sampler.sample();
    const cpu = sampler.between(before, after);
    return {
      server: kind,
      round,
      devices: ids.length,
      ms,
      recorded,
      serverCpuMs: cpu.serverMs,
      databaseCpuMs: cpu.databaseMs,
      statements: after.statements - before.statements,
      loadAverage: loadavg()[0],
    };
  });
}

const SWEEP_LOOP = join(ROOT, 'dist', 'bench', 'child', 'sweep-loop.js');

/** `passes` sweeps with nothing due, back to back, in a process of their own (sweep-loop.ts). */
export async function sweepPassRound(
  kind: ServerKind,
  round: number,
  passes: number,
  env: Record<string, string>,
): Promise<SweepPassRound> {
  const statsDir = mkdtempSync(join(tmpdir(), 'airfleet-bench-sweep-'));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', STATS_HOOK, SWEEP_LOOP, kind, String(passes)],
      {
        env: {
          PATH: process.env.PATH,
          ...env,
          BENCH_STATS_DIR: statsDir,
          BENCH_DATABASE: 'postgres',
        },
        maxBuffer: 1 << 20,
      },
    );
    const measured = JSON.parse(stdout.trim().split('\n').pop()!) as {
      passes: number;
      cpuMs: number;
      databaseCpuMs: number;
      statements: number;
    };
    return {
      server: kind,
      round,
      passes: measured.passes,
      cpuMsPerPass: measured.cpuMs / measured.passes,
      databaseCpuMsPerPass: measured.databaseCpuMs / measured.passes,
      statementsPerPass: measured.statements / measured.passes,
    };
  } finally {
    rmSync(statsDir, { recursive: true, force: true });
  }
}
