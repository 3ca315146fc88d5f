import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { POSTGRES_MIGRATIONS } from './migrations/postgres';
import { SQLITE_MIGRATIONS } from './migrations/sqlite';
import './sqlite-parameters';

/**
 * The one place that turns configuration into TypeORM options. Both databases run their own
 * checked-in migrations, generated from the same entities (see scripts/generate-migration.ts);
 * test/schema.e2e-spec.ts proves that each set produces exactly the entities' schema.
 */
export function dataSourceOptions(database: AppConfig['database']): DataSourceOptions {
  const common = { entities: ENTITIES, migrationsRun: false, synchronize: false, logging: false };
  if (database.type === 'postgres') {
    return { ...common, type: 'postgres', url: database.url, migrations: POSTGRES_MIGRATIONS };
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
