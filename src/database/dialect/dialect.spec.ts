import { DIALECTS, dialectOf } from '.';
import { PostgresDialect } from './postgres.dialect';
import { SqlBuilder } from './sql-builder';
import { SqliteDialect } from './sqlite.dialect';

const postgres = dialectOf({ type: 'postgres' });
const sqlite = dialectOf({ type: 'better-sqlite3' });

describe('dialectOf', () => {
  it('chooses one instance per database from the driver type of the options', () => {
    expect(postgres).toBeInstanceOf(PostgresDialect);
    expect(sqlite).toBeInstanceOf(SqliteDialect);
    expect(dialectOf({ type: 'postgres' })).toBe(postgres);
    expect(DIALECTS).toEqual([postgres, sqlite]);
  });

  it('refuses a database it has no dialect for', () => {
    expect(() => dialectOf({ type: 'mysql' })).toThrow('Unsupported database type mysql');
  });
});

describe('SqlBuilder', () => {
  it('numbers PostgreSQL marks and binds an id list as one int[] parameter', () => {
    const sql = new SqlBuilder(postgres);
    const text = [
      sql.param(7),
      sql.param(true, 'boolean'),
      sql.inIds('d."id"', [1, 2]),
      sql.idTable([3]),
    ].join(' ');
    expect(text).toBe(
      '$1 CAST($2 AS boolean) d."id" = ANY(CAST($3 AS int[])) unnest(CAST($4 AS int[])) AS t(value)',
    );
    expect(sql.params).toEqual([7, true, [1, 2], [3]]);
  });

  it('uses positional ? marks and json_each over a JSON array on SQLite', () => {
    const sql = new SqlBuilder(sqlite);
    const text = [
      sql.param(7),
      sql.param(true, 'boolean'),
      sql.inIds('d."id"', [1, 2]),
      sql.idTable([3]),
    ].join(' ');
    expect(text).toBe('? ? d."id" IN (SELECT value FROM json_each(?)) json_each(?) AS t');
    expect(sql.params).toEqual([7, true, '[1,2]', '[3]']);
  });

  it('binds a text list as one parameter: text[] on PostgreSQL, a JSON array on SQLite', () => {
    const pg = new SqlBuilder(postgres);
    expect(pg.inTexts('m', ['a', 'b'])).toBe('m = ANY(CAST($1 AS text[]))');
    expect(pg.params).toEqual([['a', 'b']]);
    const lite = new SqlBuilder(sqlite);
    expect(lite.inTexts('m', ['a', 'b'])).toBe('m IN (SELECT value FROM json_each(?))');
    expect(lite.params).toEqual(['["a","b"]']);
  });

  it('writes a page size and offset into the text, and refuses anything but a row count', () => {
    const sql = new SqlBuilder(postgres);
    expect(sql.page(100, 0)).toBe('LIMIT 100 OFFSET 0');
    expect(sql.page(25, 9975)).toBe('LIMIT 25 OFFSET 9975');
    expect(sql.params).toEqual([]);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => sql.page(bad, 0)).toThrow(/not a row count/);
      expect(() => sql.page(10, bad)).toThrow(/not a row count/);
    }
  });
});

describe('SqlBuilder.idValueTable', () => {
  it('pairs two int[] parameters with unnest on PostgreSQL', () => {
    const sql = new SqlBuilder(postgres);
    expect(sql.idValueTable([1, 2], [5, -3])).toBe(
      'unnest(CAST($1 AS int[]), CAST($2 AS int[])) AS t(id, value)',
    );
    expect(sql.params).toEqual([
      [1, 2],
      [5, -3],
    ]);
  });

  it('joins two JSON arrays on their positions on SQLite', () => {
    const sql = new SqlBuilder(sqlite);
    expect(sql.idValueTable([1, 2], [5, -3])).toBe(
      '(SELECT i.value AS id, v.value AS value FROM json_each(?) i JOIN json_each(?) v ON v.key = i.key) AS t',
    );
    expect(sql.params).toEqual(['[1,2]', '[5,-3]']);
  });
});

