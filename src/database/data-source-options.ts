import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import './sqlite-parameters';

/**
 * node-postgres pool settings for outages (CONTRACT 9): a request never hangs on an unreachable
 * database. Connecting, or waiting for a free client, gives up after 3 s (then 503 1040); a query
 * whose answer never comes (a silent network) fails after 60 s; TCP keep-alive notices dead peers.
 * A client whose connection failed is dropped by the pool (TypeORM releases it with the error),
 * so the service resumes by itself when the database returns.
 */
export const POSTGRES_POOL = {
  connectionTimeoutMillis: 3000,
  query_timeout: 60_000,
  idleTimeoutMillis: 10_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
};

/**
 * The one place that turns configuration into TypeORM options. Both databases run their own
 * checked-in migrations, generated from the same entities (see scripts/generate-migration.ts);
 * test/schema.e2e-spec.ts proves that each set produces exactly the entities' schema. The entity
 * list comes from the caller (src/entities.ts at the composition root), so this folder imports no
 * feature.
 */
export function dataSourceOptions(
  database: AppConfig['database'],
  entities: DataSourceOptions['entities'],
): DataSourceOptions {
  const common = { entities, migrationsRun: false, synchronize: false, logging: false };
  if (database.type === 'postgres') {
    return {
      ...common,
      type: 'postgres',
      url: database.url,
      migrations: POSTGRES_MIGRATIONS,
      extra: POSTGRES_POOL,
    };
  }
  if (database.path !== ':memory:') {
    mkdirSync(dirname(database.path), { recursive: true });
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.path,
    migrations: SQLITE_MIGRATIONS,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
    },
  };
}
