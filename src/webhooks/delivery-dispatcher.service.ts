import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { DAY_MS } from '../common/time-window/time-window';
import { BackgroundWork } from '../database/background-work';
import { UnitOfWork } from '../database/unit-of-work';
import { toEventView } from '../event-log/event.view';
import { DeliveriesRepository } from './deliveries.repository';
import { ClaimedBatch, ClaimedDelivery, DeliveryClaims } from './delivery-claims.repository';
import { DeliveryOutcomes } from './delivery-outcomes.service';
import { WebhookLeasesRepository } from './webhook-leases.repository';
import { HeldWebhook } from './held-webhook';
import { MAX_IN_FLIGHT, signingSecrets } from './webhook-rules';
import { attemptDelivery, WebhookConnections } from './webhook-sender';

/** Attempts one instance makes at once, over every webhook it holds. */
const LOCAL_CONCURRENCY = 64;
/** Webhooks one instance holds at once: each gets its MAX_IN_FLIGHT of the local attempts. */
const HELD_WEBHOOKS = LOCAL_CONCURRENCY / MAX_IN_FLIGHT;
/** Due deliveries one claim reads per webhook it leases (attempted under that one lease). */
const PER_WEBHOOK = 100;
/** How often an instance looks for due deliveries. */
const POLL_MS = 200;
/** A lease outlives the last attempt it lets start by the attempt's timeout and this much. */
const LEASE_MARGIN_MS = 10_000;

/**
 * Drains the delivery queue (OPERATIONS 5) on every instance. Every POLL_MS, and as soon as a
 * webhook's batch ends, it claims (DeliveryClaims.claim) webhooks that no instance holds, each
 * with its first PER_WEBHOOK due deliveries, under one lease per webhook: only this instance
 * attempts them, MAX_IN_FLIGHT at a time, back to back (the next starts when one is answered,
 * while that one's outcome is recorded by group commit), with no statement per delivery but its
 * outcome. A held webhook with nothing left to start and a free slot refills: its next due
 * deliveries under the same lease, renewed (DeliveryClaims.refill). A batch ends when nothing is
 * left to attempt or under way, or early when the lease could not outlast another attempt or an
 * outcome was not recorded (the lease was voided by a change of the webhook, or taken over); the
 * next claim releases it. A slow receiver holds one
 * of HELD_WEBHOOKS; an instance that dies leaves leases that expire, and the deliveries not
 * recorded are attempted again by another (at least once).
 */
