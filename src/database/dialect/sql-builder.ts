import { Dialect } from './dialect';

/**
 * Builds raw SQL whose size does not grow with the number of ids: an id list is ONE parameter
 * (see Dialect.listValue), so a request that targets 10,000 devices still sends a constant
 * number of statements, each far below the databases' parameter limits. Marks are numbered in
 * the order parameters are added, which is also their order of appearance (SQLite binds `?`
 * by position).
 */
export class SqlBuilder {
  readonly params: unknown[] = [];

  constructor(private readonly dialect: Dialect) {}

  /** A placeholder for one value; `type` casts it where the database cannot infer the type. */
  param(value: unknown, type?: string): string {
    this.params.push(value);
    return this.dialect.placeholder(this.params.length, type);
  }

  /**
   * `LIMIT … OFFSET …` with the two numbers written in the text, as TypeORM's query builder writes
   * them: PostgreSQL plans a page of a prepared statement once (a generic plan) only when its
   * size is known; bound as parameters, it is planned again on every execution. Only
   * non-negative safe integers are written; anything else throws.
   */
  page(limit: number, offset: number): string {
    for (const value of [limit, offset]) {
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new Error(`not a row count: ${String(value)}`);
      }
    }
    return `LIMIT ${limit} OFFSET ${offset}`;
  }

  /** `column` is one of the ids. */
  inIds(column: string, ids: number[]): string {
    return this.dialect.inList(column, this.idList(ids));
  }

  /** `column` is one of the texts (MACs, say), bound as one parameter as inIds binds ids. */
  inTexts(column: string, texts: string[]): string {
    this.params.push(this.dialect.listValue(texts));
    return this.dialect.inList(column, this.dialect.textListMark(this.params.length));
  }

  /** A FROM item `t` with one integer column `value` holding the ids. */
  idTable(ids: number[]): string {
    return this.dialect.idListTable(this.idList(ids));
  }

  /** A FROM item `t` with integer columns `id` and `value`: `ids[i]` paired with `values[i]`. */
  idValueTable(ids: number[], values: number[]): string {
    return this.dialect.idValueTable(this.idList(ids), this.idList(values));
  }

  private idList(ids: number[]): string {
    this.params.push(this.dialect.listValue(ids));
    return this.dialect.idListMark(this.dialect.positional(this.params.length));
  }
}
