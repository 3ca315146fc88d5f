import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** SQL type of an id list parameter where the database needs it spelled out. */
const ID_LIST_TYPE = 'int[]';
/** SQL type of a text list parameter where the database needs it spelled out. */
const TEXT_LIST_TYPE = 'text[]';

/**
 * Everything that differs between PostgreSQL and SQLite, behind one interface: placeholders and
 * casts, id lists bound as one parameter, row locks, the start-up lock, whether transactions
 * queue, parameter limits and how each database reports a unique violation or an outage.
 * DatabaseModule provides the instance of the running database (chosen once, from the data
 * source's options, by `dialectOf`); nothing outside src/database/dialect asks which database
 * it runs on. An abstract class so that it is also the injection token.
 */
/** `seconds` as the whole number an SQL text may hold (never anything else). */
export function wholeSeconds(seconds: number): string {
  if (!Number.isSafeInteger(seconds)) {
    throw new Error(`not a whole number of seconds: ${seconds}`);
  }
  return seconds >= 0 ? `+${seconds}` : `${seconds}`;
}

export abstract class Dialect {
  /**
   * Whether transactions must run one at a time: better-sqlite3 has a single connection on
   * which TypeORM would interleave two transactions as savepoints (see UnitOfWork).
   */
  abstract readonly serialisesTransactions: boolean;

  /**
   * Whether several processes may serve one database (WEB_CONCURRENCY): not SQLite, whose
   * transactions UnitOfWork queues within one process.
   */
  abstract readonly servesSeveralProcesses: boolean;

  /** The most bind parameters the database accepts in one statement. */
  abstract readonly maxBindParameters: number;

  /** The positional parameter mark number `position` (from 1) of a raw statement. */
  abstract positional(position: number): string;

  /** `mark` cast to `type` where the database cannot infer the type (PostgreSQL); else `mark`. */
  abstract cast(mark: string, type: string): string;

  /** The value of a list (of ids or texts) bound as ONE parameter (an array or a JSON array). */
  abstract listValue(values: readonly (number | string)[]): unknown;

  /** The condition "`column` is one of the values of the list bound at `mark`". */
  abstract inList(column: string, mark: string): string;

  /** A FROM item `t` with one integer column `value` holding the ids of the list at `mark`. */
  abstract idListTable(mark: string): string;

  /**
   * The parameters of a list of records (rows of values in column order), bound whatever their
   * number in a constant number of parameters: one per column or one in all (see recordsTable).
   */
  abstract recordsValues(rows: readonly (readonly unknown[])[], columnCount: number): unknown[];

  /**
   * A FROM item `t` with the columns (name, database type) and `ordinal` (the row's place, from
   * 1 or 0, ascending), reading the parameters recordsValues gave, bound from mark `first` on.
   */
  abstract recordsTable(first: number, columns: readonly (readonly [string, string])[]): string;

