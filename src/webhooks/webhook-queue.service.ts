import { Injectable } from '@nestjs/common';
import { EventFanOut } from '../event-log/event-fan-out';
import { DeliveriesRepository, NewDelivery } from './deliveries.repository';
import { subscribes } from './webhook-rules';
import { WebhooksRepository } from './webhooks.repository';

/** The subscriptions an event write fans out to. */
export type Subscriptions = { id: number; event_types: string[] }[];

/**
 * Fills the delivery queue in the transaction that writes the events it carries,
 * so that an event that exists is delivered, also after a crash or a restart. Called by
 * EventsRepository.append under the organisation's event-order lock: a webhook disabled before
 * gets nothing, one enabled before gets everything after.
 */
@Injectable()
export class WebhookQueue implements EventFanOut {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: DeliveriesRepository,
  ) {}

  /** Queues the deliveries of the events just written to the webhooks that want them. */
  async fanOut(
    orgId: number,
    types: readonly string[],
    written: () => Promise<{ id: number; type: string }[]>,
  ): Promise<void> {
    const subscriptions = await this.subscribersOf(orgId, types);
    if (subscriptions.length > 0) {
      await this.enqueue(orgId, subscriptions, await written(), new Date());
    }
  }

  /** The organisation's enabled webhooks that want at least one of these types (one statement). */
  async subscribersOf(orgId: number, types: readonly string[]): Promise<Subscriptions> {
    const enabled = await this.webhooks.enabledSubscriptions(orgId);
    return enabled.filter((webhook) => types.some((type) => subscribes(webhook.event_types, type)));
  }

  /** Queues one delivery per event and subscribing webhook, due `at`. */
  async enqueue(
    orgId: number,
    subscriptions: Subscriptions,
    events: readonly { id: number; type: string }[],
    at: Date,
  ): Promise<void> {
    const deliveries: NewDelivery[] = [];
    for (const event of [...events].sort((a, b) => a.id - b.id)) {
      for (const webhook of subscriptions) {
        if (subscribes(webhook.event_types, event.type)) {
          deliveries.push({
            webhook_id: webhook.id,
            event_id: event.id,
            event_type: event.type,
            message_id: `evt_${event.id}`,
            test_payload: null,
          });
        }
      }
    }
    await this.deliveries.enqueue(orgId, deliveries, at);
  }
}
