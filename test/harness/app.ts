import { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DestinationStream } from 'pino';
import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadAppConfig } from '../../src/config/app-config';
import { Fixtures } from './fixtures';
import { openApiResponses } from './openapi-responses';
import { withoutPeriodicWork } from './periodic-work';
import { migratedPostgresDatabase } from './postgres-databases';

export {
  createPostgresDatabase,
  migratedPostgresDatabase,
  PG_ADMIN_URL,
} from './postgres-databases';

export const DATABASES = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASES)[number];

/** Counts the SQL statements TypeORM sends while it is switched on. */
class CountingLogger implements TypeOrmLogger {
  counting = false;
  statements: string[] = [];
  logQuery(query: string) {
    if (this.counting) {
      this.statements.push(query);
    }
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

export interface TestApp {
  db: DatabaseKind;
  app: NestFastifyApplication;
  dataSource: DataSource;
  fixtures: Fixtures;
  /** Where the app listens: `http://127.0.0.1:<port>`. */
  url: string;
  /**
   * A supertest agent on the running app. Every answer is also checked against the committed
   * OpenAPI document (test/harness/openapi-responses.ts): once the test's own expectations pass,
   * an answer the document does not describe fails the request.
   */
  http(): ReturnType<typeof request>;
  /** Runs `work` and returns the SQL statements it issued (for constant-statement tests). */
  statementsOf(work: () => Promise<unknown>): Promise<string[]>;
  /** Whether the app runs on a database of its own (not one that env named). */
  ownDatabase: boolean;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Where the app's log lines go (with LOG_LEVEL set in env); silent by default. */
  logDestination?: DestinationStream;
}

/**
 * Boots the whole application on a fresh database of the given kind, or on the one that env names
 * (DATABASE_URL or DATABASE_PATH: several apps on one database; the caller owns that database).
 */
export async function startApp(
  db: DatabaseKind,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  const ownDatabase = !env.DATABASE_URL && !env.DATABASE_PATH;
  const postgres = db === 'postgres' && ownDatabase ? await migratedPostgresDatabase() : null;
  const config = loadAppConfig({
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: ':memory:' }),
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await createApp(config, {
    embedded: true,
    logDestination: options.logDestination,
  });
  await app.init();
  // Listening once: supertest would otherwise listen on a new port and close it again for every
  // request (0.6 ms of CPU of the 2 ms a small request costs here). Still real HTTP over TCP.
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const dataSource = app.get(DataSource);
  const counter = new CountingLogger();
  Object.defineProperty(dataSource, 'logger', { value: counter, configurable: true });
  return {
    db,
    app,
    dataSource,
    fixtures: new Fixtures(app),
    url,
    ownDatabase,
    http: () => checkedAgainstDocument(request(app.getHttpServer())),
    async statementsOf(work) {
      // The periodic work every instance runs (the DOWN sweep…) is no request's: it waits.
      return withoutPeriodicWork(app, async () => {
        counter.statements = [];
        counter.counting = true;
        try {
          await work();
        } finally {
          counter.counting = false;
        }
        return counter.statements;
      });
    },
    async close() {
      await app.close();
      await postgres?.release();
    },
  };
}

type Agent = ReturnType<typeof request>;
type Finish = (error: Error | null, res?: request.Response) => void;
/** supertest's step that runs a request's expectations, then hands the outcome over. */
type Assert = (error: Error | null, res: request.Response | undefined, finish: Finish) => void;

/**
 * The agent, with each request's expectations followed by the document's: the test's own failure
 * shows first, and an answer that passes them but breaks the document fails with the reason.
 */
function checkedAgainstDocument(agent: Agent): Agent {
  const checked = { ...agent } as Record<string, unknown>;
  for (const [method, start] of Object.entries(agent)) {
    checked[method] = (url: string) => {
      const test = (start as (url: string) => request.Test)(url);
      const own = test as unknown as { assert: Assert };
      const assert = own.assert.bind(test);
      own.assert = (error, res, finish) =>
        assert(error, res, (failure, answered) => {
          const problem =
            failure || !answered
              ? null
              : openApiResponses().problemOf(
                  method === 'del' ? 'delete' : method,
                  test.url,
                  answered,
                );
          finish(failure ?? (problem ? new Error(problem) : null), answered);
        });
      return test;
    };
  }
  return checked as unknown as Agent;
}

/**
 * Runs a describe block on one database, named `<title> [<database>]`, with an app of its own on
 * a fresh database: `onDatabase('postgres', 'upgrades under concurrency', (t) => { ... })`
 * (the concurrency tests run on PostgreSQL only, since SQLite queues transactions).
 */
export function onDatabase(
  db: DatabaseKind,
  title: string,
  body: (t: () => TestApp) => void,
  env: Record<string, string> = {},
  options: StartOptions = {},
): void {
  describe(`${title} [${db}]`, () => {
    let testApp: TestApp | undefined;
    beforeAll(async () => {
      testApp = await startApp(db, env, options);
    }, 120_000);
    afterAll(async () => {
      // Every stored configuration revision must still name the configuration its device
      // receives after the file's tests, whatever they changed (config-revisions/).
      const differing = testApp?.ownDatabase ? await testApp.fixtures.revisionMismatches() : [];
      await testApp?.close();
      if (differing.length > 0) {
        throw new Error(`stored configuration revisions differ:\n${differing.join('\n')}`);
      }
    });
    body(() => {
      if (!testApp) {
        throw new Error('the app did not start');
      }
      return testApp;
    });
  });
}

/**
 * Runs a describe block once on SQLite and once on PostgreSQL, each on a fresh database:
 * `onBothDatabases('location networks', (t) => { it(..., async () => t().http()...) })`.
 */
export function onBothDatabases(
  title: string,
  body: (t: () => TestApp) => void,
  env: Record<string, string> = {},
  options: StartOptions = {},
): void {
  for (const db of DATABASES) {
    onDatabase(db, title, body, env, options);
  }
}
