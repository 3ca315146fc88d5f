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

  /** `(SELECT …)` yielding the ids, for `column IN <ids>`. */
  ids(ids: number[]): string {
    return this.postgres
      ? `(SELECT unnest(${this.param(ids, 'int[]')}))`
      : `(SELECT value FROM json_each(${this.param(JSON.stringify(ids))}))`;
  }

  /** A FROM item `t` with one integer column `value` holding the ids. */
  idTable(ids: number[]): string {
    return this.postgres
      ? `unnest(${this.param(ids, 'int[]')}) AS t(value)`
      : `json_each(${this.param(JSON.stringify(ids))}) AS t`;
  }
}

/** The same id list for a TypeORM query builder: `column IN ${subquery}` with `{[name]: value}`. */
export function idsParameter(postgres: boolean, name: string, ids: number[]) {
  return postgres
    ? { subquery: `(SELECT unnest(CAST(:${name} AS int[])))`, value: ids }
    : { subquery: `(SELECT value FROM json_each(:${name}))`, value: JSON.stringify(ids) };
}
