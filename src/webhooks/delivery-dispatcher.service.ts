import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { AsyncResource } from 'node:async_hooks';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { DAY_MS } from '../common/time-window/time-window';
import { BackgroundWork } from '../database/background-work';
import { GroupCommit } from '../database/group-commit';
import { UnitOfWork } from '../database/unit-of-work';
import { toEventView } from '../event-log/event.view';
import { DeliveriesRepository } from './deliveries.repository';
import { AttemptOutcome, ClaimedDelivery, DeliveryClaims } from './delivery-claims.repository';
import { WebhookEvents } from './webhook-events';
import { afterFailure, MAX_IN_FLIGHT, signingSecrets } from './webhook-rules';
import { attemptDelivery, AttemptResult, WebhookConnections } from './webhook-sender';
import { WebhooksRepository } from './webhooks.repository';

/**
 * Attempts one instance makes at once, over every webhook: 16 webhooks' 4 each (with 32, ten
 * busy webhooks of the bench got 32 of their 40 slots).
 */
const LOCAL_CONCURRENCY = 64;
/** How often an instance looks for due deliveries. */
const POLL_MS = 200;
/** Attempts' outcomes one transaction records at most. */
const FINISHES_PER_COMMIT = 64;
/** A lease outlives the attempt's timeout by this much before another instance may take over. */
const LEASE_MARGIN_MS = 10_000;
export const GONE_REASON = '410 Gone';

/** An attempt's outcome to record under its lease. */
interface Finished {
  delivery: ClaimedDelivery;
  token: string;
  outcome: AttemptOutcome;
  gone: boolean;
}

/**
 * Drains the delivery queue (OPERATIONS 5) on every instance: every POLL_MS, and again as soon
 * as an attempt ends, it claims due deliveries (DeliveryClaims.claim: each attempt leased
 * by one instance, at most MAX_IN_FLIGHT per webhook over all instances), makes the attempts
 * outside any transaction, and records each outcome under its lease. One claim runs at a time
 * per process; one asked for while it runs runs once more after it, so a fast receiver gets its
 * deliveries back to back rather than MAX_IN_FLIGHT per poll. A slow receiver holds at most
 * MAX_IN_FLIGHT of LOCAL_CONCURRENCY slots; an instance that dies leaves leases that expire,
 * and the deliveries are attempted again (at least once).
 */
