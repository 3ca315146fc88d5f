import { Webhook as Verifier } from 'standardwebhooks';
import { Webhook } from '../../src/webhooks/webhook.entity';
import { newWebhookSecret } from '../../src/webhooks/webhook-rules';
import { TestApp } from './app';
import { Caller } from './fixtures';
import { Received, WebhookReceiver } from './webhook-receiver';
import { eventFixtures } from './events.helpers';

/** The delivery record, as the API answers it. */
export interface ShownDelivery {
  id: number;
  event_id: number | null;
  event_type: string;
  state: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

/** Helpers for the webhook tests: a receiver per test, webhooks, events and delivery logs. */
export function webhookFixtures(t: () => TestApp) {
  const { eventually } = eventFixtures(t);
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.stop()));
  });

  const receiver = async () => {
    const started = await new WebhookReceiver().start();
    receivers.push(started);
    return started;
  };

  /** Registers a webhook (200 expected); answers the record with its secret. */
  const register = async (caller: Caller, fields: object) => {
    const res = await t().http().post('/v1/webhooks').set(caller.auth).send({ webhook: fields });
    if (res.status !== 200) {
      throw new Error(`create_webhook answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.body.data.webhook as { id: number; secret: string; url: string };
  };

  /**
   * A webhook row written without the API's checks: as an older version stored it, or as it was
   * registered while its host resolved elsewhere.
   */
  const saved = (caller: Caller, url: string, eventTypes = ['*']) =>
    t().fixtures.save(Webhook, {
      organisation_id: caller.orgId,
      url,
      event_types: eventTypes,
      description: null,
      enabled: true,
      disabled_reason: null,
      secret: newWebhookSecret(),
      previous_secret: null,
      previous_secret_until: null,
    });

  /** One network created through the API: a `network.created` event. */
  let counter = 0;
  const networkCreated = async (caller: Caller) => {
    const network_name = `Hooked ${++counter}`;
    const res = await t()
      .http()
      .post('/v1/location_networks')
      .set(caller.auth)
      .send({ location_network: { network_name, timezone: 'UTC' } })
      .expect(200);
    return res.body.data.id as number;
  };

  const deliveries = async (caller: Caller, webhookId: number, query: object = {}) => {
    const res = await t()
      .http()
      .get(`/v1/webhooks/${webhookId}/deliveries`)
      .query(query)
      .set(caller.auth)
      .expect(200);
    return res.body.data.deliveries as ShownDelivery[];
  };

  /** Waits until the webhook's deliveries all match `done` (every 100 ms, at most `ms`). */
  const settled = (
    caller: Caller,
    webhookId: number,
    done: (list: ShownDelivery[]) => boolean,
    ms = 8000,
  ) =>
    eventually(async () => {
      const list = await deliveries(caller, webhookId);
      return done(list) ? list : undefined;
    }, ms);

  /** The reference implementation's verification of a received request (throws if it fails). */
  const verify = (secret: string, request: Received) =>
    new Verifier(secret).verify(request.body, {
      'webhook-id': request.headers['webhook-id'],
      'webhook-timestamp': request.headers['webhook-timestamp'],
      'webhook-signature': request.headers['webhook-signature'],
    });

  return { receiver, register, saved, networkCreated, deliveries, settled, verify, eventually };
}
