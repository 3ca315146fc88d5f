import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** Webhook delivery: signed requests, retries, timeouts, redirects, 410, redelivery. */
onBothDatabases(
  'webhook delivery',
  (t) => {
    const w = webhookFixtures(t);

    it('delivers each subscribed event signed, verifiable by the reference implementation', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      const networkId = await w.networkCreated(admin);
      const [delivery] = await w.settled(admin, hook.id, (l) => l[0]?.state === 'succeeded');

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      expect(w.verify(hook.secret, request)).toEqual(JSON.parse(request.body));
      const body = JSON.parse(request.body);
      const [event] = (
        await t().http().get('/v1/events').query({ type: 'network.created' }).set(admin.auth)
      ).body.data.events;
      expect(body).toEqual({ type: 'network.created', timestamp: event.occurred_at, data: event });
      expect(event.network.id).toBe(networkId);
      expect(request.headers).toMatchObject({
        'webhook-id': `evt_${event.id}`,
        'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
        'content-type': 'application/json',
        'user-agent': 'Airfleet-Webhooks/1',
      });
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(delivery).toEqual({
        id: expect.any(Number),
        event_id: event.id,
        event_type: 'network.created',
        state: 'succeeded',
        attempts: 1,
        last_status_code: 200,
        last_error: null,
        last_attempt_at: ISO,
        next_attempt_at: null,
        created_at: ISO,
      });
    });

    it('retries a failed attempt on the schedule, then succeeds with the same webhook-id', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      receiver.answer = (_request, index) => ({ status: index < 2 ? 503 : 204 });
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      await w.networkCreated(admin);
      const list = await w.settled(admin, hook.id, (l) =>
        l.some((d) => d.event_type === 'network.created' && d.state === 'succeeded'),
      );
      const delivery = list.find((d) => d.event_type === 'network.created')!;
      expect(delivery).toMatchObject({ attempts: 3, last_status_code: 204, last_error: null });
      const ids = receiver.received
        .filter((r) => JSON.parse(r.body).type === 'network.created')
        .map((r) => r.headers['webhook-id']);
      expect(ids).toEqual([`evt_${delivery.event_id}`, ...Array(2).fill(ids[0])]);
    });

    it('marks a delivery failed after the last retry, saying why', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      receiver.answer = () => ({ status: 500 });
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      await w.networkCreated(admin);
      const [delivery] = await w.settled(admin, hook.id, (l) => l[0]?.state === 'failed');
      expect(delivery).toMatchObject({
        attempts: 3, // the first and the schedule's two retries
        last_status_code: 500,
        last_error: 'status 500',
        next_attempt_at: null,
      });
      expect(receiver.received).toHaveLength(3);
      expect(await w.deliveries(admin, hook.id, { state: 'succeeded' })).toEqual([]);
      expect(await w.deliveries(admin, hook.id, { state: 'failed' })).toEqual([delivery]);
    });

    it('fails an attempt that gets no answer within the timeout, and one refused', async () => {
      const admin = await t().fixtures.admin();
      const slow = await w.receiver();
      slow.answer = () => ({ status: 200, delayMs: 3000 });
      const hook = await w.register(admin, { url: slow.url(), event_types: ['network.*'] });
      const gone = await w.receiver();
      const refused = await w.register(admin, { url: gone.url(), event_types: ['network.*'] });
      await gone.stop();
      await w.networkCreated(admin);
      const [timedOut] = await w.settled(admin, hook.id, (l) => l[0]?.attempts >= 1, 10_000);
      expect(timedOut).toMatchObject({ last_status_code: null, last_error: 'timeout' });
      const [unreachable] = await w.settled(admin, refused.id, (l) => l[0]?.attempts >= 1);
      expect(unreachable).toMatchObject({
        last_status_code: null,
        last_error: 'connection refused',
      });
    });

    it('does not follow a redirect', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      receiver.answer = (request) =>
        request.path === '/hook'
          ? { status: 302, headers: { location: receiver.url('/elsewhere') } }
          : { status: 200 };
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      await w.networkCreated(admin);
      const [delivery] = await w.settled(admin, hook.id, (l) => l[0]?.attempts >= 1);
      expect(delivery).toMatchObject({
        last_status_code: 302,
        last_error: 'redirect not followed (status 302)',
      });
      expect(receiver.received.map((r) => r.path)).not.toContain('/elsewhere');
    });

    it('disables the webhook on a 410 and drops its pending deliveries, recorded by the service', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      receiver.answer = () => ({ status: 410, delayMs: 300 });
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      await Promise.all([w.networkCreated(admin), w.networkCreated(admin)]);
      await w.eventually(() => Promise.resolve(receiver.received.length > 0 ? true : undefined));
      const shown = await w.eventually(async () => {
        const res = await t().http().get(`/v1/webhooks/${hook.id}`).set(admin.auth).expect(200);
        return res.body.data.webhook.enabled ? undefined : res.body.data.webhook;
      });
      expect(shown).toMatchObject({ enabled: false, disabled_reason: '410 Gone' });
      const list = await w.settled(admin, hook.id, (l) => l.every((d) => d.state !== 'pending'));
      expect(list.filter((d) => d.last_status_code === 410).length).toBeGreaterThanOrEqual(1);
      await w.networkCreated(admin); // while disabled: not delivered
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await w.deliveries(admin, hook.id)).toHaveLength(list.length);
      const [event] = (
        await t().http().get('/v1/events').query({ type: 'webhook.updated' }).set(admin.auth)
      ).body.data.events;
      expect([event.actor, event.data]).toEqual([
        { type: 'system' },
        {
          webhook_id: hook.id,
          changes: {
            enabled: { from: true, to: false },
            disabled_reason: { from: null, to: '410 Gone' },
          },
        },
      ]);
    });

    it('redelivers a failed delivery now, its schedule restarted', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      let healthy = false;
      receiver.answer = () => ({ status: healthy ? 200 : 500 });
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      await w.networkCreated(admin);
      const [failed] = await w.settled(admin, hook.id, (l) => l[0]?.state === 'failed');
      healthy = true;
      const res = await t()
        .http()
        .post(`/v1/webhooks/${hook.id}/deliveries/${failed.id}/redeliver`)
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({
        data: { delivery: { ...failed, state: 'pending', next_attempt_at: ISO } },
        status: 200,
      });
      const [done] = await w.settled(admin, hook.id, (l) => l[0]?.state === 'succeeded');
      expect(done).toMatchObject({ id: failed.id, attempts: 4, last_status_code: 200 });
    });

    it('sends a webhook.test to this webhook only', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const other = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['device.up'] });
      await w.register(admin, { url: other.url(), event_types: ['*'] });
      const res = await t().http().post(`/v1/webhooks/${hook.id}/test`).set(admin.auth).expect(200);
      expect(res.body.data.delivery).toEqual({
        id: expect.any(Number),
        event_id: null,
        event_type: 'webhook.test',
        state: 'pending',
        attempts: 0,
        last_status_code: null,
        last_error: null,
        last_attempt_at: null,
        next_attempt_at: ISO,
        created_at: ISO,
      });
      await w.settled(admin, hook.id, (l) => l[0]?.state === 'succeeded');
      const [request] = receiver.received;
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{24}$/);
      expect(w.verify(hook.secret, request)).toMatchObject({
        type: 'webhook.test',
        data: { type: 'webhook.test', data: { webhook_id: hook.id } },
      });
      expect(other.bodies().map((b) => b.type)).not.toContain('webhook.test');
    });
  },
  {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1',
    WEBHOOK_TIMEOUT_SECONDS: '1',
  },
);
