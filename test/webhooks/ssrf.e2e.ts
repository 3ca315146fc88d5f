import { onBothDatabases, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';
import { webhookFixtures } from '../harness/webhooks.helpers';

/** 422 1047 naming the kind the URL itself shows (an address, a `localhost` name). */
const refusedAs = (kind: string) => ({
  msg: 'Refused address',
  error_code: 1047,
  errors: `url's host is a refused address (${kind})`,
});

/** Creates a webhook at `url`, disabled unless said (no attempt to a public address leaves). */
const create = (t: () => TestApp, admin: Caller, url: string, enabled = false) =>
  t()
    .http()
    .post('/v1/webhooks')
    .set(admin.auth)
    .send({ webhook: { url, event_types: ['*'], enabled } });

/**
 * Every address that is not global unicast is refused, in any spelling, with the default
 * configuration (private networks refused, the system's name servers, the default timeout).
 */
onBothDatabases('webhook destinations (defaults)', (t) => {
  const w = webhookFixtures(t);

  it.each([
    ['http://127.0.0.1/hook', 'loopback'],
    ['http://2130706433/hook', 'loopback'],
    ['http://0x7f.1/hook', 'loopback'],
    ['http://[::1]:8080/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/hook', 'loopback'],
    ['http://[::ffff:0:7f00:1]/hook', 'loopback'],
    ['http://[64:ff9b::7f00:1]/hook', 'loopback'],
    ['http://[64:ff9b:1::a00:1]/hook', 'private'],
    ['http://[2002:7f00:1::1]/hook', 'loopback'],
    ['http://[2001:0:808:808::80ff:fffe]/hook', 'loopback'],
    ['http://[::7f00:1]/hook', 'reserved'],
    ['http://localhost/hook', 'loopback'],
    ['http://localhost./hook', 'loopback'],
    ['http://hooks.localhost:8080/hook', 'loopback'],
    ['https://10.1.2.3/hook', 'private'],
    ['http://172.16.5.4/hook', 'private'],
    ['http://192.168.1.10/hook', 'private'],
    ['http://[fd00::1]/hook', 'private'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://[fe80::1]/hook', 'link-local'],
    ['http://0.0.0.0/hook', 'unspecified'],
    ['http://0.1.2.3/hook', 'unspecified'],
    ['http://[::]/hook', 'unspecified'],
    ['http://100.64.0.1/hook', 'shared address space'],
    ['http://100.100.100.200/latest/meta-data', 'shared address space'],
    ['http://192.0.0.9/hook', 'reserved'],
    ['http://192.88.99.1/hook', 'reserved'],
    ['http://240.0.0.1/hook', 'reserved'],
    ['http://198.18.0.1/hook', 'benchmarking'],
    ['http://192.0.2.1/hook', 'documentation'],
    ['http://[2001:db8::1]/hook', 'documentation'],
    ['http://224.0.0.1/hook', 'multicast'],
    ['http://[ff02::1]/hook', 'multicast'],
    ['http://255.255.255.255/hook', 'broadcast'],
    ['http://[fec0::1]/hook', 'site-local'],
    ['http://[100::1]/hook', 'discard-only'],
    ['http://[2001:20::1]/hook', 'ORCHID'],
  ])('refuses %s at create and update with 422 1047 (%s), changing nothing', async (url, kind) => {
    const admin = await t().fixtures.admin();
    const res = await create(t, admin, url);
    expect([res.status, res.body]).toEqual([422, refusedAs(kind)]);
    const hook = await w.register(admin, {
      url: 'https://93.184.216.34/hook',
      event_types: ['*'],
      enabled: false,
    });
    const patched = await t()
      .http()
      .patch(`/v1/webhooks/${hook.id}`)
      .set(admin.auth)
      .send({ webhook: { url } });
    expect([patched.status, patched.body]).toEqual([422, refusedAs(kind)]);
    const shown = await t().http().get(`/v1/webhooks/${hook.id}`).set(admin.auth).expect(200);
    expect(shown.body.data.webhook.url).toBe('https://93.184.216.34/hook');
    const listed = await t().http().get('/v1/webhooks').set(admin.auth).expect(200);
    expect(listed.body.data.webhooks).toHaveLength(1);
  });

  it('accepts global addresses, also embedded in IPv6 addresses', async () => {
    const admin = await t().fixtures.admin();
    for (const url of [
      'http://93.184.216.34/hook',
      'http://100.128.0.1/hook',
      'http://[2606:4700::1111]/hook',
      'http://[::ffff:93.184.216.34]/hook',
      'http://[64:ff9b::5db8:d822]/hook',
    ]) {
      const res = await create(t, admin, url);
      expect([url, res.status]).toEqual([url, 200]);
    }
  });

  it('fails an attempt to a localhost name whatever it resolved to when registered, retried after 5 s', async () => {
    const admin = await t().fixtures.admin();
    const receiver = await w.receiver();
    const hook = await w.saved(admin, receiver.url().replace('127.0.0.1', 'localhost'), [
      'network.*',
    ]);
    await w.networkCreated(admin);
    const [delivery] = await w.settled(admin, hook.id, (l) => l[0]?.attempts === 1);
    expect(delivery).toMatchObject({
      state: 'pending',
      last_status_code: null,
      last_error: 'refused address (loopback)',
    });
    expect(Date.parse(delivery.next_attempt_at!) - Date.parse(delivery.last_attempt_at!)).toBe(
      5000,
    );
    expect(receiver.received).toEqual([]);
  });

  it("fails an attempt to a host the system's name servers do not know, saying so", async () => {
    const admin = await t().fixtures.admin();
    const created = await create(t, admin, 'https://hooks.nothing.invalid/hook', true);
    expect(created.status).toBe(200); // not resolvable now: each attempt resolves it again
    await w.networkCreated(admin);
    const [delivery] = await w.settled(
      admin,
      created.body.data.webhook.id,
      (l) => l[0]?.attempts === 1,
    );
    expect(delivery).toMatchObject({
      state: 'pending',
      last_status_code: null,
      last_error: expect.stringMatching(
        /^(host not found( \(E[A-Z]+\))?|timeout \(resolving the host\))$/,
      ),
    });
  });
});

/**
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true opens loopback, private and link-local addresses, also
 * through the IPv6 addresses that carry them, and nothing else.
 */
onBothDatabases(
  'webhook destinations (private networks allowed)',
  (t) => {
    const w = webhookFixtures(t);

    it.each([
      ['http://127.0.0.1:9/hook', 'http://127.0.0.1:9/hook'],
      ['http://[::ffff:127.0.0.1]:9/hook', 'http://[::ffff:7f00:1]:9/hook'],
      ['http://[64:ff9b::10.0.0.1]/hook', 'http://[64:ff9b::a00:1]/hook'],
      ['http://[2002:c0a8:101::1]/hook', 'http://[2002:c0a8:101::1]/hook'],
      ['http://10.0.0.1/hook', 'http://10.0.0.1/hook'],
      ['http://[fd00::1]/hook', 'http://[fd00::1]/hook'],
      ['http://169.254.169.254/hook', 'http://169.254.169.254/hook'],
      ['http://[fe80::1]/hook', 'http://[fe80::1]/hook'],
      ['http://LOCALHOST.:9/hook', 'http://localhost.:9/hook'],
      ['http://hooks.localhost:9/hook', 'http://hooks.localhost:9/hook'],
    ])('accepts %s, stored as %s', async (url, stored) => {
      const admin = await t().fixtures.admin();
      const res = await create(t, admin, url);
      expect([res.status, res.body.data?.webhook.url]).toEqual([200, stored]);
    });

    it.each([
      ['http://100.100.100.200/hook', 'shared address space'],
      ['http://[::ffff:100.64.0.1]/hook', 'shared address space'],
      ['http://[::7f00:1]/hook', 'reserved'],
      ['http://240.0.0.1/hook', 'reserved'],
      ['http://0.0.0.0/hook', 'unspecified'],
      ['http://224.0.0.1/hook', 'multicast'],
      ['http://198.18.0.1/hook', 'benchmarking'],
      ['http://[fec0::1]/hook', 'site-local'],
    ])('still refuses %s (%s)', async (url, kind) => {
      const admin = await t().fixtures.admin();
      const res = await create(t, admin, url);
      expect([res.status, res.body]).toEqual([422, refusedAs(kind)]);
    });

    it('delivers to an IPv4-mapped loopback address and to a localhost name, on 127.0.0.1', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const mapped = await w.register(admin, {
        url: receiver.url('/mapped').replace('127.0.0.1', '[::ffff:127.0.0.1]'),
        event_types: ['network.*'],
      });
      const named = await w.register(admin, {
        url: receiver.url('/named').replace('127.0.0.1', 'localhost.'),
        event_types: ['network.*'],
      });
      await w.networkCreated(admin);
      for (const hook of [mapped, named]) {
        await w.settled(admin, hook.id, (l) => l[0]?.state === 'succeeded');
      }
      expect(receiver.received.map((r) => r.path).sort()).toEqual(['/mapped', '/named']);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
);