describe('JSON building', () => {
  it('aggregates objects with json_agg / json_group_array, in order', () => {
    const object = (d: typeof postgres) =>
      d.jsonArrayAgg(
        d.jsonObject([
          ['id', 'u.id'],
          ['details', d.jsonOf('u.details')],
        ]),
        'u.id',
      );
    expect(object(postgres)).toBe(
      "json_agg(json_build_object('id', u.id, 'details', CAST(u.details AS json)) ORDER BY u.id)",
    );
    expect(object(sqlite)).toBe(
      "json_group_array(json_object('id', u.id, 'details', json(u.details)) ORDER BY u.id)",
    );
  });

  it('reads an aggregate over no rows as an empty array on both databases', () => {
    expect(postgres.parsedJsonArray(null)).toEqual([]);
    expect(postgres.parsedJsonArray([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(sqlite.parsedJsonArray('[]')).toEqual([]);
    expect(sqlite.parsedJsonArray('[{"id":1}]')).toEqual([{ id: 1 }]);
  });
});

describe('idsParameter', () => {
  it('binds the ids as one named parameter for a query builder', () => {
    const pg = postgres.idsParameter('ids', [4, 5]);
    expect(pg.condition('u.device_id')).toBe('u.device_id = ANY(CAST(:ids AS int[]))');
    expect(pg.value).toEqual([4, 5]);
    const lite = sqlite.idsParameter('ids', [4, 5]);
    expect(lite.condition('u.device_id')).toBe(
      'u.device_id IN (SELECT value FROM json_each(:ids))',
    );
    expect(lite.value).toBe('[4,5]');
  });
});

describe('transactions and limits', () => {
  it('queues transactions on SQLite only', () => {
    expect(sqlite.serialisesTransactions).toBe(true);
    expect(postgres.serialisesTransactions).toBe(false);
  });

  it('lets several processes serve PostgreSQL only', () => {
    expect(postgres.servesSeveralProcesses).toBe(true);
    expect(sqlite.servesSeveralProcesses).toBe(false);
  });

  it('states each database’s bind parameter limit', () => {
    expect(sqlite.maxBindParameters).toBe(32_766);
    expect(postgres.maxBindParameters).toBe(65_535);
  });
});

describe('locks', () => {
  it('takes no start-up lock on SQLite and runs the work as is', async () => {
    const work = jest.fn().mockResolvedValue('done');
    await expect(sqlite.withStartupLock({} as never, work)).resolves.toBe('done');
    await expect(sqlite.takeStartupLock({} as never)).resolves.toBeUndefined();
  });

  it('locks rows for update on PostgreSQL only, without waiting for foreign-key share locks', () => {
    const query = { setLock: jest.fn().mockReturnThis() };
    expect(sqlite.lockForUpdate(query as never)).toBe(query);
    expect(query.setLock).not.toHaveBeenCalled();
    expect(postgres.lockForUpdate(query as never)).toBe(query);
    expect(query.setLock).toHaveBeenCalledWith('for_no_key_update');
  });

  it('orders an organisation’s events by a transaction-level advisory lock', async () => {
    const manager = { query: jest.fn().mockResolvedValue([]) };
    await postgres.lockEventOrder(manager as never, 7);
    expect(manager.query).toHaveBeenCalledWith(
      'SELECT pg_advisory_xact_lock($1, $2)',
      [0x41464556, 7],
    );
    await sqlite.lockEventOrder(manager as never, 7);
    expect(manager.query).toHaveBeenCalledTimes(1);
  });

  it('takes PostgreSQL’s transaction-level advisory lock', async () => {
    const manager = { query: jest.fn().mockResolvedValue([]) };
    await postgres.takeStartupLock(manager as never);
    expect(manager.query).toHaveBeenCalledWith('SELECT pg_advisory_xact_lock($1)', [0x41464c54]);
  });
});
