import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { initializeMigrated } from '../../src/database/startup-lock';
import { ENTITIES } from '../../src/entities';
import { DEFAULT_ADMIN_URL } from './postgres-server';

/**
 * Where the harness creates its throwaway PostgreSQL databases (CI: the local server; without one,
 * the server of the run that global-setup.ts started and named here).
 */
export const PG_ADMIN_URL = process.env.PG_TEST_ADMIN_URL ?? DEFAULT_ADMIN_URL;

let databaseCounter = 0;

/** Runs `work` on a connection to the admin database, closed afterwards. */
const withAdmin = <T>(work: (admin: Client) => Promise<T>): Promise<T> =>
  withClient(PG_ADMIN_URL, work);

/** Runs `work` on a connection to the database at `url`, closed afterwards. */
async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is required for the tests and is unreachable at ${url}: ${String(error)}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const uniqueSuffix = () => `${process.pid}_${Date.now() % 1e8}_${databaseCounter++}`;

/** A database name no other test process uses ("test" in it, as every name here must have). */
const privateName = (kind: string) => `airfleet_test_${kind}${uniqueSuffix()}`;

async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * Creates a fresh PostgreSQL database for one test file; refuses names without "test". Empty
 * unless `template` names a database to copy (CREATE DATABASE ... TEMPLATE).
 */
export async function createPostgresDatabase(template?: string): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = await createDatabase(template);
  return { url: databaseUrl(name), drop: () => dropDatabase(name) };
}

/** Creates a database under a private name (empty, or a copy of `template`) and returns it. */
async function createDatabase(template?: string): Promise<string> {
  const name = privateName('');
  if (!name.includes('test')) {
    throw new Error(`refusing to use database ${name}: its name must contain "test"`);
  }
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  return name;
}

interface Template {
  name: string;
  /** The hash of the PostgreSQL migrations, which names the template and its pool. */
  digest: string;
}

let migratedTemplate: Promise<Template> | undefined;

/**
 * A PostgreSQL database with every migration applied, which the harness copies instead of
 * migrating each fresh database again (about a second a start on a busy machine). It is named
 * after the content of the PostgreSQL migrations, so a changed migration gets a new one, and it
 * is kept for later runs. Built under a private name and renamed when complete: concurrent test
 * processes each build one, the first rename wins, the others drop theirs. The process that
 * builds a new template drops the pooled copies of older ones.
 */
