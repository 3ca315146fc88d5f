import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

/** A hash of every row of every application table, per table. */
export type TableDigest = Map<string, string>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Bookkeeping columns that authentication itself writes, whatever the request then answers: a
 * token's last_used_at (kept to the minute). They are not a change "by" the request.
 */
const BOOKKEEPING: Record<string, string[]> = { access_tokens: ['last_used_at'] };

/** One statement on PostgreSQL (md5 of the ordered rows); a row dump per table on SQLite. */
export async function tableDigest(dataSource: DataSource): Promise<TableDigest> {
  const tables = [...new Set(dataSource.entityMetadatas.map((m) => m.tableName))].sort();
  const digest: TableDigest = new Map();
  if (dataSource.options.type === 'postgres') {
    const sql = tables
      .map(
        (table) =>
          `SELECT '${table}' AS t, md5(coalesce(string_agg(${rowText(table)}, '|' ` +
          `ORDER BY ${rowText(table)}), '')) AS h FROM ${quote(table)} x`,
      )
      .join(' UNION ALL ');
    const rows: { t: string; h: string }[] = await dataSource.query(sql);
    rows.forEach((row) => digest.set(row.t, row.h));
    return digest;
  }
  for (const table of tables) {
    const rows: Record<string, unknown>[] = await dataSource.query(
      `SELECT * FROM ${quote(table)} ORDER BY rowid`,
    );
    for (const column of BOOKKEEPING[table] ?? []) {
      rows.forEach((row) => delete row[column]);
    }
    digest.set(table, createHash('sha1').update(JSON.stringify(rows)).digest('hex'));
  }
  return digest;
}

/** A row as text on PostgreSQL, without its bookkeeping columns. */
function rowText(table: string): string {
  const skipped = BOOKKEEPING[table] ?? [];
  return skipped.length === 0
    ? 'x::text'
    : `(to_jsonb(x) ${skipped.map((column) => `- '${column}'`).join(' ')})::text`;
}

/** The tables whose rows differ between two digests. */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (table) => before.get(table) !== after.get(table),
  );
}

/** The data sources whose PostgreSQL tables already count their writes. */
const counting = new WeakSet<DataSource>();

/**
 * A counter that moves whenever a row may have changed; when it has not moved, no row changed
 * and the full digest can be skipped. SQLite: total_changes() on the single connection.
 * PostgreSQL: a sequence that a statement-level trigger on every application table advances on
 * each INSERT, UPDATE, DELETE or TRUNCATE (installed on first use; fuzz databases only). A
 * sequence is not rolled back, so a write undone by a rollback still moves it: that only costs a
 * digest, while a change can never go unnoticed.
 */
export async function changeCounter(dataSource: DataSource): Promise<number> {
  if (dataSource.options.type !== 'postgres') {
    const [row]: { n: number }[] = await dataSource.query('SELECT total_changes() AS n');
    return row.n;
  }
  if (!counting.has(dataSource)) {
    await installWriteCounter(dataSource);
    counting.add(dataSource);
  }
  const [row]: { n: string }[] = await dataSource.query('SELECT last_value AS n FROM fuzz_writes');
  return Number(row.n);
}

async function installWriteCounter(dataSource: DataSource): Promise<void> {
  const tables = [...new Set(dataSource.entityMetadatas.map((m) => m.tableName))];
  await dataSource.query('CREATE SEQUENCE IF NOT EXISTS fuzz_writes');
  // last_value reads the same before and after the first nextval: take that one now.
  await dataSource.query("SELECT nextval('fuzz_writes')");
  await dataSource.query(
    `CREATE OR REPLACE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS
     $$ BEGIN PERFORM nextval('fuzz_writes'); RETURN NULL; END $$`,
  );
  for (const table of tables) {
    await dataSource.query(
      `CREATE OR REPLACE TRIGGER fuzz_count_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ` +
        `ON ${quote(table)} FOR EACH STATEMENT EXECUTE FUNCTION fuzz_count_write()`,
    );
  }
}
