import { Webhook } from '../../src/webhooks/webhook.entity';
import { newWebhookSecret } from '../../src/webhooks/webhook-rules';
import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';

/**
 * The refused destinations of OPERATIONS 5, in the default configuration (private networks
 * refused, the default retry schedule and timeout).
 */
onBothDatabases('webhook destinations (OPERATIONS 5, defaults)', (t) => {
  const w = webhookFixtures(t);

  it.each([
    ['http://127.0.0.1/hook', '127.0.0.1 (loopback)'],
    ['http://[::1]:8080/hook', '::1 (loopback)'],
    ['https://10.1.2.3/hook', '10.1.2.3 (private)'],
    ['http://172.16.5.4/hook', '172.16.5.4 (private)'],
    ['http://192.168.1.10/hook', '192.168.1.10 (private)'],
    ['http://[fd00::1]/hook', 'fd00::1 (uniqueLocal)'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 (linkLocal)'],
    ['http://[fe80::1]/hook', 'fe80::1 (linkLocal)'],
    ['http://0.0.0.0/hook', '0.0.0.0 (unspecified)'],
    ['http://224.0.0.1/hook', '224.0.0.1 (multicast)'],
    ['http://localhost/hook', expect.stringMatching(/^(127\.0\.0\.1|::1) \(loopback\)$/)],
  ])('refuses %s at create and update with 422 1047', async (url, named) => {
    const admin = await t().fixtures.admin();
    const res = await t()
      .http()
      .post('/v1/webhooks')
      .set(admin.auth)
      .send({ webhook: { url, event_types: ['*'] } });
    expect([res.status, res.body]).toEqual([
      422,
      {
        msg: 'Refused address',
        error_code: 1047,
        errors:
          typeof named === 'string'
            ? `url resolves to a refused address: ${named}`
            : expect.any(String),
      },
    ]);
    const hook = await w.register(admin, { url: 'https://93.184.216.34/hook', event_types: ['*'] });
    const patched = await t()
      .http()
      .patch(`/v1/webhooks/${hook.id}`)
      .set(admin.auth)
      .send({ webhook: { url } });
    expect([patched.status, patched.body.error_code]).toEqual([422, 1047]);
  });

  it('fails an attempt whose host resolves to a refused address at delivery time, retried after 5 s', async () => {
    const admin = await t().fixtures.admin();
    const receiver = await w.receiver();
    // Registered while its name resolved to a public address; it resolves to 127.0.0.1 now.
    const hook = await t().fixtures.save(Webhook, {
      organisation_id: admin.orgId,
      url: receiver.url().replace('127.0.0.1', 'localhost'),
      event_types: ['network.*'],
      description: null,
      enabled: true,
      disabled_reason: null,
      secret: newWebhookSecret(),
      previous_secret: null,
      previous_secret_until: null,
    });
    await w.networkCreated(admin);
    const [delivery] = await w.settled(admin, hook.id, (l) => l[0]?.attempts === 1);
    expect(delivery).toMatchObject({
      state: 'pending',
      last_status_code: null,
      last_error: expect.stringMatching(/^refused address (127\.0\.0\.1|::1) \(loopback\)$/),
    });
    expect(Date.parse(delivery.next_attempt_at!) - Date.parse(delivery.last_attempt_at!)).toBe(
      5000,
    );
    expect(receiver.received).toEqual([]);
  });
});
