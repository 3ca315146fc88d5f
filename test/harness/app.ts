import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import request from 'supertest';
import { DestinationStream } from 'pino';
import { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { initializeMigrated } from '../../src/database/startup-lock';
import { ENTITIES } from '../../src/entities';
import { Fixtures } from './fixtures';

export const DATABASES = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASES)[number];

/** Where the harness creates its throwaway PostgreSQL databases (CI: the local server). */
export const PG_ADMIN_URL =
  process.env.PG_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let databaseCounter = 0;

async function adminClient(): Promise<Client> {
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the tests and is unreachable at ${PG_ADMIN_URL}: ${String(error)}`,
    );
  }
  return admin;
}

const databaseUrl = (name: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Creates a fresh PostgreSQL database for one test file; refuses names without "test". Empty
 * unless `template` names a database to copy (CREATE DATABASE ... TEMPLATE).
 */
export async function createPostgresDatabase(template?: string): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `airfleet_test_${process.pid}_${Date.now()}_${databaseCounter++}`;
  if (!name.includes('test')) {
    throw new Error(`refusing to use database ${name}: its name must contain "test"`);
  }
  const admin = await adminClient();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(name),
    drop: async () => {
      const client = new Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

let migratedTemplate: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, which startApp copies instead of migrating
 * each fresh database again (about a second a start on a busy machine). It is named after the
 * content of the PostgreSQL migrations, so a changed migration gets a new one, and it is kept for
 * later runs. Built under a private name and renamed when complete: concurrent test processes
 * each build one, the first rename wins, the others drop theirs. The start-up and CLI tests that
 * migrate an empty database use createPostgresDatabase() without a template.
 */
function postgresTemplate(): Promise<string> {
  return (migratedTemplate ??= (async () => {
    const folder = join(__dirname, '../../src/database/migrations/postgres');
    const digest = createHash('sha256');
    for (const file of readdirSync(folder).sort()) {
      digest
        .update(file)
        .update('\0')
        .update(readFileSync(join(folder, file)))
        .update('\0');
    }
    const name = `airfleet_test_template_${digest.digest('hex').slice(0, 16)}`;
    const admin = await adminClient();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = await createPostgresDatabase();
        try {
          const config = loadAppConfig({ DATABASE_URL: building.url, LOG_LEVEL: 'silent' });
          const options = dataSourceOptions(config.database, ENTITIES);
          await (await initializeMigrated(options)).destroy();
        } catch (error) {
          await building.drop();
          throw error;
        }
        try {
          await admin.query(
            `ALTER DATABASE "${new URL(building.url).pathname.slice(1)}" RENAME TO "${name}"`,
          );
        } catch (error) {
          await building.drop();
          if ((error as { code?: string }).code !== '42P04') {
            throw error;
          }
        }
      }
    } finally {
      await admin.end();
    }
    return name;
  })());
}

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
  /** A supertest agent on the running app. */
  http(): ReturnType<typeof request>;
  /** Runs `work` and returns the SQL statements it issued (for constant-statement tests). */
  statementsOf(work: () => Promise<unknown>): Promise<string[]>;
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
  const postgres =
    db === 'postgres' && ownDatabase
      ? await createPostgresDatabase(await postgresTemplate())
      : null;
  const config = loadAppConfig({
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_PATH: ':memory:' }),
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    // Heartbeats written before the answer: suites read them straight after (issue 14's
    // buffering has its own tests, which pass HEARTBEAT_FLUSH_MS).
    HEARTBEAT_FLUSH_MS: '0',
    ...env,
  });
  const app = await createApp(config, {
    embedded: true,
    logDestination: options.logDestination,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  const counter = new CountingLogger();
  Object.defineProperty(dataSource, 'logger', { value: counter, configurable: true });
  return {
    db,
    app,
    dataSource,
    fixtures: new Fixtures(app),
    http: () => request(app.getHttpServer()),
    async statementsOf(work) {
      counter.statements = [];
      counter.counting = true;
      try {
        await work();
      } finally {
        counter.counting = false;
      }
      return counter.statements;
    },
    async close() {
      await app.close();
      await postgres?.drop();
    },
  };
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
  describe.each(DATABASES)(`${title} [%s]`, (db) => {
    let testApp: TestApp | undefined;
    beforeAll(async () => {
      testApp = await startApp(db, env, options);
    }, 120_000);
    afterAll(async () => {
      await testApp?.close();
    });
    body(() => {
      if (!testApp) {
        throw new Error('the app did not start');
      }
      return testApp;
    });
  });
}