@Injectable()
export class DeliveryDispatcher implements BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryDispatcher.name);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  /** This instance, as the owner of the leases it takes. */
  private readonly owner = randomUUID();
  /** The webhooks held now, and those whose batch ended (released by the next claim). */
  private readonly held = new Map<number, HeldWebhook>();
  private ended: number[] = [];
  /** The claims running now (one at a time), and whether another was asked for meanwhile. */
  private pumping?: Promise<void>;
  private pumpAgain = false;
  /** Keep-alive connections, one pool per checked address (webhook-sender.ts). */
  private readonly connections = new WebhookConnections(LOCAL_CONCURRENCY);

  constructor(
    background: BackgroundWork,
    private readonly unitOfWork: UnitOfWork,
    private readonly claims: DeliveryClaims,
    private readonly leases: WebhookLeasesRepository,
    private readonly outcomes: DeliveryOutcomes,
    private readonly deliveries: DeliveriesRepository,
    private readonly config: ConfigService,
  ) {
    setMaxListeners(0, this.stop.signal); // one listener per attempt in flight (up to 64)
    background.every('webhook deliveries', POLL_MS, () => this.pumpSoon());
    background.every('webhook test deliveries retention', 60_000, () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  /** Stops attempting, and releases the leases held so that another instance goes on at once. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([this.pumping, ...this.inFlight]);
    this.connections.close();
    const release = [...this.held.keys(), ...this.ended];
    if (release.length > 0) {
      await this.unitOfWork
        .run(() => this.leases.release(this.owner, release))
        .catch((error: unknown) => {
          this.logger.warn(`releasing webhook leases failed: ${(error as Error).message}`);
        });
    }
  }

  /**
   * Claims now, or, when a claim is running, once more as soon as it ends: one claim at a time
   * in this process, and none asked for is lost. Settles when no claim is asked for any more.
   */
  pumpSoon(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = this.pumpWhileAsked().finally(() => {
      this.pumping = undefined;
    });
    return this.pumping;
  }

  private async pumpWhileAsked(): Promise<void> {
    do {
      this.pumpAgain = false;
      await this.pump();
    } while (this.pumpAgain && !this.stop.signal.aborted);
  }

  /**
   * Refills the held webhooks that want more, then one claim for the webhooks this instance has
   * room for, releasing those whose batch ended; starts their attempts (not awaited). Called
   * through pumpSoon, so that two never overlap in a process. Answers the number of deliveries
   * read.
   */
  async pump(now = new Date()): Promise<number> {
    if (this.stop.signal.aborted) {
      return 0;
    }
    const timeoutMs = this.settings.webhooks.timeoutSeconds * 1000;
    const until = new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS);
    const bodies = new Map<number, string>();
    let claimed = 0;
    const refills = [...this.held.values()].filter((held) =>
      held.wantsMore(now.getTime(), timeoutMs),
    );
    if (refills.length > 0) {
      claimed += await this.refill(refills, now, until);
    }
    const room = HELD_WEBHOOKS - this.held.size;
    if (room <= 0) {
      return claimed;
    }
    const release = this.ended;
    this.ended = [];
    const claimant = { owner: this.owner, token: randomUUID(), until };
    let batches: ClaimedBatch[];
    try {
      batches = await this.unitOfWork.run(() =>
        this.claims.claim(now, claimant, room, PER_WEBHOOK, release),
      );
    } catch (error) {
      this.ended.push(...release); // released by the next claim
      throw error;
    }
    for (const batch of batches) {
      const held = new HeldWebhook(batch, until.getTime(), bodies);
      this.held.set(batch.webhook.id, held);
      claimed += batch.deliveries.length;
      this.feed(held);
    }
    return claimed;
  }

  /**
   * Reads more due deliveries for held webhooks under their leases, renewed until `until`; a
   * webhook whose lease was voided or lost stops. No batch ends while its refill is read (it would
   * be released and claimed again while its refill is attempted). Answers the deliveries read.
   */
  private async refill(refills: HeldWebhook[], now: Date, until: Date): Promise<number> {
    refills.forEach((held) => (held.refilling = true));
    let refilled: ClaimedBatch[];
    try {
      refilled = await this.unitOfWork.run(() =>
        this.claims.refill(
          now,
          until,
          refills.map(({ webhook, token, underWay }) => ({
            webhook,
            token,
            exclude: [...underWay],
          })),
          PER_WEBHOOK,
        ),
      );
    } catch (error) {
      for (const held of refills) {
        held.refillFailed(now.getTime(), POLL_MS);
        this.settle(held); // it goes on, or ends, as it is
      }
      throw error;
    }
    let claimed = 0;
    const bodies = new Map<number, string>();
    for (const held of refills) {
      const batch = refilled.find((b) => b.webhook.id === held.webhook.id);
      held.refilled(batch, until.getTime(), now.getTime(), POLL_MS, bodies);
      claimed += batch?.deliveries.length ?? 0;
      this.feed(held);
    }
    return claimed;
  }

  /**
   * Starts the held webhook's next attempts (HeldWebhook.next: at most MAX_IN_FLIGHT, none that
   * could outlast the lease); asks for a refill when it wants more while some are under way; ends
   * its batch when nothing is left.
   */
  private feed(held: HeldWebhook): void {
    const timeoutMs = this.settings.webhooks.timeoutSeconds * 1000;
    let delivery: ClaimedDelivery | undefined;
    while (!this.stop.signal.aborted && (delivery = held.next(Date.now(), timeoutMs))) {
      const attempt = this.attempt(held, delivery).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    if (held.underWay.size > 0 && held.wantsMore(Date.now(), timeoutMs)) {
      this.pumpSoon().catch((error: unknown) => {
        this.logger.warn(`webhook deliveries failed: ${(error as Error).message}`);
      });
    }
    this.settle(held);
  }

  /** The batch ended: the webhook is released by the next claim, which starts now. */
  private settle(held: HeldWebhook): void {
    const id = held.webhook.id;
    if (!held.ended || this.held.get(id) !== held || this.stop.signal.aborted) {
      return;
    }
    this.held.delete(id);
    this.ended.push(id);
    this.pumpSoon().catch((error: unknown) => {
      this.logger.warn(`webhook deliveries failed: ${(error as Error).message}`);
    });
  }

  /** The body of the delivery's message (a test's own, or its event's), made once per event. */
  private bodyOf(delivery: ClaimedDelivery, bodies: Map<number, string>): string {
    const { event } = delivery;
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

  private async attempt(held: HeldWebhook, delivery: ClaimedDelivery): Promise<void> {
    const { webhook } = held;
    const at = new Date();
    const body = this.bodyOf(delivery, held.bodies);
    const settings = this.settings.webhooks;
    const result = await attemptDelivery(
      {
        url: webhook.url,
        messageId: delivery.message_id,
        body,
        secrets: signingSecrets(webhook, at),
        timeoutMs: settings.timeoutSeconds * 1000,
        allowPrivate: settings.allowPrivateNetworks,
        dnsServers: settings.dnsServers,
        signal: this.stop.signal,
      },
      at,
      this.connections,
    );
    held.answered();
    if (this.stop.signal.aborted) {
      return; // shutting down: the lease is released and another instance attempts it again
    }
    this.feed(held); // the slot is free: the next attempt starts while this one is recorded
    try {
      const current = await this.outcomes.record(delivery, held.token, result, new Date());
      if (current !== true || (!result.ok && result.gone)) {
        held.stop(); // the lease is voided or no longer this claim's, or the webhook is gone
      }
    } catch (error) {
      held.stop();
      this.logger.warn(`recording delivery ${delivery.id} failed: ${(error as Error).message}`);
    } finally {
      held.recorded(delivery.id);
      this.settle(held);
    }
  }

  /** Deletes the test deliveries older than the retention (the others go with their events). */
  private async retain(): Promise<void> {
    const cutoff = new Date(Date.now() - this.settings.eventRetentionDays * DAY_MS);
    await this.deliveries.deleteTestsCreatedBefore(cutoff);
  }
}
