/**
 * The webhook check of a run (`--webhook-receiver`): what the simulator's receiver
 * got beside the organisation's event feed. The receiver (webhook-receiver.ts) records each
 * request here; this counts and judges, with no I/O.
 */
import type { FeedEvent } from './event-check';

/** The requests the receiver got, by their `webhook-id`. */
export class DeliveryTally {
  requests = 0;
  /** Requests whose webhook-id a verified request had carried before (at least once). */
  duplicates = 0;
  /** Requests that `Webhook.verify` refused (answered 401). */
  signatureFailures = 0;
  /** The event ids of the verified event deliveries (`evt_<id>`), each once. */
  readonly events = new Set<number>();
  private readonly seen = new Set<string>();

  /**
   * One request: its `webhook-id`, and whether it verified. A refused request leaves its id
   * unseen: the retry the service makes of it is no duplicate.
   */
  record(webhookId: string, verified: boolean): void {
    this.requests++;
    if (!verified) {
      this.signatureFailures++;
      return;
    }
    if (this.seen.has(webhookId)) {
      this.duplicates++;
      return;
    }
    this.seen.add(webhookId);
    const event = /^evt_([1-9][0-9]*)$/.exec(webhookId);
    if (event) {
      this.events.add(Number(event[1]));
    }
  }
}

/**
 * The events of the feed that the webhook subscribes to: its own `webhook.created` and every
 * event after it (`*`; the service queues an event's deliveries in its transaction, to the
 * webhooks enabled then, and the feed's ids ascend in commit order). Visit the feed in order.
 */
export class FeedSinceWebhook {
  /** The id of the webhook's `webhook.created` (null: not seen). */
  createdEventId: number | null = null;
  /** The ids since, that one included, ascending. */
  readonly ids: number[] = [];
  /** The greatest id of the feed (0: empty): an event above it was written after the read. */
  greatest = 0;

  constructor(readonly webhookId: number) {}

  readonly visit = (event: FeedEvent): void => {
    this.greatest = Math.max(this.greatest, event.id);
    if (
      this.createdEventId === null &&
      event.type === 'webhook.created' &&
      event.data?.webhook_id === this.webhookId
    ) {
      this.createdEventId = event.id;
    }
    if (this.createdEventId !== null) {
      this.ids.push(event.id);
    }
  };

  /** The events since the webhook's creation that `delivered` does not hold. */
  notDelivered(delivered: ReadonlySet<number>): number {
    return this.ids.filter((id) => !delivered.has(id)).length;
  }
}

export interface WebhooksCheck {
  webhook_id: number;
  url: string;
  /** Requests the receiver got. */
  requests: number;
  /** Distinct events delivered: verified requests with a `webhook-id` of `evt_<event id>`. */
  delivered: number;
  /** Requests whose webhook-id had been delivered before (at least once: allowed). */
  duplicates: number;
  /** Requests whose signature did not verify (answered 401). */
  signature_failures: number;
  /** The id of the webhook's `webhook.created` in the feed (null: not there, or the feed unread). */
  created_event_id: number | null;
  /** The feed's events since the webhook's `webhook.created`, that one included (null: unread). */
  feed_events: number | null;
  /** Of those, the ones not delivered by the end of the wait (null: the feed unread). */
  not_delivered: number | null;
  /**
   * Delivered events that the feed does not hold though they are not newer than its newest:
   * another organisation's, or older than the webhook (null: the feed unread).
   */
  not_in_feed: number | null;
  /** Delivered events newer than the feed read (written after it, e.g. a stopped device's DOWN). */
  after_feed: number | null;
  /** How long the end of the run waited for the deliveries to catch up. */
  wait_seconds: number;
  /** Whether the webhook was deleted at the end. */
  deleted: boolean;
}

/** The receiver's tally beside the feed (null: the feed could not be read). */
export function checkWebhook(
  webhook: { id: number; url: string },
  tally: DeliveryTally,
  feed: FeedSinceWebhook | null,
  end: { waitSeconds: number; deleted: boolean },
): WebhooksCheck {
  let notInFeed: number | null = null;
  let afterFeed: number | null = null;
  if (feed) {
    const inFeed = new Set(feed.ids);
    const delivered = [...tally.events];
    afterFeed = delivered.filter((id) => id > feed.greatest).length;
    notInFeed = delivered.filter((id) => id <= feed.greatest && !inFeed.has(id)).length;
  }
  return {
    webhook_id: webhook.id,
    url: webhook.url,
    requests: tally.requests,
    delivered: tally.events.size,
    duplicates: tally.duplicates,
    signature_failures: tally.signatureFailures,
    created_event_id: feed && feed.createdEventId,
    feed_events: feed && feed.ids.length,
    not_delivered: feed && feed.notDelivered(tally.events),
    not_in_feed: notInFeed,
    after_feed: afterFeed,
    wait_seconds: end.waitSeconds,
    deleted: end.deleted,
  };
}

/**
 * The webhook part of a run's problems: a signature that did not verify, an event of the feed
 * not delivered, a delivery the feed does not account for, the webhook's creation not in the
 * feed, or the webhook left behind. Duplicates are allowed (at least once).
 */
export function webhookProblems(check: WebhooksCheck | null): string[] {
  if (check === null) {
    return [];
  }
  const problems: string[] = [];
  if (check.signature_failures > 0) {
    problems.push(
      `webhooks: ${check.signature_failures} requests whose signature did not verify (answered 401)`,
    );
  }
  if (check.feed_events !== null && check.created_event_id === null) {
    problems.push(`webhooks: the feed holds no webhook.created of webhook ${check.webhook_id}`);
  }
  if (check.not_delivered) {
    problems.push(
      `webhooks: ${check.not_delivered} of ${check.feed_events} events in the feed not delivered after waiting ${check.wait_seconds.toFixed(1)} s`,
    );
  }
  if (check.not_in_feed) {
    problems.push(
      `webhooks: ${check.not_in_feed} events delivered that the organisation's feed does not hold`,
    );
  }
  if (!check.deleted) {
    problems.push(`webhooks: webhook ${check.webhook_id} could not be deleted`);
  }
  return problems;
}

/** `webhooks: delivered 412 events (feed 412, not delivered 0), duplicates 0, signature failures 0` */
export function webhooksLine(check: WebhooksCheck): string {
  const feed =
    check.feed_events === null
      ? 'feed unread'
      : `feed ${check.feed_events}, not delivered ${check.not_delivered}${check.after_feed ? `, ${check.after_feed} written after the read` : ''}`;
  return `webhooks: delivered ${check.delivered} events (${feed}), duplicates ${check.duplicates}, signature failures ${check.signature_failures}, waited ${check.wait_seconds.toFixed(1)} s${check.deleted ? '' : ', NOT deleted'}`;
}
