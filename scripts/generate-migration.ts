/**
 * Generates one migration per database from the difference between the entities and the schema
 * that the existing migrations produce: `npm run migration:generate -- AddSomething`.
 * SQLite is generated against a temporary file, PostgreSQL against a temporary database on
 * PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test) that is dropped afterwards.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { format, resolveConfig } from 'prettier';
import { DataSource } from 'typeorm';
import { AppConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/database/data-source-options';
import { ENTITIES } from '../src/entities';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  process.stderr.write('usage: npm run migration:generate -- PascalCaseName\n');
  process.exit(2);
}
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const timestamp = Date.now();
const className = `${name}${timestamp}`;

function render(up: string[], down: string[]): string {
  const lines = (queries: string[]) =>
    queries
      .map(
        (q) => `    await queryRunner.query(\`${q.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\`);`,
      )
      .join('\n');
  return `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${lines(up)}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${lines(down)}
  }
}
`;
}

/** Writes a file as `prettier --write` would, so that `npm run lint` passes on what we generate. */
async function writeFormatted(path: string, source: string): Promise<void> {
  const options = await resolveConfig(path);
  writeFileSync(path, await format(source, { ...options, filepath: path }));
}

async function generate(folder: 'sqlite' | 'postgres', database: AppConfig['database']) {
  const ds = await new DataSource(dataSourceOptions(database, ENTITIES)).initialize();
  try {
    await ds.runMigrations();
    const sql = await ds.driver.createSchemaBuilder().log();
    if (sql.upQueries.length === 0) {
      process.stdout.write(`${folder}: entities and migrations already agree\n`);
      return;
    }
    const up = sql.upQueries.map((q) => q.query);
    const down = sql.downQueries.map((q) => q.query).reverse();
    const dir = join(__dirname, '..', 'src', 'database', 'migrations', folder);
    const file = `${timestamp}-${name}`;
    await writeFormatted(join(dir, `${file}.ts`), render(up, down));
    const index = join(dir, 'index.ts');
    const source = readFileSync(index, 'utf8');
    const updated = `import { ${className} } from './${file}';\n${source.replace(
      /= \[(.*)\];/s,
      (_m, list: string) =>
        `= [${list.trim() ? `${list.trim().replace(/,$/, '')}, ` : ''}${className}];`,
    )}`;
    await writeFormatted(index, updated);
    process.stdout.write(`${folder}: wrote ${file}.ts (${up.length} statements)\n`);
  } finally {
    await ds.destroy();
  }
}

async function main() {
  await generate('sqlite', {
    type: 'better-sqlite3',
    path: join(mkdtempSync(join(tmpdir(), 'airfleet-')), 'gen.sqlite'),
  });
  const dbName = `airfleet_migrate_test_${timestamp}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    await generate('postgres', { type: 'postgres', url: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
