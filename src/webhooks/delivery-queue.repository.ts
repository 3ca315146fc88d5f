import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { SqlBuilder } from '../database/dialect/sql-builder';
import { persistedColumn } from '../database/persisted-value';
import { QueueLease } from '../background/queue-lease.entity';
import { leaseSql, VOIDED_TOKEN } from '../background/queue-leases.repository';
import { Target } from '../background/queue-source';
import {
  claimedDelivery,
  ClaimedDelivery,
  claimedWebhook,
  ClaimedWebhook,
  ClaimRow,
  DELIVERY_COLUMNS,
  EVENT_COLUMNS,
  LeasedOutcome,
} from './claimed-delivery';
import { Webhook } from './webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';

export type {
  AttemptOutcome,
  ClaimedDelivery,
  ClaimedWebhook,
  LeasedOutcome,
} from './claimed-delivery';

/** The delivery queue's name: its poll in SCHEDULE, its leases' `queue`. */
export const DELIVERY_QUEUE = 'webhook deliveries';

/**
 * The delivery queue's statements for its lease queue (WebhookDeliveries): the
 * due webhooks locked, their due deliveries with their events, and the outcomes of many attempts,
 * each one statement whatever the number of webhooks and deliveries. The leases are held per
 * webhook (`queue_leases`, the queue 'webhook deliveries'), so a delivery row is written twice
 * (queued, outcome) and never for its claim.
 */
@Injectable()
export class DeliveryQueueRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Records the outcomes whose webhook lease still carries their claim's token (or was voided
   * while its holder attempted them), and whose schedule no redelivery restarted meanwhile, in
   * one statement; answers the ids recorded (an attempt whose lease was taken over records
   * nothing). Bound as one row of values per outcome (8 parameters: 64 outcomes stay far under
   * every limit); prepared once per number of outcomes.
   */
  async finish(outcomes: readonly LeasedOutcome[]): Promise<Map<number, boolean>> {
    if (outcomes.length === 0) {
      return new Map();
    }
    const sql = new SqlBuilder(this.dialect);
    const value = (column: keyof WebhookDelivery, v: unknown) => this.typed(sql, column, v);
    const values = outcomes.map(
      ({ id, token, base, outcome }) =>
        `(${[
          value('id', id),
          this.leaseToken(sql, token),
          value('schedule_base', base),
          value('state', outcome.state),
          value('last_status_code', outcome.status),
          value('last_error', outcome.error),
          value('last_attempt_at', outcome.at),
          value('next_attempt_at', outcome.next),
        ].join(', ')})`,
    );
    // VALUES columns are column1… on both databases (SQLite has no column list on an alias).
    const rows = await this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      `UPDATE "webhook_deliveries" SET "state" = o.state, "attempts" = "webhook_deliveries"."attempts" + 1,
         "last_status_code" = o.status, "last_error" = o.error, "last_attempt_at" = o.at,
         "next_attempt_at" = o.next
       FROM (SELECT column1 AS id, column2 AS token, column3 AS base, column4 AS state,
               column5 AS status, column6 AS error, column7 AS at, column8 AS next
             FROM (VALUES ${values.join(', ')}) AS v) AS o
       WHERE "webhook_deliveries"."id" = o.id AND "webhook_deliveries"."state" = 'pending'
         AND "webhook_deliveries"."schedule_base" = o.base
         AND ${leaseSql.carries(DELIVERY_QUEUE, '"webhook_deliveries"."webhook_id"', 'o.token')}
       RETURNING "webhook_deliveries"."id",
         ${leaseSql.token(DELIVERY_QUEUE, '"webhook_deliveries"."webhook_id"')} AS "current_token"`,
      sql.params,
    );
    return new Map(rows.map((row) => [Number(row.id), row.current_token !== VOIDED_TOKEN]));
  }

  /**
   * Run in the claim's transaction: each webhook's first `limit` due deliveries in due order but
   * those excluded (under way), read from its pending index (never the whole backlog), with their
   * events: one statement, prepared per number of webhooks. The deliveries read together share
   * one map of their events' bodies, each built once.
   */
  async dueDeliveries(
    targets: readonly Target<ClaimedWebhook>[],
    now: Date,
    limit: number,
  ): Promise<ClaimedDelivery[]> {
    const sql = new SqlBuilder(this.dialect);
    const firstDue = targets.map(
      ({ key: webhook, exclude }) =>
        `SELECT x."id" FROM (SELECT d."id" FROM "webhook_deliveries" d
           WHERE d."webhook_id" = ${sql.param(webhook.id)} AND d."state" = 'pending'
             AND d."next_attempt_at" <= ${this.typed(sql, 'next_attempt_at', now)}
             AND d."id" NOT IN (SELECT t.value FROM ${sql.idTable([...exclude])})
           ORDER BY d."next_attempt_at", d."id" LIMIT ${sql.param(limit)}) x`,
    );
    const delivery = DELIVERY_COLUMNS.map((column) => `d."${column}"`);
    const event = EVENT_COLUMNS.map((column) => `e."${column}" AS "e_${column}"`);
    const rows = await this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      `SELECT ${[...delivery, ...event].join(', ')}
       FROM "webhook_deliveries" d LEFT JOIN "events" e ON e."id" = d."event_id"
       WHERE d."id" IN (${firstDue.join(' UNION ALL ')})
       ORDER BY d."webhook_id", d."next_attempt_at", d."id"`,
      sql.params,
    );
    const webhooks = new Map(targets.map(({ key }) => [key.id, key]));
    const bodies = new Map<number, string>();
    return rows.map((row) => claimedDelivery(this.txHost.tx, row, webhooks, bodies));
  }

  /**
   * Run in the claim's transaction: the enabled webhooks with deliveries due at `now` that no
   * live lease holds, the longest waiting first, locked (FOR NO KEY UPDATE SKIP LOCKED: those
   * another instance is claiming for are skipped), with what their attempts sign and send with:
   * one statement.
   */
  async lockDueWebhooks(now: Date, limit: number): Promise<ClaimedWebhook[]> {
    const oldest = `(SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d
       WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_attempt_at <= :now)`;
    const held = leaseSql.held(DELIVERY_QUEUE, 'w.id');
    const rows = await this.dialect
      .lockSkippingLocked(
        this.txHost.tx
          .getRepository(Webhook)
          .createQueryBuilder('w')
          .select('w.id', 'id')
          .addSelect('w.url', 'url')
          .addSelect('w.secret', 'secret')
          .addSelect('w.previous_secret', 'previous_secret')
          .addSelect('w.previous_secret_until', 'previous_secret_until')
          .addSelect(oldest, 'oldest')
          .where('w.enabled = :enabled', { enabled: true })
          .andWhere(`${oldest} IS NOT NULL`, { now })
          .andWhere(`NOT ${held}`)
          .orderBy('oldest', 'ASC')
          .limit(limit),
      )
      .getRawMany<ClaimRow>();
    const manager = this.txHost.tx;
    return rows.map((row) => claimedWebhook(manager, row));
  }

  private typed(sql: SqlBuilder, column: keyof WebhookDelivery, value: unknown): string {
    const bound = persistedColumn(this.txHost.tx, WebhookDelivery, column, value);
    return sql.param(bound.value, bound.type);
  }

  private leaseToken(sql: SqlBuilder, token: string): string {
    const bound = persistedColumn(this.txHost.tx, QueueLease, 'token', token);
    return sql.param(bound.value, bound.type);
  }
}
