import { DataSource, DataSourceOptions, EntityManager } from 'typeorm';

/**
 * Key of the PostgreSQL advisory lock that serialises start-up work (migrations, demo seeding)
 * between instances starting at once on one database (CONTRACT 9). ASCII "AFLT".
 */
const STARTUP_LOCK_KEY = 0x41464c54;
const LOCK_POLL_MS = 200;

function isPostgres(dataSource: DataSource): boolean {
  return dataSource.options.type === 'postgres';
}

/**
 * Applies the pending migrations while holding the start-up lock: a second instance waits for
 * the first, then finds nothing left to run (without the lock both create the schema and one
 * crashes). The lock is polled with pg_try_advisory_lock so that no statement waits longer than
 * the pool's query timeout. SQLite has one writer per file and needs no lock.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  if (!isPostgres(dataSource)) {
    await dataSource.runMigrations({ transaction: 'all' });
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    for (;;) {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [
        STARTUP_LOCK_KEY,
      ])) as { locked: boolean }[];
      if (locked) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      await dataSource.runMigrations({ transaction: 'all' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}

/** Creates, connects and migrates the data source: TypeOrmModule's dataSourceFactory. */
export async function initializeMigrated(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  try {
    await runMigrationsExclusively(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/**
 * Inside a transaction: waits until no other instance holds the start-up lock, and holds it
 * until the transaction ends (demo seeding checks "no organisation yet" under it). No-op on SQLite,
 * where UnitOfWork already runs one transaction at a time.
 */
export async function takeStartupLock(manager: EntityManager): Promise<void> {
  if (isPostgres(manager.connection)) {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK_KEY]);
  }
}
