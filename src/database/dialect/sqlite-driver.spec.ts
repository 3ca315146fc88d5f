import {
  ConvertingDatabase,
  IMMEDIATE_BEGIN,
  toSqliteParameter,
  TYPEORM_BEGIN,
} from './sqlite-driver';

describe('toSqliteParameter', () => {
  it('stores booleans as 1/0 and dates as TypeORM’s UTC datetime text', () => {
    expect(toSqliteParameter(true)).toBe(1);
    expect(toSqliteParameter(false)).toBe(0);
    expect(toSqliteParameter(new Date('2026-03-04T05:06:07.089Z'))).toBe('2026-03-04 05:06:07.089');
    expect(toSqliteParameter('x')).toBe('x');
    expect(toSqliteParameter(null)).toBeNull();
    expect(toSqliteParameter(3)).toBe(3);
  });
});

describe('ConvertingDatabase', () => {
  let db: ConvertingDatabase;

  beforeEach(() => {
    db = new ConvertingDatabase(':memory:');
    db.exec('CREATE TABLE t (flag INTEGER, at TEXT, name TEXT)');
  });

  afterEach(() => db.close());

  it('binds booleans and dates that better-sqlite3 itself refuses', () => {
    const insert = db.prepare('INSERT INTO t (flag, at, name) VALUES (?, ?, ?)');
    const result = insert.run(true, new Date('2026-03-04T05:06:07.089Z'), 'a');
    expect(result.changes).toBe(1);
    expect(db.prepare('SELECT flag, at, name FROM t WHERE flag = ?').all(true)).toEqual([
      { flag: 1, at: '2026-03-04 05:06:07.089', name: 'a' },
    ]);
    expect(db.prepare('SELECT name FROM t WHERE flag = ?').get(false)).toBeUndefined();
  });

  it('keeps the statement’s own properties (TypeORM reads `reader`)', () => {
    expect(db.prepare('SELECT 1').reader).toBe(true);
    expect(db.prepare('DELETE FROM t').reader).toBe(false);
  });

  it('converts parameters given to bind and keeps chaining on the converting statement', () => {
    db.prepare('INSERT INTO t (flag, at, name) VALUES (1, NULL, ?)').run('b');
    const statement = db.prepare('SELECT name FROM t WHERE flag = ?');
    expect(statement.bind(true)).toBe(statement);
    expect(statement.all()).toEqual([{ name: 'b' }]);
  });

  it('begins TypeORM’s transactions IMMEDIATE: they take the write lock first', () => {
    expect(db.prepare(TYPEORM_BEGIN).source).toBe(IMMEDIATE_BEGIN);
    expect(db.prepare('BEGIN').source).toBe('BEGIN');
    db.prepare(TYPEORM_BEGIN).run();
    db.prepare('ROLLBACK').run();
  });
});
