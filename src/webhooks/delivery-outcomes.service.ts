import { Injectable } from '@nestjs/common';
import { Outcome } from '../background/queue-source';
import { UnitOfWork } from '../database/unit-of-work';
import { DeliveriesRepository } from './deliveries.repository';
import {
  AttemptOutcome,
  ClaimedDelivery,
  DeliveryQueueRepository,
} from './delivery-queue.repository';
import { WebhookEvents } from './webhook-events';
import { AttemptResult } from './webhook-sender';
import { WebhooksRepository } from './webhooks.repository';

export const GONE_REASON = '410 Gone';

/** An attempt's result, as the queue reads it: a 410 is a final failure. */
export type DeliveryResult = AttemptResult & { final: boolean };

/**
 * What attempts gave, recorded on their deliveries: succeeded, retried on the
 * schedule, or failed after the last retry; a 410 disables the webhook and drops its queue. The
 * lease queue hands the outcomes of attempts that end together in one batch (group commit): one
 * statement records them all.
 */
@Injectable()
export class DeliveryOutcomes {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly queue: DeliveryQueueRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEvents,
  ) {}

  /**
   * Records the outcomes under their leases (one statement, committed when it returns); with a
   * 410 among them, in one transaction with the disabling of its webhook. Answers, for each one
   * recorded, whether its lease still carries its token.
   */
  record(
    outcomes: readonly Outcome<ClaimedDelivery, DeliveryResult>[],
  ): Promise<Map<number, boolean>> {
    const write = async () => {
      const recorded = await this.queue.finish(
        outcomes.map(({ item, token, result, verdict, at }) => ({
          id: item.id,
          token,
          base: item.schedule_base,
          outcome: attemptOutcome(result, verdict, at),
        })),
      );
      for (const { item, result } of outcomes) {
        if (result.final && recorded.has(item.id)) {
          await this.disableGone(item);
        }
      }
      return recorded;
    };
    return outcomes.some((o) => o.result.final)
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

/** The delivery row's record of an attempt. */
function attemptOutcome(
  result: AttemptResult,
  verdict: Outcome<ClaimedDelivery, DeliveryResult>['verdict'],
  at: Date,
): AttemptOutcome {
  const failure = result.ok ? { status: result.status, error: null } : result;
  switch (verdict.state) {
    case 'done':
      return { state: 'succeeded', status: failure.status, error: null, at, next: null };
    case 'retry':
      return {
        state: 'pending',
        status: failure.status,
        error: failure.error,
        at,
        next: verdict.next,
      };
    case 'failed':
      return { state: 'failed', status: failure.status, error: failure.error, at, next: null };
  }
}
