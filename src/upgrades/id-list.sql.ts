/**
 * Builds raw SQL whose size does not grow with the number of ids: an id list is ONE parameter
 * (a PostgreSQL int[] or, on SQLite, a JSON array read with json_each), so a request that
 * targets 10,000 devices still sends a constant number of statements, each far below the
 * databases' parameter limits.
 */
export class SqlBuilder {
  readonly params: unknown[] = [];

  constructor(readonly postgres: boolean) {}

  /** A placeholder for one value; `pgType` casts it where PostgreSQL cannot infer the type. */
  param(value: unknown, pgType?: string): string {
    this.params.push(value);
    if (!this.postgres) {
      return '?';
    }
    const placeholder = `$${this.params.length}`;
    return pgType ? `CAST(${placeholder} AS ${pgType})` : placeholder;
  }

  /**
   * `column` is one of the ids. On PostgreSQL `= ANY(array)`, which it hashes: with `IN (SELECT
   * unnest(…))` the planner, lacking statistics on freshly written rows, chose a nested loop
   * that compared every row with every id (2 s for 10,000 devices).
   */
  inIds(column: string, ids: number[]): string {
    return this.postgres
      ? `${column} = ANY(${this.param(ids, 'int[]')})`
      : `${column} IN (SELECT value FROM json_each(${this.param(JSON.stringify(ids))}))`;
  }

  /** A FROM item `t` with one integer column `value` holding the ids. */
  idTable(ids: number[]): string {
    return this.postgres
      ? `unnest(${this.param(ids, 'int[]')}) AS t(value)`
      : `json_each(${this.param(JSON.stringify(ids))}) AS t`;
  }
}

/** The same condition for a TypeORM query builder: `condition(column)` with `{[name]: value}`. */
export function idsParameter(postgres: boolean, name: string, ids: number[]) {
  return postgres
    ? { condition: (column: string) => `${column} = ANY(CAST(:${name} AS int[]))`, value: ids }
    : {
        condition: (column: string) => `${column} IN (SELECT value FROM json_each(:${name}))`,
        value: JSON.stringify(ids),
      };
}
