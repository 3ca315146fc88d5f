import { DataSource, DataSourceOptions } from 'typeorm';
import { dialectOf } from './dialect';

/**
 * Applies the pending migrations while holding the start-up lock (Dialect.withStartupLock): a
 * second instance waits for the first, then finds nothing left to run.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  await dialectOf(dataSource.options).withStartupLock(dataSource, () =>
    dataSource.runMigrations({ transaction: 'all' }),
  );
}

/**
 * Creates, connects and migrates the data source: TypeOrmModule's dataSourceFactory. With
 * `migrate` false (a worker process started after the first one migrated, WEB_CONCURRENCY) it
 * only connects.
 */
export async function initializeMigrated(
  options: DataSourceOptions,
  migrate = true,
): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  if (!migrate) {
    return dataSource;
  }
  try {
    await runMigrationsExclusively(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
