import {
  checkWebhook,
  DeliveryTally,
  FeedSinceWebhook,
  webhookProblems,
  webhooksLine,
} from './webhook-check';

const WEBHOOK = { id: 7, url: 'http://127.0.0.1:4000/airfleet-webhook' };
const END = { waitSeconds: 0.4, deleted: true };

/** The feed of an organisation: a claim before the webhook, its creation (id 12), then events. */
function feedOf(...after: number[]) {
  const feed = new FeedSinceWebhook(WEBHOOK.id);
  feed.visit({ id: 10, type: 'device.claimed', data: {} });
  feed.visit({ id: 11, type: 'webhook.created', data: { webhook_id: 99 } });
  feed.visit({ id: 12, type: 'webhook.created', data: { webhook_id: WEBHOOK.id } });
  after.forEach((id) => feed.visit({ id, type: 'device.up', data: null }));
  return feed;
}

function tallyOf(...ids: string[]) {
  const tally = new DeliveryTally();
  ids.forEach((id) => tally.record(id, true));
  return tally;
}

describe("the simulator's webhook check", () => {
  it('counts distinct event deliveries, a webhook-id seen again as a duplicate, and refused requests apart', () => {
    const tally = tallyOf('evt_12', 'evt_15', 'evt_12', 'msg_ab12');
    tally.record('evt_20', false);
    tally.record('evt_20', true); // the retry of a refused request is its first delivery
    expect({
      requests: tally.requests,
      duplicates: tally.duplicates,
      signatureFailures: tally.signatureFailures,
      events: [...tally.events],
    }).toEqual({ requests: 6, duplicates: 1, signatureFailures: 1, events: [12, 15, 20] });
  });

  it("takes the feed from the webhook's own webhook.created on, not another webhook's", () => {
    const feed = feedOf(13, 15);
    expect({ created: feed.createdEventId, ids: feed.ids, greatest: feed.greatest }).toEqual({
      created: 12,
      ids: [12, 13, 15],
      greatest: 15,
    });
  });

  it('passes when every event of the feed since the creation was delivered, duplicates allowed', () => {
    const check = checkWebhook(
      WEBHOOK,
      tallyOf('evt_13', 'evt_12', 'evt_15', 'evt_13'),
      feedOf(13, 15),
      END,
    );
    expect(check).toEqual({
      webhook_id: 7,
      url: WEBHOOK.url,
      requests: 4,
      delivered: 3,
      duplicates: 1,
      signature_failures: 0,
      created_event_id: 12,
      feed_events: 3,
      not_delivered: 0,
      not_in_feed: 0,
      after_feed: 0,
      wait_seconds: 0.4,
      deleted: true,
    });
    expect(webhookProblems(check)).toEqual([]);
    expect(webhooksLine(check)).toBe(
      'webhooks: delivered 3 events (feed 3, not delivered 0), duplicates 1, signature failures 0, waited 0.4 s',
    );
  });

  it('fails on a missing delivery, a signature that did not verify, a delivery the feed does not hold, and a webhook left behind', () => {
    const tally = tallyOf('evt_12', 'evt_15', 'evt_10', 'evt_14', 'evt_30');
    tally.record('evt_13', false);
    const check = checkWebhook(WEBHOOK, tally, feedOf(13, 15, 16), {
      waitSeconds: 20,
      deleted: false,
    });
    expect(check).toMatchObject({
      delivered: 5,
      feed_events: 4,
      not_delivered: 2, // 13 and 16
      not_in_feed: 2, // 10 (before the webhook) and 14 (not the organisation's)
      after_feed: 1, // 30: written after the read
    });
    expect(webhookProblems(check)).toEqual([
      'webhooks: 1 requests whose signature did not verify (answered 401)',
      'webhooks: 2 of 4 events in the feed not delivered after waiting 20.0 s',
      "webhooks: 2 events delivered that the organisation's feed does not hold",
      'webhooks: webhook 7 could not be deleted',
    ]);
    expect(webhooksLine(check)).toBe(
      'webhooks: delivered 5 events (feed 4, not delivered 2, 1 written after the read), duplicates 0, signature failures 1, waited 20.0 s, NOT deleted',
    );
  });

  it("fails when the feed does not hold the webhook's creation, and compares nothing when the feed is unread", () => {
    const feed = new FeedSinceWebhook(WEBHOOK.id);
    feed.visit({ id: 10, type: 'device.up', data: null });
    const unseen = checkWebhook(WEBHOOK, tallyOf('evt_10'), feed, END);
    expect(webhookProblems(unseen)).toEqual([
      'webhooks: the feed holds no webhook.created of webhook 7',
      "webhooks: 1 events delivered that the organisation's feed does not hold",
    ]);
    const unread = checkWebhook(WEBHOOK, tallyOf('evt_10'), null, END);
    expect(unread).toMatchObject({
      delivered: 1,
      created_event_id: null,
      feed_events: null,
      not_delivered: null,
      not_in_feed: null,
      after_feed: null,
    });
    expect(webhookProblems(unread)).toEqual([]);
    expect(webhooksLine(unread)).toBe(
      'webhooks: delivered 1 events (feed unread), duplicates 0, signature failures 0, waited 0.4 s',
    );
    expect(webhookProblems(null)).toEqual([]);
  });
});
