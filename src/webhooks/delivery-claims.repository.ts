import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { SqlBuilder } from '../database/dialect/sql-builder';
import { persistedColumn } from '../database/persisted-value';
import {
  ClaimedBatch,
  Claimant,
  claimedDelivery,
  claimedWebhook,
  ClaimedWebhook,
  ClaimRow,
  DELIVERY_COLUMNS,
  EVENT_COLUMNS,
  LeasedOutcome,
  Refill,
} from './claimed-delivery';
import { Webhook } from './webhook.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { VOIDED_TOKEN, WebhookLeasesRepository } from './webhook-leases.repository';

export type {
  AttemptOutcome,
  ClaimedBatch,
  ClaimedDelivery,
  ClaimedWebhook,
  Claimant,
  LeasedOutcome,
  Refill,
} from './claimed-delivery';

/**
 * The dispatcher's statements on the delivery queue (OPERATIONS 5, issue 27's speed). A claim
 * leases whole webhooks, not deliveries: one instance holds a webhook at a time and attempts the
 * deliveries it read under that lease, so a delivery row is written twice (queued, outcome) and
 * never for its claim. A claim is one transaction of a constant number of statements whatever
 * the number of deliveries; the outcomes of many attempts are one statement.
 */
@Injectable()
export class DeliveryClaims {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
    private readonly leases: WebhookLeasesRepository,
  ) {}

  /**
   * Run in a transaction. Releases the leases `release` of `claimant.owner` (batches that
   * ended), then leases at most `webhooks` enabled webhooks with due deliveries that no live lease
   * holds (the longest waiting first; FOR NO KEY UPDATE SKIP LOCKED skips those another instance
   * is claiming), and reads each one's first `perWebhook` due deliveries with their events. The
   * lease is taken by a conditional upsert in a statement that starts after the lock is held, so
   * it sees a lease another instance committed meanwhile and then takes nothing.
   */
  async claim(
    now: Date,
    claimant: Claimant,
    webhooks: number,
    perWebhook: number,
    release: readonly number[] = [],
  ): Promise<ClaimedBatch[]> {
    if (release.length > 0) {
      await this.leases.release(claimant.owner, release);
    }
    const due = await this.lockDueWebhooks(now, webhooks);
    if (due.size === 0) {
      return [];
    }
    const leased = await this.leases.take([...due.keys()], claimant, now);
    if (leased.length === 0) {
      return [];
    }
    return this.batches(
      leased.map((id) => ({ webhook: due.get(id)!, token: claimant.token, exclude: [] })),
      now,
      perWebhook,
    );
  }

  /**
   * Run in a transaction. Renews the leases of webhooks this instance holds, where they still
   * carry their claim's token (not voided by a change, not taken over) until `until`, and reads
   * each renewed one's first `perWebhook` due deliveries but those still under way (`exclude`):
   * more work for a held webhook with a free slot, under the same lease. Answers the renewed
   * ones, with what was read (maybe nothing).
   */
  async refill(
    now: Date,
    until: Date,
    refills: readonly Refill[],
    perWebhook: number,
  ): Promise<ClaimedBatch[]> {
    const renewed = await this.leases.renew(refills, until);
    return renewed.size === 0
      ? []
      : this.batches(
          refills.filter((r) => renewed.has(r.webhook.id)),
          now,
          perWebhook,
        );
  }

  /** Each webhook's batch: its first due deliveries, read in one statement. */
  private async batches(
    targets: readonly Refill[],
    now: Date,
    perWebhook: number,
  ): Promise<ClaimedBatch[]> {
    const rows = await this.dueDeliveries(targets, now, perWebhook);
    const webhooks = new Map(targets.map((t) => [t.webhook.id, t.webhook]));
    const batches = new Map<number, ClaimedBatch>(
      targets.map(({ webhook, token }) => [webhook.id, { webhook, token, deliveries: [] }]),
    );
    for (const row of rows) {
      const delivery = claimedDelivery(this.txHost.tx, row, webhooks);
      batches.get(delivery.webhook_id)!.deliveries.push(delivery);
    }
    return [...batches.values()];
  }

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
          this.leases.param(sql, 'token', token),
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
      `airfleet_finish_deliveries_${outcomes.length}`,
      `UPDATE "webhook_deliveries" SET "state" = o.state, "attempts" = "webhook_deliveries"."attempts" + 1,
         "last_status_code" = o.status, "last_error" = o.error, "last_attempt_at" = o.at,
         "next_attempt_at" = o.next
       FROM (SELECT column1 AS id, column2 AS token, column3 AS base, column4 AS state,
               column5 AS status, column6 AS error, column7 AS at, column8 AS next
             FROM (VALUES ${values.join(', ')}) AS v) AS o
       WHERE "webhook_deliveries"."id" = o.id AND "webhook_deliveries"."state" = 'pending'
         AND "webhook_deliveries"."schedule_base" = o.base
         AND EXISTS (SELECT 1 FROM "webhook_leases" l
                     WHERE l."webhook_id" = "webhook_deliveries"."webhook_id"
                       AND l."token" IN (o.token, '${VOIDED_TOKEN}'))
       RETURNING "webhook_deliveries"."id",
         (SELECT l."token" FROM "webhook_leases" l
          WHERE l."webhook_id" = "webhook_deliveries"."webhook_id") AS "lease_token"`,
      sql.params,
    );
    return new Map(rows.map((row) => [Number(row.id), row.lease_token !== VOIDED_TOKEN]));
  }

  /**
   * Each webhook's first `limit` due deliveries in due order but those excluded (under way),
   * read from its pending index (never the whole backlog), with their events: one statement,
   * prepared per number of webhooks.
   */
  private dueDeliveries(targets: readonly Refill[], now: Date, limit: number): Promise<ClaimRow[]> {
    const sql = new SqlBuilder(this.dialect);
    const firstDue = targets.map(
      ({ webhook, exclude }) =>
        `SELECT x."id" FROM (SELECT d."id" FROM "webhook_deliveries" d
           WHERE d."webhook_id" = ${sql.param(webhook.id)} AND d."state" = 'pending'
             AND d."next_attempt_at" <= ${this.typed(sql, 'next_attempt_at', now)}
             AND d."id" NOT IN (SELECT t.value FROM ${sql.idTable([...exclude])})
           ORDER BY d."next_attempt_at", d."id" LIMIT ${sql.param(limit)}) x`,
    );
    const delivery = DELIVERY_COLUMNS.map((column) => `d."${column}"`);
    const event = EVENT_COLUMNS.map((column) => `e."${column}" AS "e_${column}"`);
    return this.dialect.preparedQuery<ClaimRow>(
      this.txHost.tx,
      `airfleet_due_deliveries_${targets.length}`,
      `SELECT ${[...delivery, ...event].join(', ')}
       FROM "webhook_deliveries" d LEFT JOIN "events" e ON e."id" = d."event_id"
       WHERE d."id" IN (${firstDue.join(' UNION ALL ')})
       ORDER BY d."webhook_id", d."next_attempt_at", d."id"`,
      sql.params,
    );
  }

  /**
   * The enabled webhooks with deliveries due at `now`, the longest waiting first, locked (FOR NO
   * KEY UPDATE SKIP LOCKED: those another instance is claiming for are skipped), with what their
   * attempts sign and send with: one statement.
   */
  private async lockDueWebhooks(now: Date, limit: number): Promise<Map<number, ClaimedWebhook>> {
    const oldest = `(SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d
       WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_attempt_at <= :now)`;
    const held = `EXISTS (SELECT 1 FROM webhook_leases l WHERE l.webhook_id = w.id AND l.until > :now)`;
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
    return new Map(rows.map((row) => [Number(row.id), claimedWebhook(manager, row)]));
  }

  private typed(sql: SqlBuilder, column: keyof WebhookDelivery, value: unknown): string {
    const bound = persistedColumn(this.txHost.tx, WebhookDelivery, column, value);
    return sql.param(bound.value, bound.type);
  }
}
