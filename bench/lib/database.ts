/**
 * The bench's throwaway database: `bench_<random>` on the local PostgreSQL server, or a SQLite
 * file in the system's temporary folder; migrated by Airfleet's own migrations (the DataSource
 * the service builds), dropped at the end unless BENCH_KEEP=1.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { initializeMigrated } from '../../src/database/startup-lock';
import { ENTITIES } from '../../src/entities';
import { DatabaseKind } from './seed';

/** Where the bench creates and drops its PostgreSQL database. */
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  kind: DatabaseKind;
  /** The PostgreSQL database's name, or the SQLite file's path. */
  name: string;
  /** What the servers are given: DATABASE_URL or DATABASE_PATH. */
  env: Record<string, string>;
  /** A connection of the runner's own (seeding, revisions, bulk checks). */
  dataSource: DataSource;
  /** A human-readable location for messages. */
  where: string;
  /** Closes the runner's connection and drops the database (kept with BENCH_KEEP=1). */
  dispose(keep: boolean): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(kind: DatabaseKind): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  if (kind === 'postgres') {
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString() };
    const dataSource = await migrated(env);
    return {
      kind,
      name,
      env,
      dataSource,
      where: `PostgreSQL database ${name}`,
      async dispose(keep) {
        await dataSource.destroy();
        if (!keep) {
          await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
        }
      },
    };
  }
  const path = join(tmpdir(), `${name}.sqlite`);
  const env = { DATABASE_PATH: path };
  const dataSource = await migrated(env);
  return {
    kind,
    name: path,
    env,
    dataSource,
    where: `SQLite file ${path}`,
    async dispose(keep) {
      await dataSource.destroy();
      if (!keep) {
        for (const suffix of ['', '-wal', '-shm']) {
          rmSync(`${path}${suffix}`, { force: true });
        }
      }
    },
  };
}

function migrated(env: Record<string, string>): Promise<DataSource> {
  const config = loadAppConfig({ ...env, LOG_LEVEL: 'silent' });
  return initializeMigrated(dataSourceOptions(config.database, ENTITIES));
}
