import {
  answers,
  choosePostgres,
  DEFAULT_ADMIN_URL,
  RunServer,
  startRunServer,
} from './postgres-server';

/** Where globalSetup leaves the server it started for globalTeardown (one process runs both). */
const RUN_SERVER = Symbol.for('airfleet.test.postgres');
type WithServer = typeof globalThis & { [RUN_SERVER]?: RunServer };

/**
 * Jest's globalSetup: when no PostgreSQL answers at 127.0.0.1:5432 and PG_TEST_ADMIN_URL is unset,
 * starts one for the run (postgres-server.ts) and points PG_TEST_ADMIN_URL at it, which the test
 * workers, started after this, inherit (`npm ci && npm test` on a machine without a
 * PostgreSQL server failed).
 */
export default async function globalSetup(): Promise<void> {
  const choice = choosePostgres(process.env, await answers(DEFAULT_ADMIN_URL));
  if (choice !== 'embedded') {
    return;
  }
  const server = await startRunServer();
  process.env.PG_TEST_ADMIN_URL = server.url;
  (globalThis as WithServer)[RUN_SERVER] = server;
  process.stderr.write(
    `\nNo PostgreSQL at 127.0.0.1:5432: started one for this run on port ` +
      `${new URL(server.url).port}, data folder ${server.dataDir}\n`,
  );
}

/** Jest's globalTeardown: stops the server globalSetup started, if it did. */
export async function globalTeardown(): Promise<void> {
  const server = (globalThis as WithServer)[RUN_SERVER];
  if (server) {
    delete (globalThis as WithServer)[RUN_SERVER];
    delete process.env.PG_TEST_ADMIN_URL;
    await server.stop();
  }
}
