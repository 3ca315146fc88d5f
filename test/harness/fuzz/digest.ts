import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

/** A hash of every row of every application table, per table. */
export type TableDigest = Map<string, string>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Bookkeeping columns that authentication itself writes, whatever the request then answers: a
 * token's last_used_at (kept to the minute, CONTRACT 9). They are not a change "by" the request.
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

/**
 * A counter that moves whenever a row may have changed, when the database offers a cheap one
 * (SQLite's total_changes() on the single connection); null elsewhere. When it has not moved,
 * no row changed and the full digest can be skipped.
 */
export async function changeCounter(dataSource: DataSource): Promise<number | null> {
  if (dataSource.options.type !== 'better-sqlite3') {
    return null;
  }
  const [row]: { n: number }[] = await dataSource.query('SELECT total_changes() AS n');
  return row.n;
}
