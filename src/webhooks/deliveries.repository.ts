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
   * transaction; returns the ids claimed. The leases alive are counted once per webhook (a count
   * per due delivery made a backlog of n deliveries cost n² row visits a claim: 20,000 due to one
   * webhook took minutes).
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
    const rows = await this.dialect.preparedQuery<{ id: number }>(
      this.txHost.tx,
      'airfleet_claim_deliveries',
      `UPDATE "webhook_deliveries" SET "lease_until" = ${at(until)}, "lease_token" = ${sql.param(token)}
       WHERE "id" IN (
         SELECT x."id" FROM (
           SELECT d."id", d."webhook_id",
                  ROW_NUMBER() OVER (PARTITION BY d."webhook_id" ORDER BY d."next_attempt_at", d."id") AS rn
           FROM "webhook_deliveries" d
           WHERE ${sql.inIds('d."webhook_id"', lockedIds)} AND d."state" = 'pending'
             AND d."next_attempt_at" <= ${at(now)}
             AND (d."lease_until" IS NULL OR d."lease_until" <= ${at(now)})
         ) x
         LEFT JOIN (
           SELECT f."webhook_id", COUNT(*) AS "leased" FROM "webhook_deliveries" f
           WHERE ${sql.inIds('f."webhook_id"', lockedIds)} AND f."state" = 'pending'
             AND f."lease_until" > ${at(now)}
           GROUP BY f."webhook_id"
         ) l ON l."webhook_id" = x."webhook_id"
         WHERE x.rn + COALESCE(l."leased", 0) <= ${sql.param(cap)}
         ORDER BY x.rn, x."id"
         LIMIT ${sql.param(limit)})
       RETURNING "id"`,
      sql.params,
    );
    return rows.map((row) => Number(row.id));
  }

  /** The webhooks (enabled) that have deliveries due at `now`, the longest waiting first. */
  private async dueWebhooks(now: Date): Promise<number[]> {
    const rows = await this.repository
      .createQueryBuilder('d')
      .innerJoin(Webhook, 'w', 'w.id = d.webhook_id AND w.enabled = :enabled', { enabled: true })
      .select('d.webhook_id', 'webhook_id')
      .where("d.state = 'pending' AND d.next_attempt_at <= :now", { now })
      .andWhere('(d.lease_until IS NULL OR d.lease_until <= :now)')
      .groupBy('d.webhook_id')
      .orderBy('MIN(d.next_attempt_at)', 'ASC')
      .limit(WEBHOOKS_PER_CLAIM)
      .getRawMany<{ webhook_id: number }>();
    return rows.map((row) => Number(row.webhook_id));
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
