import { Injectable } from '@nestjs/common';
import { changesOf } from '../event-log/changes';
import { SYSTEM } from '../event-log/event-actor';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { Webhook } from './webhook.entity';
import { ChangeRunner } from '../fleet-change/change-runner.service';

/** The fields whose changes `webhook.updated` lists; the secret shows masked. */
const CHANGED_FIELDS = [
  'url',
  'event_types',
  'description',
  'enabled',
  'disabled_reason',
  'secret',
] as const;

/**
 * `webhook.created`, `webhook.updated` and `webhook.deleted` (`{webhook_id}` and
 * `{changes}` on update), last in the transaction of the change; by the user, or by the service
 * (`actor` null) when a 410 disabled the webhook.
 */
@Injectable()
export class WebhookEvents {
  constructor(private readonly changes: ChangeRunner) {}

  created(webhook: Webhook, actor: EventActor): Promise<void> {
    return this.record(
      webhook.organisation_id,
      'webhook.created',
      { webhook_id: webhook.id },
      actor,
    );
  }

  deleted(webhook: Webhook, actor: EventActor): Promise<void> {
    return this.record(
      webhook.organisation_id,
      'webhook.deleted',
      { webhook_id: webhook.id },
      actor,
    );
  }

  /** Records the update if any field changed; nothing otherwise. */
  async updated(
    orgId: number,
    before: Webhook,
    after: Webhook,
    actor: EventActor | null,
  ): Promise<void> {
    const changes = changesOf(
      before as unknown as Record<string, unknown>,
      after as unknown as Record<string, unknown>,
      CHANGED_FIELDS,
      ['secret'],
    );
    if (Object.keys(changes).length > 0) {
      await this.record(orgId, 'webhook.updated', { webhook_id: before.id, changes }, actor);
    }
  }

  private record(
    orgId: number,
    type: 'webhook.created' | 'webhook.updated' | 'webhook.deleted',
    data: Record<string, unknown>,
    actor: EventActor | null,
  ): Promise<void> {
    const about = { device: null, network: null };
    return this.changes.record(orgId, [
      eventOf(type, about, data, { actor: actor ?? SYSTEM, at: new Date() }),
    ]);
  }
}
