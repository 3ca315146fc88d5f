/**
 * The servers under test, each a child process started fresh for every round: Airfleet from
 * dist/src/main.js, the bare server from dist/bench/bare/main.js, both with the statement-counting
 * preload. What is read of them while they run comes from the outside: CPU time and peak RSS
 * from /proc (summed, or the largest, over the server process and its workers), SQL statements
 * from the files the preload writes.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AIRFLEET_MAIN, BARE_MAIN, MINIMAL_MAIN, startProdNodeOptions, STATS_HOOK } from './build';

/** Airfleet, the bare server (every hot route), the minimal check-in server. */
export type ServerKind = 'airfleet' | 'bare' | 'minimal';

const MAINS: Record<ServerKind, string> = {
  airfleet: AIRFLEET_MAIN,
  bare: BARE_MAIN,
  minimal: MINIMAL_MAIN,
};

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const START_TIMEOUT_MS = 60_000;

export interface ProcessSample {
  /** CPU time (user + system) of the process tree, in milliseconds. */
  cpuMs: number;
  /** SQL statements sent so far by the process tree. */
  statements: number;
  /** HTTP requests received so far by the process tree. */
  requests: number;
  /** CPU time of the PostgreSQL server processes so far, by pid (none on SQLite: in-process). */
  databaseCpuMs: Map<number, number>;
  /** The machine's busy and total CPU time so far. */
  machine: { busy: number; total: number };
}

export interface RunningServer {
  kind: ServerKind;
  url: string;
  pid: number;
  /** Spawn to the first 200 on /health, in milliseconds. */
  startMs: number;
  sample(): ProcessSample;
  /** The largest peak resident set (VmHWM) of any process of the tree so far, in MiB. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The pid and its descendants (cluster workers), from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) {
      continue;
    }
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    tree.push(...(children.get(tree[i]) ?? []));
  }
  return tree;
}

function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5) (utime, stime); fields[0] here is field 3.
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The command name of a process (`/proc/<pid>/comm`), or null when it has ended. */
function commandOf(pid: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The database a PostgreSQL backend serves, from its process title; null for the others. */
function backendDatabase(pid: string, titles: Map<string, string>): string | null {
  const title = titles.get(pid) ?? '';
  const leader = /parallel worker for PID (\d+)/.exec(title);
  if (leader) {
    return backendDatabase(leader[1], titles);
  }
  // `postgres: [cluster: ]user database host(port) state`, or `[local]` for a socket.
  const backend = /postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title);
  return backend ? backend[1] : null;
}

/**
 * CPU time of each PostgreSQL server process of the machine (postmaster, backends, background
 * workers) so far, in milliseconds, by pid. With `database`, the backends of other databases
 * (and their parallel workers) are left out: on a machine shared with other work, its queries
 * are not the servers'. The bench's servers are the only clients of their database while a
 * round is measured; see databaseCpuMsBetween.
 */
export function databaseCpuMs(database?: string): Map<number, number> {
  const titles = new Map<string, string>();
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry) && commandOf(entry) === 'postgres') {
      titles.set(entry, titleOf(entry));
    }
  }
  const byPid = new Map<number, number>();
  for (const pid of titles.keys()) {
    const served = database === undefined ? null : backendDatabase(pid, titles);
    if (served === null || served === database) {
      byPid.set(Number(pid), (cpuTicks(Number(pid)) * 1000) / CLOCK_TICKS);
    }
  }
  return byPid;
}

function titleOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * The database's CPU time between two samples: each process's growth, a process started in
 * between counted from zero. A process that ended in between is left out (its time went with
 * it); the servers' pools keep their backends for the whole window.
 */
export function databaseCpuMsBetween(
  before: Map<number, number>,
  after: Map<number, number>,
): number {
  let sum = 0;
  for (const [pid, ms] of after) {
    sum += Math.max(0, ms - (before.get(pid) ?? 0));
  }
  return sum;
}

/** The machine's busy and total CPU time so far, in milliseconds summed over its cores. */
export function machineCpuMs(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const values = fields.map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  // idle and iowait
  const idle = values[3] + values[4];
  return { busy: ((total - idle) * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

function peakRssKiB(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export interface StartOptions {
  kind: ServerKind;
  database: 'postgres' | 'sqlite';
  env: Record<string, string>;
}

/** Starts a server and resolves once its /health answers 200. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const statsDir = mkdtempSync(join(tmpdir(), 'airfleet-bench-stats-'));
  const main = MAINS[options.kind];
  const output: string[] = [];
  const started = process.hrtime.bigint();
  // Airfleet as `npm run start:prod` runs it (with its heap cap); the bare server as it is.
  const nodeOptions = options.kind === 'airfleet' ? startProdNodeOptions() : [];
  // BENCH_PROFILE=<folder>: V8 CPU profiles of every round's servers, written as they exit.
  if (process.env.BENCH_PROFILE) {
    nodeOptions.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`);
  }
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '-r', STATS_HOOK, main], {
    env: {
      PATH: process.env.PATH,
      ...options.env,
      PORT: String(port),
      BENCH_STATS_DIR: statsDir,
      BENCH_DATABASE: options.database,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) {
      output.shift();
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(statsDir, { recursive: true, force: true });
      throw new Error(`${options.kind} did not start:\n${output.join('')}`);
    }
    const healthy = await fetch(`${url}/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) {
      break;
    }
    await sleep(20);
  }
  const startMs = Number(process.hrtime.bigint() - started) / 1e6;
  const pid = child.pid!;
  return {
    kind: options.kind,
    url,
    pid,
    startMs,
    sample() {
      const tree = processTree(pid);
      let statements = 0;
      let requests = 0;
      for (const file of readdirSync(statsDir).filter((name) => /^\d+$/.test(name))) {
        const [sent, received] = readFileSync(join(statsDir, file), 'utf8').split(' ');
        statements += Number(sent);
        requests += Number(received);
      }
      const ticks = tree.reduce((sum, each) => sum + cpuTicks(each), 0);
      return {
        cpuMs: (ticks * 1000) / CLOCK_TICKS,
        statements,
        requests,
        databaseCpuMs:
          options.database === 'postgres'
            ? databaseCpuMs(databaseName(options.env))
            : new Map<number, number>(),
        machine: machineCpuMs(),
      };
    },
    peakRssMiB() {
      return Math.max(...processTree(pid).map(peakRssKiB)) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killed);
      rmSync(statsDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL database a server's environment names (DATABASE_URL), if any. */
function databaseName(env: Record<string, string>): string | undefined {
  const url = env.DATABASE_URL;
  return url ? decodeURIComponent(new URL(url).pathname.slice(1)) || undefined : undefined;
}

/** Waits long enough for the preload's next write of its counter (every 100 ms). */
export const settle = () => sleep(250);
