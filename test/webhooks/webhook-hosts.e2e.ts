import { onBothDatabases } from '../harness/app';
import { DnsServer } from '../harness/dns-server';
import { webhookFixtures } from '../harness/webhooks.helpers';

/**
 * Webhook hosts resolved through the name servers WEBHOOK_DNS_SERVERS names (a server of the
 * test's own, answering at once, slowly or never), within WEBHOOK_TIMEOUT_SECONDS.
 */
const dns = new DnsServer({
  'public.hooks.test': { a: ['93.184.216.34'] },
  'private.hooks.test': { a: ['93.184.216.34'], aaaa: ['fd00::7'] },
  'shared.hooks.test': { a: ['100.100.100.200'] },
  'receiver.hooks.test': { a: ['127.0.0.1'] },
  // A documentation address: were it ever answered in time, no attempt would leave the machine.
  'slow.hooks.test': { a: ['192.0.2.10'], delayMs: 30_000 },
  'silent.hooks.test': { silent: true },
});
const TIMEOUT_MS = 3000;
const defaults: Record<string, string> = { WEBHOOK_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000) };
/** Longer here: the fast webhook's deliveries must all be made before the slow one's fail. */
const SLOW_TIMEOUT_MS = 5000;
const privateAllowed: Record<string, string> = {
  WEBHOOK_TIMEOUT_SECONDS: String(SLOW_TIMEOUT_MS / 1000),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
};

beforeAll(async () => {
  await dns.start();
  defaults.WEBHOOK_DNS_SERVERS = dns.address; // read when each app starts, after this
  privateAllowed.WEBHOOK_DNS_SERVERS = dns.address;
});
beforeEach(() => dns.reset());
afterAll(() => dns.stop());

const REFUSED_NAME = {
  msg: 'Refused address',
  error_code: 1047,
  errors: "url's host resolves to a refused address",
};

onBothDatabases(
  'webhook hosts through DNS',
  (t) => {
    const w = webhookFixtures(t);

    it.each(['private.hooks.test', 'shared.hooks.test'])(
      'refuses %s at create and update with 422 1047, never saying what it resolved to',
      async (host) => {
        const admin = await t().fixtures.admin();
        const url = `https://${host}/hook`;
        const res = await t()
          .http()
          .post('/v1/webhooks')
          .set(admin.auth)
          .send({ webhook: { url, event_types: ['*'] } });
        expect([res.status, res.body]).toEqual([422, REFUSED_NAME]);
        const hook = await w.register(admin, {
          url: 'https://public.hooks.test/a',
          event_types: ['*'],
          enabled: false, // nothing is delivered to the public address
        });
        const patched = await t()
          .http()
          .patch(`/v1/webhooks/${hook.id}`)
          .set(admin.auth)
          .send({ webhook: { url } });
        expect([patched.status, patched.body]).toEqual([422, REFUSED_NAME]);
        const shown = await t().http().get(`/v1/webhooks/${hook.id}`).set(admin.auth).expect(200);
        expect(shown.body.data.webhook.url).toBe('https://public.hooks.test/a');
      },
    );

    it('stops waiting for a host that does not resolve by the attempt timeout, and accepts it', async () => {
      const admin = await t().fixtures.admin();
      for (const host of ['slow.hooks.test', 'silent.hooks.test']) {
        const asked = dns.queries.length;
        const started = Date.now();
        const res = await t()
          .http()
          .post('/v1/webhooks')
          .set(admin.auth)
          .send({ webhook: { url: `https://${host}/hook`, event_types: ['*'], enabled: false } });
        const took = Date.now() - started;
        expect([host, res.status]).toEqual([host, 200]); // each attempt resolves it again
        expect(dns.queries.slice(asked).map((q) => q.name)).toContain(host);
        expect(took).toBeLessThan(TIMEOUT_MS + 1000);
      }
    });

    it('fails an attempt whose host takes longer than the timeout to resolve, saying so', async () => {
      const admin = await t().fixtures.admin();
      const hook = await w.saved(admin, 'https://slow.hooks.test/hook', ['network.*']);
      const before = Date.now();
      await w.networkCreated(admin);
      const [delivery] = await w.settled(
        admin,
        hook.id,
        (l) => l[0]?.attempts === 1,
        TIMEOUT_MS + 5000,
      );
      expect(delivery).toMatchObject({
        state: 'pending',
        last_status_code: null,
        last_error: 'timeout (resolving the host)',
      });
      expect(Date.now() - before).toBeLessThan(TIMEOUT_MS + 3000);
    });

    it('fails an attempt whose host resolves to a refused address, never saying which', async () => {
      const admin = await t().fixtures.admin();
      const hook = await w.saved(admin, 'https://private.hooks.test/hook', ['network.*']);
      await w.networkCreated(admin);
      const [delivery] = await w.settled(admin, hook.id, (l) => l[0]?.attempts === 1);
      expect(delivery).toMatchObject({
        state: 'pending',
        last_status_code: null,
        last_error: 'refused address',
      });
    });
  },
  defaults,
);

onBothDatabases(
  'webhook hosts through DNS (private networks allowed)',
  (t) => {
    const w = webhookFixtures(t);

    it("delivers to one webhook while another's host takes 30 s to resolve", async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const slow = await w.register(admin, {
        url: 'https://slow.hooks.test/hook',
        event_types: ['network.*'],
      }); // answered after the timeout: accepted
      const fast = await w.register(admin, {
        url: receiver.url().replace('127.0.0.1', 'receiver.hooks.test'),
        event_types: ['network.*'],
      });
      const queriesBefore = dns.queries.length;
      for (let i = 0; i < 6; i++) {
        await w.networkCreated(admin); // more than the 4 attempts a webhook has in flight
      }
      const delivered = (l: { state: string }[]) =>
        l.length === 6 && l.every((d) => d.state === 'succeeded');
      await w.settled(admin, fast.id, delivered);
      // Meanwhile the slow host's attempts were under way, none of them ended yet.
      expect(dns.queries.slice(queriesBefore).some((q) => q.name === 'slow.hooks.test')).toBe(true);
      const slowSoFar = await w.deliveries(admin, slow.id);
      expect(slowSoFar.map((d) => d.attempts)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(receiver.received).toHaveLength(6);
      expect(receiver.received[0].headers.host).toMatch(/^receiver\.hooks\.test:\d+$/);
      // They fail at the timeout.
      const failed = await w.settled(
        admin,
        slow.id,
        (l) => l.filter((d) => d.attempts === 1).length === 6,
        3 * SLOW_TIMEOUT_MS + 5000,
      );
      expect(new Set(failed.map((d) => d.last_error))).toEqual(
        new Set(['timeout (resolving the host)']),
      );
    });
  },
  privateAllowed,
);
