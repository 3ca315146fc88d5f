import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Dialect } from '../database/dialect';

/** The longest `/health` waits for the database's answer (about two seconds). */
export const DATABASE_PING_TIMEOUT_MS = 2000;

/**
 * Whether the database answers `SELECT 1` within DATABASE_PING_TIMEOUT_MS, through the
 * application's own data source (and pool, without a TypeORM query runner). One statement and one timer a check, nothing
 * resolved or loaded per request: @nestjs/terminus looked up its optional packages with
 * `require()` on every check, about a tenth of the cost of `/health`.
 */
@Injectable()
export class DatabaseHealth {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dialect: Dialect,
  ) {}

  async isUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_PING_TIMEOUT_MS);
    });
    const ping = this.dialect.queryOutsideTransaction(this.dataSource, 'SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