function postgresTemplate(): Promise<Template> {
  return (migratedTemplate ??= (async () => {
    const folder = join(__dirname, '../../src/database/migrations/postgres');
    const hash = createHash('sha256');
    for (const file of readdirSync(folder).sort()) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(folder, file)))
        .update('\0');
    }
    const digest = hash.digest('hex').slice(0, 16);
    const name = `airfleet_test_template_${digest}`;
    await withAdmin(async (admin) => {
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
        const stale = await admin.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE datname LIKE 'airfleet\\_test\\_pool\\_%'
             AND datname NOT LIKE $1`,
          [`${POOL_PREFIX}${digest}\\_%`],
        );
        for (const { datname } of stale.rows) {
          await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        }
      }
      await dropOrphans(admin);
    });
    return { name, digest };
  })());
}

/**
 * Drops the databases that test processes which have since died were using (a killed run drops
 * nothing): their names carry the process id.
 */
async function dropOrphans(admin: Client): Promise<void> {
  const owned = await admin.query<{ datname: string; pid: string }>(
    `SELECT datname, substring(datname FROM '^airfleet_test_(?:busy_)?([0-9]+)_') AS pid
       FROM pg_database WHERE datname ~ '^airfleet_test_(busy_)?[0-9]+_'`,
  );
  for (const { datname, pid } of owned.rows) {
    if (!processAlive(Number(pid))) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What a test may have changed in a database besides its rows: relations and their columns,
 * functions, triggers, constraints, schemas, extensions, database settings and the applied
 * migrations. A pooled database whose shape differs from the template's is dropped, not reused.
 */
const SHAPE = `
  SELECT md5(string_agg(item, ',' ORDER BY item)) AS shape FROM (
    SELECT 'r:' || n.nspname || '.' || c.relname || ':' || c.relkind::text
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    UNION ALL
    SELECT 'a:' || a.attrelid::regclass || '.' || a.attname || ':' ||
           format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':' ||
           coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'f:' || n.nspname || '.' || p.proname
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT 't:' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'c:' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint
    UNION ALL SELECT 'n:' || nspname FROM pg_namespace
    UNION ALL SELECT 'e:' || extname FROM pg_extension
    UNION ALL SELECT 's:' || array_to_string(setconfig, ' ') FROM pg_db_role_setting
     WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
    UNION ALL SELECT 'm:' || name FROM migrations
  ) shape(item)`;

/** Every row but the migrations gone and the sequences restarted: the template's state. */
const EMPTY = `
  DO $$
  DECLARE item record;
  BEGIN
    SET LOCAL session_replication_role = replica;
    FOR item IN SELECT tablename FROM pg_tables
                 WHERE schemaname = 'public' AND tablename <> 'migrations' LOOP
      EXECUTE format('DELETE FROM public.%I', item.tablename);
    END LOOP;
    -- Every sequence but the migrations table's, whose rows stay.
    FOR item IN SELECT sequencename FROM pg_sequences
                 WHERE schemaname = 'public'
                   AND format('public.%I', sequencename)::regclass
                       IS DISTINCT FROM pg_get_serial_sequence('public.migrations', 'id')::regclass LOOP
      EXECUTE format('ALTER SEQUENCE public.%I RESTART', item.sequencename);
    END LOOP;
  END $$`;

const POOL_PREFIX = 'airfleet_test_pool_';

/** The shape (SHAPE) of the database at `url`. */
export async function databaseShape(url: string): Promise<string> {
  return withClient(
    url,
    async (client) => (await client.query<{ shape: string }>(SHAPE)).rows[0].shape,
  );
}

/** Deletes every row but the applied migrations and restarts every sequence (EMPTY). */
export async function emptyDatabase(url: string): Promise<void> {
  await withClient(url, (client) => client.query(EMPTY));
}

/** Renames the first free pooled database to a private name; null when none is free. */
async function claimPooled(template: Template): Promise<string | null> {
  return withAdmin(async (admin) => {
    const free = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY random()',
      [`${POOL_PREFIX}${template.digest}\\_%`],
    );
    for (const { datname } of free.rows) {
      const name = privateName('busy_');
      try {
        await admin.query(`ALTER DATABASE "${datname}" RENAME TO "${name}"`);
        return name;
      } catch (error) {
        // Another process claimed it first (gone, or connected to while it renames it).
        if (!['3D000', '55006'].includes((error as { code?: string }).code ?? '')) {
          throw error;
        }
      }
    }
    return null;
  });
}

/**
 * Empties a database handed back and returns it to the pool when it still has the template's
 * shape; otherwise (or when anything fails) drops it.
 */
async function returnToPool(name: string, template: Template, shape: string): Promise<void> {
  try {
    if ((await databaseShape(databaseUrl(name))) !== shape) {
      throw new Error(`${name} no longer has the template's shape`);
    }
    await emptyDatabase(databaseUrl(name));
    await withAdmin((admin) =>
      admin.query(
        `ALTER DATABASE "${name}" RENAME TO "${POOL_PREFIX}${template.digest}_${uniqueSuffix()}"`,
      ),
    );
  } catch {
    await dropDatabase(name);
  }
}

/**
 * A migrated PostgreSQL database of its own for one test app: a pooled copy of the template when
 * one is free (emptied when it was handed back, as the template is), else a new copy. Copying the
 * template costs PostgreSQL about a third of a second of CPU; emptying a pooled one a few
 * milliseconds. `release` hands it back (the caller has closed every connection to it). Tests
 * that migrate or change the schema themselves use createPostgresDatabase.
 */
export async function migratedPostgresDatabase(): Promise<{
  url: string;
  release: () => Promise<void>;
}> {
  const template = await postgresTemplate();
  const name = (await claimPooled(template)) ?? (await createDatabase(template.name));
  // The shape it has now is the template's (a pooled copy is only pooled with that shape); the
  // template itself is not read, since CREATE DATABASE fails while anyone is connected to it.
  const shape = await databaseShape(databaseUrl(name));
  return { url: databaseUrl(name), release: () => returnToPool(name, template, shape) };
}
