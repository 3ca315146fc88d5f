import { DataSource } from 'typeorm';
import { connectionOptions, POSTGRES_POOL } from './connection-options';
import { ConvertingDatabase } from './sqlite-driver';

describe('connectionOptions', () => {
  it('gives PostgreSQL its URL and the outage pool settings', () => {
    const options = connectionOptions({ type: 'postgres', url: 'postgres://u@h/db_test' });
    expect(options).toMatchObject({ type: 'postgres', url: 'postgres://u@h/db_test' });
    expect(options.extra).toMatchObject(POSTGRES_POOL);
  });

  it('gives PostgreSQL a preparing client class unless the statement cache is 0', () => {
    const url = 'postgres://u@h/db_test';
    const extra = (statementCache?: number) =>
      connectionOptions({ type: 'postgres', url, statementCache }).extra as { Client?: unknown };
    expect(extra().Client).toEqual(expect.any(Function));
    expect(extra(5).Client).toEqual(expect.any(Function));
    expect(extra(0)).not.toHaveProperty('Client');
    expect(extra(0)).toEqual(POSTGRES_POOL);
  });

  it('gives TypeORM the converting better-sqlite3 driver through its public driver option', async () => {
    const options = connectionOptions({ type: 'better-sqlite3', path: ':memory:' });
    expect(options).toHaveProperty('driver', ConvertingDatabase);
    const dataSource = await new DataSource({
      ...options,
      migrations: [],
      entities: [],
    }).initialize();
    try {
      const rows: unknown = await dataSource.query('SELECT ? AS flag, ? AS at', [
        true,
        new Date('2026-01-02T03:04:05.006Z'),
      ]);
      expect(rows).toEqual([{ flag: 1, at: '2026-01-02 03:04:05.006' }]);
      expect(await dataSource.query('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