@Injectable()
export class DeliveryDispatcher implements BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryDispatcher.name);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  /** The claims running now (one at a time), and whether another was asked for meanwhile. */
  private pumping?: Promise<void>;
  private pumpAgain = false;
  /**
   * The outcomes of attempts that ended, recorded by group commit: those that end while a
   * transaction records others share the next one (a commit per attempt capped a fast receiver).
   */
  private readonly finishes: GroupCommit<Finished>;
  /** Keep-alive connections, one pool per checked address (webhook-sender.ts). */
  private readonly connections = new WebhookConnections(LOCAL_CONCURRENCY);

  constructor(
    background: BackgroundWork,
    private readonly unitOfWork: UnitOfWork,
    private readonly claims: DeliveryClaims,
    private readonly deliveries: DeliveriesRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEvents,
    private readonly config: ConfigService,
  ) {
    // Batches start in this object's context, never in a transaction's.
    const detached = AsyncResource.bind((start: () => void) => setImmediate(start));
    this.finishes = new GroupCommit(
      (finished) => this.finishAll(finished),
      FINISHES_PER_COMMIT,
      detached,
    );
    setMaxListeners(0, this.stop.signal); // one listener per attempt in flight (up to 64)
    background.every('webhook deliveries', POLL_MS, () => this.pumpSoon());
    background.every('webhook test deliveries retention', 60_000, () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    await Promise.allSettled([this.pumping, ...this.inFlight]);
    this.connections.close();
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

  /** An attempt ended: its slot, and maybe its webhook's, is free for the next due delivery. */
  private attemptEnded(attempt: Promise<void>): void {
    this.inFlight.delete(attempt);
    if (!this.stop.signal.aborted) {
      this.pumpSoon().catch((error: unknown) => {
        this.logger.warn(`webhook deliveries failed: ${(error as Error).message}`);
      });
    }
  }

  /**
   * One claim: what this instance has room for, and starts the attempts (not awaited). Called
   * through pumpSoon, so that two never overlap in a process.
   */
  async pump(now = new Date()): Promise<number> {
    const room = LOCAL_CONCURRENCY - this.inFlight.size;
    if (room <= 0 || this.stop.signal.aborted) {
      return 0;
    }
    const token = randomUUID();
    const timeoutMs = this.settings.webhooks.timeoutSeconds * 1000;
    const until = new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS);
    const claimed = await this.unitOfWork.run(() =>
      this.claims.claim(now, until, token, room, MAX_IN_FLIGHT),
    );
    // One body per event, whichever of its webhooks the claim holds deliveries to.
    const bodies = new Map<number, string>();
    for (const delivery of claimed) {
      const attempt = this.attempt(delivery, token, bodies).finally(() =>
        this.attemptEnded(attempt),
      );
      this.inFlight.add(attempt);
    }
    return claimed.length;
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

  private async attempt(
    delivery: ClaimedDelivery,
    token: string,
    bodies: Map<number, string>,
  ): Promise<void> {
    const webhook = delivery.webhook;
    const at = new Date();
    const body = this.bodyOf(delivery, bodies);
    const settings = this.settings.webhooks;
    const result = await attemptDelivery(
      {
        url: webhook.url,
        messageId: delivery.message_id,
        body,
        secrets: signingSecrets(webhook, at),
        timeoutMs: settings.timeoutSeconds * 1000,
        allowPrivate: settings.allowPrivateNetworks,
        signal: this.stop.signal,
      },
      at,
      this.connections,
    );
    if (this.stop.signal.aborted) {
      return; // shutting down: the lease expires and another instance attempts it again
    }
    try {
      await this.record(delivery, token, result, new Date());
    } catch (error) {
      this.logger.warn(`recording delivery ${delivery.id} failed: ${(error as Error).message}`);
    }
  }

  /**
   * The attempt's outcome under its lease, once committed; a 410 disables the webhook and drops
   * its queue.
   */
  private record(
    delivery: ClaimedDelivery,
    token: string,
    result: AttemptResult,
    at: Date,
  ): Promise<void> {
    const schedule = this.settings.webhooks.retryScheduleSeconds;
    let outcome: AttemptOutcome;
    if (result.ok) {
      outcome = { state: 'succeeded', status: result.status, error: null, at, next: null };
    } else {
      const after = result.gone
        ? ({ state: 'failed' } as const)
        : afterFailure(delivery.attempts + 1, delivery.schedule_base, schedule, at);
      outcome = {
        state: after.state,
        status: result.status,
        error: result.error,
        at,
        next: after.state === 'pending' ? after.next : null,
      };
    }
    return this.finishes.submit({ delivery, token, outcome, gone: !result.ok && result.gone });
  }

  /**
   * Outcomes recorded together by one statement (one commit for many attempts); with a 410 among
   * them, in one transaction with the disabling of its webhook.
   */
  private finishAll(finished: readonly Finished[]): Promise<void> {
    const write = async () => {
      const mine = await this.claims.finish(
        finished.map(({ delivery, token, outcome }) => ({ id: delivery.id, token, outcome })),
      );
      for (const { delivery, gone } of finished) {
        if (gone && mine.has(delivery.id)) {
          await this.disableGone(delivery);
        }
      }
    };
    return finished.some((f) => f.gone)
      ? this.unitOfWork.run(write)
      : this.unitOfWork.runStatement(write);
  }

  private async disableGone(delivery: ClaimedDelivery): Promise<void> {
    const orgId = delivery.organisation_id;
    const webhook = await this.webhooks.lock(orgId, delivery.webhook_id);
    if (!webhook?.enabled) {
      return;
    }
    const before = { ...webhook };
    await this.webhooks.disable(orgId, webhook.id, GONE_REASON);
    await this.deliveries.dropPending(orgId, webhook.id, delivery.id);
    await this.events.updated(
      orgId,
      before,
      { ...webhook, enabled: false, disabled_reason: GONE_REASON },
      null,
    );
  }

  /** Deletes the test deliveries older than the retention (the others go with their events). */
  private async retain(): Promise<void> {
    const cutoff = new Date(Date.now() - this.settings.eventRetentionDays * DAY_MS);
    await this.deliveries.deleteTestsCreatedBefore(cutoff);
  }
}
