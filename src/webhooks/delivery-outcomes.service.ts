import { AsyncResource } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { GroupCommit } from '../database/group-commit';
import { UnitOfWork } from '../database/unit-of-work';
import { DeliveriesRepository } from './deliveries.repository';
import { AttemptOutcome, ClaimedDelivery, DeliveryClaims } from './delivery-claims.repository';
import { WebhookEvents } from './webhook-events';
import { afterFailure } from './webhook-rules';
import { AttemptResult } from './webhook-sender';
import { WebhooksRepository } from './webhooks.repository';

/** Attempts' outcomes one transaction records at most. */
const FINISHES_PER_COMMIT = 64;
export const GONE_REASON = '410 Gone';

/** An attempt's outcome to record under its lease. */
interface Finished {
  delivery: ClaimedDelivery;
  token: string;
  outcome: AttemptOutcome;
  gone: boolean;
}

/**
 * What an attempt gave, recorded on its delivery (OPERATIONS 5): succeeded, retried on the
 * schedule, or failed after the last retry; a 410 disables the webhook. The outcomes of attempts
 * that end together are recorded by group commit: those that end while a statement records others
 * share the next one (a commit per attempt capped a fast receiver), and each is answered once its
 * statement committed.
 */
@Injectable()
export class DeliveryOutcomes {
  private readonly finishes: GroupCommit<Finished, Map<number, boolean>>;

  constructor(
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
  }

  /**
   * The attempt's outcome under the lease of the claim `token`, once committed; a 410 disables the
   * webhook and drops its queue. Answers whether the lease still carries the token when it was
   * recorded, or 'not recorded' (the lease was taken over, or a redelivery restarted the
   * schedule meanwhile).
   */
  async record(
    delivery: ClaimedDelivery,
    token: string,
    result: AttemptResult,
    at: Date,
  ): Promise<boolean | 'not recorded'> {
    const schedule =
      this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).webhooks.retryScheduleSeconds;
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
    const gone = !result.ok && result.gone;
    const recorded = await this.finishes.submit({ delivery, token, outcome, gone });
    return recorded.get(delivery.id) ?? 'not recorded';
  }

  /**
   * Outcomes recorded together by one statement (one commit for many attempts); with a 410 among
   * them, in one transaction with the disabling of its webhook.
   */
  private finishAll(finished: readonly Finished[]): Promise<Map<number, boolean>> {
    const write = async () => {
      const mine = await this.claims.finish(
        finished.map(({ delivery, token, outcome }) => ({
          id: delivery.id,
          token,
          base: delivery.schedule_base,
          outcome,
        })),
      );
      for (const { delivery, gone } of finished) {
        if (gone && mine.has(delivery.id)) {
          await this.disableGone(delivery);
        }
      }
      return mine;
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
}