  /**
   * Runs `sql`, a statement the hot path sends thousands of times a second, where `manager`
   * runs (in its transaction, if any). On PostgreSQL it goes to the pool's client straight,
   * without TypeORM's query runner, and that client keeps it prepared like every statement with
   * parameters (statement-cache.ts, unless DATABASE_STATEMENT_CACHE is 0); elsewhere it is an
   * ordinary query. Logged and wrapped in QueryFailedError as TypeORM's own queries are.
   */
  abstract preparedQuery<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]>;

  /**
   * A FROM item `t` with integer columns `id` and `value`, pairing the lists bound at `idsMark`
   * and `valuesMark` element by element (both of the same length).
   */
  abstract idValueTable(idsMark: string, valuesMark: string): string;

  /**
   * An aggregate of the JSON array of `value` over the rows, in `orderBy` order. Over no rows it
   * is NULL (PostgreSQL) or `[]` (SQLite): read it with `parsedJsonArray`.
   */
  abstract jsonArrayAgg(value: string, orderBy: string): string;

  /** A JSON object of these members, each a name and an SQL expression. */
  abstract jsonObject(members: readonly (readonly [string, string])[]): string;

  /** The JSON text of `column` as a JSON value (not a string) inside jsonObject/jsonArrayAgg. */
  abstract jsonOf(column: string): string;

  /**
   * The instant held in the date column `column` moved `seconds` later (a whole number; earlier
   * when negative), comparable with the table's other date columns as they are stored.
   */
  abstract instantPlusSeconds(column: string, seconds: number): string;

  /**
   * The member named by the SQL text `key` of the JSON object held as text in `json`, as JSON
   * (NULL when missing), for jsonInteger. The whole text is parsed each time the expression is
   * evaluated: read several fields of one member through keepSubquery, not one call per field.
   */
  abstract jsonMember(json: string, key: string): string;

  /** The integer member `field` of `member` (a jsonMember or a jsonMembers value; NULL: none). */
  abstract jsonInteger(member: string, field: string): string;

  /**
   * The members of the JSON object held as text in `json`, as a table of `key` and `value` (a
   * value as jsonInteger reads it) to write in a FROM clause: each row's text is parsed once.
   */
  abstract jsonMembers(json: string): string;

  /**
   * Written last in a sub-select in FROM, keeps it from being merged into the outer query, so
   * that what it computes once per row is not computed again for each use outside.
   */
  abstract keepSubquery(): string;

  /** The JSON object held as text in `json` without its member named by the SQL text `key`. */
  abstract jsonWithoutMember(json: string, key: string): string;

  /** A JSON value a statement returned, parsed (the PostgreSQL driver parses json itself). */
  abstract parsedJson(value: unknown): unknown;

  /** A JSON array a statement returned (jsonArrayAgg), parsed; NULL is an empty array. */
  parsedJsonArray<T>(value: unknown): T[] {
    return (value === null || value === undefined ? [] : this.parsedJson(value)) as T[];
  }

  /** `query` locking the rows it reads until the transaction ends, where rows can be locked. */
  abstract lockForUpdate<T extends ObjectLiteral>(
    query: SelectQueryBuilder<T>,
  ): SelectQueryBuilder<T>;

  /**
   * `query` locking the rows it reads, skipping those another transaction holds (a work queue's
   * claim: each instance takes rows no other one is taking); as read where rows cannot be locked
   * (SQLite, one writer at a time).
   */
  abstract lockSkippingLocked<T extends ObjectLiteral>(
    query: SelectQueryBuilder<T>,
  ): SelectQueryBuilder<T>;

  /**
   * Runs `work` (migrations) while holding the start-up lock, so that instances starting at once
   * on one database take turns.
   */
  abstract withStartupLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T>;

  /**
   * Inside a transaction: waits until no other instance holds the start-up lock, and holds it
   * until the transaction ends (demo seeding checks "no organisation yet" under it).
   */
  abstract takeStartupLock(manager: EntityManager): Promise<void>;

  /**
   * Orders the event writes of an organisation (the feed without gaps): held from
   * before the transaction draws its first event id until it ends, so that within an
   * organisation ids ascend in commit order. Taken last, after every other lock of the change.
   */
  abstract lockEventOrder(manager: EntityManager, orgId: number): Promise<void>;

  /**
   * Orders the updates of an organisation's stored configuration revisions: held from before a
   * change reads what the revisions are computed from until it ends, so that the next one reads
   * what this one wrote. Taken after the change's row locks (its writes), before the events'.
   */
  abstract lockConfigRevisions(manager: EntityManager, orgId: number): Promise<void>;

  /**
   * Runs one statement outside any transaction, on the driver's pool where there is one
   * (PostgreSQL), for the statements that every request sends (authentication, `/health`):
   * TypeORM's query runner builds an object graph (runner, entity manager, broadcaster) per
   * statement. Logged through the data source's logger like TypeORM's own statements.
   */
  abstract queryOutsideTransaction<T>(
    dataSource: DataSource,
    sql: string,
    parameters?: unknown[],
  ): Promise<T[]>;

  /** A positional mark cast to `type` where needed: `param` of a raw statement. */
  placeholder(position: number, type?: string): string {
    const mark = this.positional(position);
    return type === undefined ? mark : this.cast(mark, type);
  }

  /** The mark of the text list parameter at `position` (cast to text[] where needed). */
  textListMark(position: number): string {
    return this.cast(this.positional(position), TEXT_LIST_TYPE);
  }

  /** The mark of an id list parameter (cast to int[] where needed). */
  idListMark(mark: string): string {
    return this.cast(mark, ID_LIST_TYPE);
  }

  /**
   * An id list for a TypeORM query builder: `condition(column)` with `{[name]: value}`, the ids
   * bound as one named parameter whatever their number.
   */
  idsParameter(name: string, ids: number[]) {
    return this.listParameter(this.idListMark(`:${name}`), ids);
  }

  /**
   * A text list (MACs, serials) for a TypeORM query builder, bound as one named parameter as
   * idsParameter binds ids: the statement's text and its parameters stay the same size whatever
   * the number of values (TypeORM's `In()` makes one bind parameter per value and handles each
   * when it builds the statement), and no chunking by the bind-parameter limit is needed.
   */
  textsParameter(name: string, values: string[]) {
    return this.listParameter(this.cast(`:${name}`, TEXT_LIST_TYPE), values);
  }

  private listParameter(mark: string, values: readonly (number | string)[]) {
    return {
      condition: (column: string) => this.inList(column, mark),
      value: this.listValue(values),
    };
  }
}
