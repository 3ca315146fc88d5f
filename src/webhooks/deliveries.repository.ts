import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, LessThan } from 'typeorm';
import { Dialect } from '../database/dialect';
import { insertRecords } from '../database/insert-records';
import { PageRequest } from '../common/pagination/pagination';
import { DeliveryState, WebhookDelivery } from './webhook-delivery.entity';

/** A delivery to queue. */
export type NewDelivery = Pick<
  WebhookDelivery,
  'webhook_id' | 'event_id' | 'event_type' | 'message_id' | 'test_payload'
>;

/** The columns a queued delivery writes, in the order of enqueue's rows. */
const DELIVERY_COLUMNS = [
  'organisation_id',
  'webhook_id',
  'event_id',
  'event_type',
  'message_id',
  'test_payload',
  'state',
  'next_attempt_at',
] as const;

/**
 * The deliveries table: the durable queue of webhook deliveries and its log. Every query takes the
 * organisation first; the lease queue's claims and outcomes, which drain every organisation's
 * queue, are DeliveryQueueRepository's.
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

  /** Queues these deliveries, due now: ONE insert whatever their number (insertRecords). */
  async enqueue(orgId: number, deliveries: readonly NewDelivery[], at: Date): Promise<void> {
    await insertRecords(
      this.txHost.tx,
      this.dialect,
      WebhookDelivery,
      DELIVERY_COLUMNS,
      deliveries.map((delivery) => [
        orgId,
        delivery.webhook_id,
        delivery.event_id,
        delivery.event_type,
        delivery.message_id,
        delivery.test_payload,
        'pending',
        at,
      ]),
    );
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

  /**
   * Makes the delivery due now with its schedule restarted: an attempt of it under way records
   * no outcome (its schedule_base changed), unless it is its first, which then stands for it.
   */
  async redeliver(delivery: WebhookDelivery, at: Date): Promise<WebhookDelivery> {
    Object.assign(delivery, {
      state: 'pending',
      schedule_base: delivery.attempts,
      next_attempt_at: at,
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
}
