import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

/** A hash of every row of every application table, per table. */
export type TableDigest = Map<string, string>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One statement on PostgreSQL (md5 of the ordered rows); a row dump per table on SQLite. */
export async function tableDigest(dataSource: DataSource): Promise<TableDigest> {
  const tables = [...new Set(dataSource.entityMetadatas.map((m) => m.tableName))].sort();
  const digest: TableDigest = new Map();
  if (dataSource.options.type === 'postgres') {
    const sql = tables
      .map(
        (table) =>
          `SELECT '${table}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h ` +
          `FROM ${quote(table)} x`,
      )
      .join(' UNION ALL ');
    const rows: { t: string; h: string }[] = await dataSource.query(sql);
    rows.forEach((row) => digest.set(row.t, row.h));
    return digest;
  }
  for (const table of tables) {
    const rows: unknown[] = await dataSource.query(`SELECT * FROM ${quote(table)} ORDER BY rowid`);
    digest.set(table, createHash('sha1').update(JSON.stringify(rows)).digest('hex'));
  }
  return digest;
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
