import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, LessThan } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { chunksOf } from '../database/bind-parameters';
import { Dialect } from '../database/dialect';
import { SqlBuilder } from '../database/dialect/sql-builder';
import { persistedColumn } from '../database/persisted-value';
import { PageRequest } from '../common/pagination/pagination';
import { Webhook } from './webhook.entity';
import { DeliveryState, WebhookDelivery } from './webhook-delivery.entity';

/** A delivery to queue. */
export type NewDelivery = Pick<
  WebhookDelivery,
  'webhook_id' | 'event_id' | 'event_type' | 'message_id' | 'test_payload'
>;

/** How an attempt ended, as the delivery row records it. */
export interface AttemptOutcome {
  state: DeliveryState;
  status: number | null;
  error: string | null;
  at: Date;
  next: Date | null;
}

/** Webhooks whose due deliveries one claim considers (the oldest due first). */
const WEBHOOKS_PER_CLAIM = 50;
const DELIVERY_COLUMNS = 9;

/**
 * The deliveries table: the durable queue of OPERATIONS 5 and its log. Every query takes the
 * organisation first, but the claim, which drains every organisation's queue.
 */
@Injectable()
export class DeliveriesRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get repository() {
    return this.txHost.tx.getRepository(WebhookDelivery);
  }

  /** Queues these deliveries, due now (one INSERT per chunk under the bind-parameter limit). */
  async enqueue(orgId: number, deliveries: readonly NewDelivery[], at: Date): Promise<void> {
    for (const chunk of chunksOf(deliveries, DELIVERY_COLUMNS)) {
      await this.repository
        .createQueryBuilder()
        .insert()
        .into(WebhookDelivery)
        .values(
          chunk.map((delivery) => ({
            ...delivery,
            organisation_id: orgId,
            state: 'pending',
            next_attempt_at: at,
          })) as QueryDeepPartialEntity<WebhookDelivery>[],
        )
        .updateEntity(false)
        .execute();
    }
  }

  /**
   * Claims at most `limit` due deliveries for one attempt each, leased to `token` until `until`:
   * the webhooks with due deliveries are locked first, skipping those another instance is
   * claiming for, and each gets at most MAX_IN_FLIGHT leases alive at once. Run in a
   * transaction; returns the ids claimed. Each webhook's first due deliveries and its leases
   * alive are read from its partial indexes (IDX_deliveries_webhook_pending, _leased), so a claim
   * costs the same whatever the backlog (issue 27: ranking every due delivery of the webhook and
   * counting the leases once per due delivery made 20,000 due to one webhook take minutes).
   */
  async claim(
    now: Date,
    until: Date,
    token: string,
    limit: number,
    cap: number,
  ): Promise<number[]> {
    const due = await this.dueWebhooks(now);
    if (due.length === 0) {
      return [];
    }
    const list = this.dialect.idsParameter('ids', due);
    const locked = await this.dialect
      .lockSkippingLocked(
        this.txHost.tx
          .getRepository(Webhook)
          .createQueryBuilder('w')
          .select('w.id')
          .where(list.condition('w.id'), { ids: list.value }),
      )
      .getMany();
    if (locked.length === 0) {
      return [];
    }
    const lockedIds = locked.map((w) => w.id);
    const sql = new SqlBuilder(this.dialect);
    const at = (value: Date | null) => this.typed(sql, 'lease_until', value);
    // The k-th due delivery of each webhook, k = 1…cap, each read from the webhook's pending
    // index in due order (never the whole backlog); kept while k plus the webhook's leases
    // alive stays within the cap. Only a pending delivery holds a lease (an outcome recorded
    // clears it), so the count reads the leased index alone: with the state in it, PostgreSQL
    // read the pending index, every delivery of the backlog.
    const nth = (k: number) =>
      `SELECT t.value AS "webhook_id", ${k} AS rn,
         (SELECT d."id" FROM "webhook_deliveries" d
          WHERE d."webhook_id" = t.value AND d."state" = 'pending'
            AND d."next_attempt_at" <= ${at(now)}
            AND (d."lease_until" IS NULL OR d."lease_until" <= ${at(now)})
          ORDER BY d."next_attempt_at", d."id" LIMIT 1 OFFSET ${k - 1}) AS "id"
       FROM ${sql.idTable(lockedIds)}`;
    // Parameters are bound in the order they appear (SQLite's marks are positional).
    const lease = `"lease_until" = ${at(until)}, "lease_token" = ${sql.param(token)}`;
    const candidates = Array.from({ length: cap }, (_, k) => nth(k + 1)).join(' UNION ALL ');
    const rows = await this.dialect.preparedQuery<{ id: number }>(
      this.txHost.tx,
      'airfleet_claim_deliveries',
      `UPDATE "webhook_deliveries" SET ${lease}
       WHERE "id" IN (
         SELECT c."id" FROM (${candidates}) c
         WHERE c."id" IS NOT NULL
           AND c.rn + (SELECT COUNT(*) FROM "webhook_deliveries" f
                       WHERE f."webhook_id" = c."webhook_id"
                         AND f."lease_until" > ${at(now)}) <= ${sql.param(cap)}
         ORDER BY c.rn, c."id"
         LIMIT ${sql.param(limit)})
       RETURNING "id"`,
      sql.params,
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * The webhooks (enabled) that have deliveries due at `now`, the longest waiting first: for each
   * enabled webhook, its oldest due delivery from its pending index (a read per webhook, whatever
   * the backlog; grouping the due deliveries read all of them at every claim).
   */
  private async dueWebhooks(now: Date): Promise<number[]> {
    const oldest = `(SELECT MIN(d.next_attempt_at) FROM webhook_deliveries d
       WHERE d.webhook_id = w.id AND d.state = 'pending' AND d.next_attempt_at <= :now
         AND (d.lease_until IS NULL OR d.lease_until <= :now))`;
    const rows = await this.txHost.tx
      .getRepository(Webhook)
      .createQueryBuilder('w')
      .select('w.id', 'id')
      .addSelect(oldest, 'oldest')
      .where('w.enabled = :enabled', { enabled: true })
      .andWhere(`${oldest} IS NOT NULL`, { now })
      .orderBy('oldest', 'ASC')
      .limit(WEBHOOKS_PER_CLAIM)
      .getRawMany<{ id: number }>();
    return rows.map((row) => Number(row.id));
  }

  /** The claimed deliveries with their webhook and event (one statement). */
  claimed(ids: number[]): Promise<WebhookDelivery[]> {
    const list = this.dialect.idsParameter('ids', ids);
    return this.repository
      .createQueryBuilder('d')
      .innerJoinAndSelect('d.webhook', 'w')
      .leftJoinAndSelect('d.event', 'e')
      .where(list.condition('d.id'), { ids: list.value })
      .getMany();
  }

  /** Records an attempt's outcome if the lease is still `token`'s; false when it was taken over. */
  async finish(id: number, token: string, outcome: AttemptOutcome): Promise<boolean> {
    const result = await this.repository
      .createQueryBuilder()
      .update(WebhookDelivery)
      .set({
        state: outcome.state,
        attempts: () => '"attempts" + 1',
        last_status_code: outcome.status,
        last_error: outcome.error,
        last_attempt_at: outcome.at,
        next_attempt_at: outcome.next,
        lease_until: null,
        lease_token: null,
      })
      .where('id = :id AND lease_token = :token', { id, token })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Drops the webhook's pending deliveries but `except` (a 410 disabled it). */
  async dropPending(orgId: number, webhookId: number, except?: number): Promise<void> {
    const query = this.repository
      .createQueryBuilder()
      .delete()
      .from(WebhookDelivery)
      .where("organisation_id = :orgId AND webhook_id = :webhookId AND state = 'pending'", {
        orgId,
        webhookId,
      });
    if (except !== undefined) {
      query.andWhere('id <> :except', { except });
    }
    await query.execute();
  }

  find(orgId: number, webhookId: number, id: number): Promise<WebhookDelivery | null> {
    return this.repository.findOneBy({ organisation_id: orgId, webhook_id: webhookId, id });
  }

  /** A page of the webhook's deliveries, newest first, and their count. */
  page(
    orgId: number,
    webhookId: number,
    state: DeliveryState | undefined,
    page: PageRequest,
  ): Promise<[WebhookDelivery[], number]> {
    return this.repository.findAndCount({
      where: { organisation_id: orgId, webhook_id: webhookId, ...(state ? { state } : {}) },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
  }

  /** Makes the delivery due now with its schedule restarted, any lease on it void. */
  async redeliver(delivery: WebhookDelivery, at: Date): Promise<WebhookDelivery> {
    Object.assign(delivery, {
      state: 'pending',
      schedule_base: delivery.attempts,
      next_attempt_at: at,
      lease_until: null,
      lease_token: null,
    });
    return this.repository.save(delivery);
  }

  /** The newest delivery of the webhook with this message id (a test just queued). */
  findByMessage(orgId: number, webhookId: number, messageId: string) {
    return this.repository.findOneByOrFail({
      organisation_id: orgId,
      webhook_id: webhookId,
      message_id: messageId,
    });
  }

  /** Deletes the test deliveries created before `cutoff` (the others go with their events). */
  async deleteTestsCreatedBefore(cutoff: Date): Promise<void> {
    await this.repository.delete({ event_id: IsNull(), created_at: LessThan(cutoff) });
  }

  private typed(sql: SqlBuilder, column: keyof WebhookDelivery, value: unknown): string {
    const bound = persistedColumn(this.txHost.tx, WebhookDelivery, column, value);
    return sql.param(bound.value, bound.type);
  }
}
