import cluster, { Worker } from 'node:cluster';
import { AppConfig } from './config/app-config';
import { dialectOf } from './database/dialect';
import type { DemoSeed } from './demo/demo.service';
import { startBanner } from './start-up';

/** How a process of the service starts: alone, or as one worker of several (WEB_CONCURRENCY). */
export interface StartRole {
  /** Runs the migrations (under the start-up lock) and the demo seed: the first or only process. */
  first: boolean;
  /** Worker number (1, 2, …) answered in `X-Airfleet-Worker`; undefined when alone. */
  worker?: number;
  /** Resolves when the process may listen: a later worker waits until the first has migrated. */
  mayListen(): Promise<void>;
  /** The service listens: print the start banner, or let the primary print it once. */
  listening(base: string, seed: DemoSeed | null): void;
}

/** The process alone (WEB_CONCURRENCY 1): it migrates, seeds and prints its banner. */
export const ALONE: StartRole = {
  first: true,
  mayListen: () => Promise.resolve(),
  listening: (base, seed) => process.stdout.write(startBanner(base, seed)),
};

/** A dead worker is replaced after this long (a worker that dies at once does not spin). */
export const RESTART_DELAY_MS = 1000;

type Message = { type: 'listening'; base: string; seed: DemoSeed | null } | { type: 'may-listen' };

const WORKER_ENV = 'AIRFLEET_WORKER';

/**
 * How many processes serve: WEB_CONCURRENCY on PostgreSQL; SQLite stays one process (its
 * transactions are queued within one), said in one line when more were asked for.
 */
export function processCount(config: AppConfig, say: (line: string) => void): number {
  if (config.webConcurrency > 1 && !dialectOf(config.database).servesSeveralProcesses) {
    say(
      `WEB_CONCURRENCY=${config.webConcurrency} ignored: SQLite is served by one process ` +
        '(set DATABASE_URL to run several workers on PostgreSQL)',
    );
    return 1;
  }
  return config.webConcurrency;
}

/** One JSON log line of the primary process, in the shape of the workers' pino lines. */
function log(level: number, msg: string, fields: object = {}): void {
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), pid: process.pid, service: 'airfleet', ...fields, msg })}\n`,
  );
}

/**
 * Starts the service: alone, or (WEB_CONCURRENCY above 1 on PostgreSQL) as a primary process
 * that serves nothing itself and forks that many workers sharing the port (node:cluster hands
 * connections to them in turn). In a worker, starts that worker.
 */
export async function serve(
  config: AppConfig,
  start: (role: StartRole) => Promise<unknown>,
): Promise<void> {
  if (cluster.isWorker) {
    await start(workerRole());
    return;
  }
  const count = processCount(config, (line) => log(40, line));
  if (count === 1) {
    await start(ALONE);
    return;
  }
  await runPrimary(config, count);
}

/** The role of this worker process, from what the primary put in its environment. */
function workerRole(): StartRole {
  const first = process.env[WORKER_ENV] === 'first';
  const granted = new Promise<void>((resolve) =>
    process.on('message', (message: Message) => {
      if (message.type === 'may-listen') {
        resolve();
      }
    }),
  );
  return {
    first,
    worker: cluster.worker!.id,
    mayListen: () => (first ? Promise.resolve() : granted),
    listening: (base, seed) => process.send!({ type: 'listening', base, seed } satisfies Message),
  };
}

/**
 * The primary: forks the workers at once; the first migrates (under the start-up lock) and
 * seeds, the others build the application meanwhile and listen once it has. Prints the banner
 * once every worker listens. A worker that dies is replaced (RESTART_DELAY_MS later); a worker
 * that cannot start stops the start. SIGTERM or SIGINT: every worker drains (finishes in-flight
 * requests, writes buffered heartbeats, closes the database), then the primary exits, 0 when
 * every worker stopped cleanly.
 */
function runPrimary(config: AppConfig, count: number): Promise<void> {
  return new Promise((resolve) => {
    const listening = new Set<number>();
    let firstListening = false;
    let started = false;
    let stopping = false;
    let clean = true;
    let seed: DemoSeed | null = null;
    let base = '';

    const fork = (first: boolean): Worker => {
      const worker = cluster.fork({
        [WORKER_ENV]: first ? 'first' : 'next',
        // One secret for every worker: a browser session signed by one is valid on the others.
        SESSION_SECRET: config.sessionSecret,
      });
      log(30, `Worker ${worker.id} started`, { worker: worker.id, worker_pid: worker.process.pid });
      worker.on('message', (message: Message) => {
        if (message.type !== 'listening') {
          return;
        }
        listening.add(worker.id);
        base = message.base;
        if (first) {
          firstListening = true;
          seed = message.seed;
          for (const other of Object.values(cluster.workers ?? {})) {
            other?.send({ type: 'may-listen' } satisfies Message);
          }
        }
        if (!started && listening.size === count) {
          started = true;
          process.stdout.write(startBanner(base, seed));
          resolve();
        }
      });
      if (!first && firstListening) {
        worker.send({ type: 'may-listen' } satisfies Message);
      }
      return worker;
    };

    cluster.on('exit', (worker, code, signal) => {
      listening.delete(worker.id);
      if (!started && !stopping) {
        // It said why on stderr; the others stop too and the start fails.
        clean = false;
        stop();
      }
      if (stopping) {
        clean &&= code === 0;
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          process.exit(clean ? 0 : 1);
        }
        return;
      }
      log(40, `Worker ${worker.id} exited (${signal ?? `code ${code}`}); starting another`, {
        worker: worker.id,
        worker_pid: worker.process.pid,
      });
      setTimeout(() => {
        if (!stopping) {
          fork(false);
        }
      }, RESTART_DELAY_MS);
    });

    const stop = () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) {
        worker?.process.kill('SIGTERM');
      }
    };
    const onSignal = (signal: NodeJS.Signals) => {
      process.stdout.write(`Received ${signal}, stopping ${count} workers\n`);
      stop();
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);

    fork(true);
    for (let i = 1; i < count; i++) {
      fork(false);
    }
  });
}
