import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { createPostgresDatabase, DATABASES } from './app';

/**
 * An empty database of its own for a migration test (a PostgreSQL database, or a SQLite file in
 * a temporary folder), its data source options, and how to remove it.
 */
export async function migrationDatabase(
  db: (typeof DATABASES)[number],
): Promise<{ options: DataSourceOptions; cleanup: () => Promise<void> }> {
  if (db === 'postgres') {
    const database = await createPostgresDatabase();
    return {
      options: dataSourceOptions(
        loadAppConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }).database,
        ENTITIES,
      ),
      cleanup: database.drop,
    };
  }
  const folder = mkdtempSync(join(tmpdir(), 'airfleet-migration-'));
  return {
    options: dataSourceOptions(
      loadAppConfig({ DATABASE_PATH: join(folder, 'db.sqlite'), LOG_LEVEL: 'silent' }).database,
      ENTITIES,
    ),
    cleanup: () => Promise.resolve(rmSync(folder, { recursive: true, force: true })),
  };
}

/**
 * A data source over `options` (not yet initialised) that knows the migrations before the one
 * whose name starts with `name`, or up to and with it when `through` is set: the schema a
 * migration test fills with rows before that migration runs on them.
 */
export function dataSourceBefore(
  options: DataSourceOptions,
  name: string,
  { through = false } = {},
): DataSource {
  const migrations = options.migrations as { name: string }[];
  const at = migrations.findIndex((migration) => migration.name.startsWith(name));
  if (at < 0) {
    throw new Error(`no migration named ${name}…`);
  }
  return new DataSource({
    ...options,
    migrations: migrations.slice(0, through ? at + 1 : at),
  } as DataSourceOptions);
}

/**
 * A migration test's database for the enclosing `describe` (made before its tests, removed
 * after): a getter of the options its data sources are built on.
 */
export function useMigrationDatabase(db: (typeof DATABASES)[number]): () => DataSourceOptions {
  let database: Awaited<ReturnType<typeof migrationDatabase>> | undefined;
  beforeAll(async () => {
    database = await migrationDatabase(db);
  }, 120_000);
  afterAll(() => database?.cleanup());
  return () => database!.options;
}

/**
 * Runs on `dataSource` a statement written with PostgreSQL's `$n` marks, each used once and in
 * order (SQLite binds `?` by position).
 */
export const queryOn =
  (db: (typeof DATABASES)[number], dataSource: DataSource) =>
  (sql: string, params: unknown[] = []): Promise<unknown> =>
    dataSource.query(db === 'postgres' ? sql : sql.replace(/\$\d+/g, '?'), params);
