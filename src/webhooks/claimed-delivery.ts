import { EntityManager } from 'typeorm';
import { hydratedValue } from '../database/persisted-value';
import { EventRecord } from '../event-log/event.entity';
import { Webhook } from './webhook.entity';
import { DeliveryState, WebhookDelivery } from './webhook-delivery.entity';

/** What a claim of the delivery queue reads (DeliveryQueueRepository), and its rows. */

/** How an attempt ended, as the delivery row records it. */
export interface AttemptOutcome {
  state: DeliveryState;
  status: number | null;
  error: string | null;
  at: Date;
  next: Date | null;
}

/** An attempt's outcome to record if its webhook's lease is still the claim `token`'s. */
export interface LeasedOutcome {
  id: number;
  token: string;
  /** `schedule_base` when claimed: a redelivery meanwhile restarted the schedule (voids it). */
  base: number;
  outcome: AttemptOutcome;
}

/** A webhook as a claim locks it: what an attempt signs and sends with. */
export type ClaimedWebhook = Pick<
  Webhook,
  'id' | 'url' | 'secret' | 'previous_secret' | 'previous_secret_until'
>;

/**
 * A delivery claimed for one attempt, with its webhook, its event (null for a test) and the
 * bodies of its claim's events (each built once per claim, shared by the claim's deliveries).
 */
export type ClaimedDelivery = Pick<
  WebhookDelivery,
  | 'id'
  | 'organisation_id'
  | 'webhook_id'
  | 'event_id'
  | 'event_type'
  | 'message_id'
  | 'attempts'
  | 'schedule_base'
  | 'test_payload'
> & { webhook: ClaimedWebhook; event: EventRecord | null; bodies: Map<number, string> };

/** The event's columns an attempt's body needs, returned by the claim itself. */
export const EVENT_COLUMNS = [
  'type',
  'occurred_at',
  'network_id',
  'network_name',
  'device_id',
  'device_mac',
  'device_name',
  'actor',
  'data',
] as const;
export const DELIVERY_COLUMNS = [
  'id',
  'organisation_id',
  'webhook_id',
  'event_id',
  'event_type',
  'message_id',
  'attempts',
  'schedule_base',
  'test_payload',
] as const;

export type ClaimRow = Record<string, unknown>;

/** A webhook as the claim's lock read it: what its attempts sign and send with. */
export function claimedWebhook(manager: EntityManager, row: ClaimRow): ClaimedWebhook {
  return {
    id: Number(row.id),
    url: row.url as string,
    secret: row.secret as string,
    previous_secret: (row.previous_secret as string | null) ?? null,
    previous_secret_until: hydratedValue(
      manager,
      Webhook,
      'previous_secret_until',
      row.previous_secret_until,
    ) as Date | null,
  };
}

/** A delivery as the claim's row holds it, with its webhook and its event. */
export function claimedDelivery(
  manager: EntityManager,
  row: ClaimRow,
  webhooks: Map<number, ClaimedWebhook>,
  bodies: Map<number, string>,
): ClaimedDelivery {
  const delivery = Object.fromEntries(
    DELIVERY_COLUMNS.map((column) => [
      column,
      hydratedValue(manager, WebhookDelivery, column, row[column]),
    ]),
  ) as Omit<ClaimedDelivery, 'webhook' | 'event' | 'bodies'>;
  for (const column of ['id', 'organisation_id', 'webhook_id', 'attempts', 'schedule_base']) {
    (delivery as Record<string, unknown>)[column] = Number(row[column]);
  }
  const eventId = delivery.event_id === null ? null : Number(delivery.event_id);
  // An event deleted meanwhile (retention) reads as none, as a left join would.
  const event =
    eventId === null || row.e_type === null || row.e_type === undefined
      ? null
      : (Object.fromEntries([
          ['id', eventId],
          ...EVENT_COLUMNS.map((column) => [
            column,
            hydratedValue(manager, EventRecord, column, row[`e_${column}`]),
          ]),
        ]) as EventRecord);
  return {
    ...delivery,
    event_id: eventId,
    webhook: webhooks.get(delivery.webhook_id)!,
    event,
    bodies,
  };
}
