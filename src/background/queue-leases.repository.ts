import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LessThan } from 'typeorm';
import { Dialect } from '../database/dialect';
import { SqlBuilder } from '../database/dialect/sql-builder';
import { persistedColumn } from '../database/persisted-value';
import { QueueLease } from './queue-lease.entity';

/** A voided lease's token (`void`): its holder stops at its next outcome. */
export const VOIDED_TOKEN = '';
/** A released lease's `until`: in the past on every instance's clock. */
const RELEASED = new Date(0);

/** Who claims: the instance (`owner`), this claim (`token`), and until when. */
export interface Claimant {
  owner: string;
  token: string;
  until: Date;
}

/** A key held under the lease of the claim `token`. */
export interface HeldLease {
  key: number;
  token: string;
}

/** A queue's name as a SQL literal (names are constants of SCHEDULE, never input). */
function literal(queue: string): string {
  if (!/^[a-z][a-z. -]*$/.test(queue)) {
    throw new Error(`not a queue name: ${queue}`);
  }
  return `'${queue}'`;
}

/**
 * The conditions a queue's own statements put on its keys' leases, as SQL over a key column or
 * expression: the lease table is named here only.
 */
export const leaseSql = {
  /** A live lease holds the key (`:now`, a query builder's parameter, is the claim's time). */
  held: (queue: string, key: string): string =>
    `EXISTS (SELECT 1 FROM "queue_leases" l WHERE l."queue" = ${literal(queue)}
       AND l."key_id" = ${key} AND l."until" > :now)`,
  /** The key's lease carries `token` (its claim's), or was voided while its holder attempted. */
  carries: (queue: string, key: string, token: string): string =>
    `EXISTS (SELECT 1 FROM "queue_leases" l WHERE l."queue" = ${literal(queue)}
       AND l."key_id" = ${key} AND l."token" IN (${token}, '${VOIDED_TOKEN}'))`,
  /** The key's lease's token now ('' once voided). */
  token: (queue: string, key: string): string =>
    `(SELECT l."token" FROM "queue_leases" l WHERE l."queue" = ${literal(queue)}
       AND l."key_id" = ${key})`,
};

/**
 * The leases of the lease queues (`queue_leases`): which instance attempts a key's items now.
 * Taken and renewed by claims, released when a key's batch ends or its instance stops, voided by
 * a change of the key; each is one statement whatever the number of keys, prepared once for
 * every queue (the queue's name is bound).
 */
@Injectable()
export class QueueLeasesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Leases the keys to the claimant where no live lease holds them (read anew: run after the
   * keys are locked, this statement sees a lease another instance committed meanwhile); answers
   * those leased.
   */
  async take(queue: string, keys: number[], claimant: Claimant, now: Date): Promise<number[]> {
    const sql = new SqlBuilder(this.dialect);
    const name = this.param(sql, 'queue', queue);
    const owner = this.param(sql, 'owner', claimant.owner);
    const token = this.param(sql, 'token', claimant.token);
    const until = this.param(sql, 'until', claimant.until);
    const from = sql.idTable(keys);
    const rows = await this.dialect.preparedQuery<{ key_id: number | string }>(
      this.txHost.tx,
      `INSERT INTO "queue_leases" ("queue", "key_id", "owner", "token", "until")
       SELECT ${name}, t.value, ${owner}, ${token}, ${until} FROM ${from} WHERE 1 = 1
       ON CONFLICT ("queue", "key_id") DO UPDATE
         SET "owner" = excluded."owner", "token" = excluded."token", "until" = excluded."until"
         WHERE "queue_leases"."until" <= ${this.param(sql, 'until', now)}
       RETURNING "key_id"`,
      sql.params,
    );
    return rows.map((row) => Number(row.key_id)).sort((a, b) => a - b);
  }

  /** Extends the leases that still carry their claim's token; answers the keys renewed. */
  async renew(queue: string, held: readonly HeldLease[], until: Date): Promise<Set<number>> {
    // Bound in the order the marks appear (SQLite's are positional).
    const sql = new SqlBuilder(this.dialect);
    const mark = this.param(sql, 'until', until);
    const values = held.map(
      ({ key, token }) => `(${this.param(sql, 'key_id', key)}, ${this.param(sql, 'token', token)})`,
    );
    const name = this.param(sql, 'queue', queue);
    const rows = await this.dialect.preparedQuery<{ key_id: number | string }>(
      this.txHost.tx,
      `UPDATE "queue_leases" SET "until" = ${mark}
       FROM (SELECT column1 AS key_id, column2 AS token FROM (VALUES ${values.join(', ')}) AS v) AS r
       WHERE "queue_leases"."queue" = ${name} AND "queue_leases"."key_id" = r.key_id
         AND "queue_leases"."token" = r.token
       RETURNING "queue_leases"."key_id"`,
      sql.params,
    );
    return new Set(rows.map((row) => Number(row.key_id)));
  }

  /** Ends the owner's leases of these keys at once (their batches ended, or it stops). */
  async release(queue: string, owner: string, keys: readonly number[]): Promise<void> {
    const sql = new SqlBuilder(this.dialect);
    const until = this.param(sql, 'until', RELEASED);
    const name = this.param(sql, 'queue', queue);
    const mark = this.param(sql, 'owner', owner);
    await this.dialect.preparedQuery(
      this.txHost.tx,
      `UPDATE "queue_leases" SET "until" = ${until}
       WHERE "queue" = ${name} AND "owner" = ${mark}
         AND "key_id" IN (SELECT t.value FROM ${sql.idTable([...keys])})`,
      sql.params,
    );
  }

  /**
   * Voids the lease of the instance attempting the key's items, if any: that instance stops at
   * its next outcome and the next claim reads the key anew. Its outcomes under way are still
   * recorded; no other instance may take the key before it lets go. Run in the transaction that
   * changes the key, after the caller found the key in its organisation.
   */
  async void(queue: string, key: number): Promise<void> {
    await this.txHost.tx
      .getRepository(QueueLease)
      .update({ queue, key_id: key }, { token: VOIDED_TOKEN });
  }

  /** Deletes the leases that ended before `cutoff` (of keys gone since, or idle). */
  async forgetEnded(cutoff: Date): Promise<void> {
    await this.txHost.tx.getRepository(QueueLease).delete({ until: LessThan(cutoff) });
  }

  /** A value bound as the column's type (dates as the database stores them). */
  private param(sql: SqlBuilder, column: keyof QueueLease, value: unknown): string {
    const bound = persistedColumn(this.txHost.tx, QueueLease, column, value);
    return sql.param(bound.value, bound.type);
  }
}
