import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppConfig, DEFAULT_STATEMENT_CACHE_SIZE } from '../../config/app-config';
import { POSTGRES_MIGRATIONS } from '../migrations/postgres';
import { SQLITE_MIGRATIONS } from '../migrations/sqlite';
import { ConvertingDatabase } from './sqlite-driver';
import { preparingClient } from './statement-cache';

/**
 * node-postgres pool settings for outages: a request never hangs on an unreachable
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
 * The pool's client class: node-postgres' own without a statement cache (each statement parsed
 * and planned on every execution, as PgBouncer's transaction pooling needs), else one that keeps
 * that many prepared statements a connection (statement-cache.ts).
 */
function preparedStatements(size: number): { Client?: ReturnType<typeof preparingClient> } {
  return size > 0 ? { Client: preparingClient(size) } : {};
}

/** The database-specific TypeORM options: driver, location, migrations and connection set-up. */
export function connectionOptions(database: AppConfig['database']) {
  if (database.type === 'postgres') {
    return {
      type: 'postgres',
      url: database.url,
      migrations: POSTGRES_MIGRATIONS,
      extra: {
        ...POSTGRES_POOL,
        ...preparedStatements(database.statementCache ?? DEFAULT_STATEMENT_CACHE_SIZE),
      },
    } as const;
  }
  if (database.path !== ':memory:') {
    mkdirSync(dirname(database.path), { recursive: true });
  }
  return {
    type: 'better-sqlite3',
    driver: ConvertingDatabase,
    database: database.path,
    migrations: SQLITE_MIGRATIONS,
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('foreign_keys = ON');
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
    },
  } as const;
}
