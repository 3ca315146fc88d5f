/**
 * The most bind parameters one statement carries. Each dialect states its database's limit
 * (Dialect.maxBindParameters: SQLite 32,766, PostgreSQL 65,535); staying under the smaller with
 * room for a statement's own parameters lets every bulk write of up to 10,000 entries (the bulk
 * limit) run on both databases, whichever runs (bind-parameters.spec.ts holds it under both).
 */
export const MAX_BIND_PARAMETERS = 30_000;

/**
 * Splits `rows` into chunks whose statements each stay under MAX_BIND_PARAMETERS when every
 * row binds `parametersPerRow` values. A bulk write issues one statement per chunk: a
 * constant number of statements for up to MAX_BIND_PARAMETERS / parametersPerRow rows, and
 * a few more (never one per row) beyond.
 */
export function chunksOf<T>(rows: readonly T[], parametersPerRow: number): T[][] {
  const size = rowsPerStatement(parametersPerRow);
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) {
    chunks.push(rows.slice(start, start + size));
  }
  return chunks;
}

/** How many rows of `parametersPerRow` bind values one statement of chunksOf carries. */
export function rowsPerStatement(parametersPerRow: number): number {
  return Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Math.max(1, parametersPerRow)));
}
