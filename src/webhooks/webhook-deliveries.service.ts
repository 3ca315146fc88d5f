import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LeaseQueue } from '../background/lease-queue';
import { LeaseQueues } from '../background/lease-queues';
import { QueueLeasesRepository } from '../background/queue-leases.repository';
import { Outcome, QueueSource, Target } from '../background/queue-source';
import { Scheduler } from '../background/scheduler';
import { DAY_MS } from '../common/time-window/time-window';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { toEventView } from '../event-log/event.view';
import { DeliveriesRepository } from './deliveries.repository';
import { DeliveryOutcomes, DeliveryResult } from './delivery-outcomes.service';
import {
  ClaimedDelivery,
  ClaimedWebhook,
  DELIVERY_QUEUE,
  DeliveryQueueRepository,
} from './delivery-queue.repository';
import { MAX_IN_FLIGHT, signingSecrets } from './webhook-rules';
import { attemptDelivery, WebhookConnections } from './webhook-sender';

/** Attempts one instance makes at once, over every webhook it holds. */
const LOCAL_CONCURRENCY = 64;

/**
 * What the webhook deliveries give the lease queue: the webhooks are its keys
 * (one instance attempts a webhook's deliveries at a time, at most MAX_IN_FLIGHT at once), the
 * `webhook_deliveries` rows its items (DeliveryQueueRepository's statements), an attempt is a
 * signed POST to the checked address (webhook-sender.ts), and the outcomes are recorded on the
 * rows (DeliveryOutcomes; a 410 disables the webhook). An instance holds at most 16 webhooks
 * (64 attempts), each with its first 100 due deliveries, refilled under its lease as more come.
 */
@Injectable()
export class WebhookDeliveries
  implements QueueSource<ClaimedWebhook, ClaimedDelivery, DeliveryResult>, OnApplicationShutdown
{
  readonly queue: LeaseQueue<ClaimedWebhook, ClaimedDelivery, DeliveryResult>;
  /** Keep-alive connections, one pool per checked address (webhook-sender.ts). */
  private readonly connections = new WebhookConnections(LOCAL_CONCURRENCY);

  constructor(
    queues: LeaseQueues,
    scheduler: Scheduler,
    private readonly statements: DeliveryQueueRepository,
    private readonly outcomes: DeliveryOutcomes,
    private readonly deliveries: DeliveriesRepository,
    private readonly leases: QueueLeasesRepository,
    private readonly config: ConfigService,
  ) {
    this.queue = queues.create(this, {
      name: DELIVERY_QUEUE,
      keys: LOCAL_CONCURRENCY / MAX_IN_FLIGHT,
      perKey: MAX_IN_FLIGHT,
      batch: 100,
      refills: true,
      attemptTimeoutMs: () => this.settings.webhooks.timeoutSeconds * 1000,
      leaseMarginMs: 10_000,
      retryScheduleSeconds: () => this.settings.webhooks.retryScheduleSeconds,
    });
    scheduler.every('webhook test deliveries retention', () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  /** Closes the kept connections once the queue has stopped (its attempts ended). */
  onApplicationShutdown(): void {
    this.connections.close();
  }

  /**
   * In the transaction that changes the webhook (PATCH, rotate), found in its organisation:
   * the instance attempting its deliveries stops at its next outcome, and the next claim reads
   * its URL and secrets anew.
   */
  voidLease(webhookId: number): Promise<void> {
    return this.leases.void(DELIVERY_QUEUE, webhookId);
  }

  lockDueKeys(now: Date, limit: number): Promise<ClaimedWebhook[]> {
    return this.statements.lockDueWebhooks(now, limit);
  }

  dueItems(
    targets: readonly Target<ClaimedWebhook>[],
    now: Date,
    limit: number,
  ): Promise<ClaimedDelivery[]> {
    return this.statements.dueDeliveries(targets, now, limit);
  }

  keyOf(delivery: ClaimedDelivery): number {
    return delivery.webhook_id;
  }

  async attempt(
    webhook: ClaimedWebhook,
    delivery: ClaimedDelivery,
    signal: AbortSignal,
  ): Promise<DeliveryResult> {
    const at = new Date();
    const settings = this.settings.webhooks;
    const result = await attemptDelivery(
      {
        url: webhook.url,
        messageId: delivery.message_id,
        body: bodyOf(delivery),
        secrets: signingSecrets(webhook, at),
        timeoutMs: settings.timeoutSeconds * 1000,
        allowPrivate: settings.allowPrivateNetworks,
        dnsServers: settings.dnsServers,
        signal,
      },
      at,
      this.connections,
    );
    return { ...result, final: !result.ok && result.gone };
  }

  record(
    outcomes: readonly Outcome<ClaimedDelivery, DeliveryResult>[],
  ): Promise<Map<number, boolean>> {
    return this.outcomes.record(outcomes);
  }

  /** Deletes the test deliveries older than the retention (the others go with their events). */
  private async retain(): Promise<void> {
    const cutoff = new Date(Date.now() - this.settings.eventRetentionDays * DAY_MS);
    await this.deliveries.deleteTestsCreatedBefore(cutoff);
  }
}

/** The body of the delivery's message (a test's own, or its event's), made once per event. */
function bodyOf(delivery: ClaimedDelivery): string {
  const { event, bodies } = delivery;
  if (delivery.test_payload || !event) {
    return JSON.stringify(delivery.test_payload ?? null);
  }
  let body = bodies.get(event.id);
  if (body === undefined) {
    body = JSON.stringify({
      type: event.type,
      timestamp: event.occurred_at.toISOString(),
      data: toEventView(event),
    });
    bodies.set(event.id, body);
  }
  return body;
}
