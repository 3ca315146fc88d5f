import { WebhookDeliveries } from '../../src/webhooks/webhook-deliveries.service';
import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';

/** The webhooks' in-flight cap, with the default timeout (answers held well within it). */
onBothDatabases(
  'webhook in-flight cap',
  (t) => {
    const w = webhookFixtures(t);

    it('keeps at most 4 attempts to one webhook in flight, while another webhook is served', async () => {
      const admin = await t().fixtures.admin();
      const slow = await w.receiver();
      let holding = true;
      slow.answer = () => ({ status: 200, delayMs: holding ? 60_000 : 0 });
      const fast = await w.receiver();
      const slowHook = await w.register(admin, { url: slow.url(), event_types: ['network.*'] });
      const fastHook = await w.register(admin, { url: fast.url(), event_types: ['network.*'] });
      for (let i = 0; i < 10; i++) {
        await w.networkCreated(admin);
      }
      // The slow receiver holds its answers: 4 attempts wait there, the fast webhook is served.
      await w.settled(
        admin,
        fastHook.id,
        (l) => l.length === 10 && l.every((d) => d.state === 'succeeded'),
      );
      await w.eventually(() => Promise.resolve(slow.inFlight === 4 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500)); // room for a fifth, if it came
      expect([slow.received.length, slow.inFlight]).toEqual([4, 4]);
      holding = false;
      slow.releaseHeld();
      await w.settled(
        admin,
        slowHook.id,
        (l) => l.length === 10 && l.every((d) => d.state === 'succeeded'),
      );
      expect(slow.received).toHaveLength(10);
      expect(slow.maxInFlight).toBe(4);
    });

    it("fills a slow webhook's 4 slots as its deliveries come in, each attempted once", async () => {
      const admin = await t().fixtures.admin();
      const slow = await w.receiver();
      let holding = true;
      slow.answer = () => ({ status: 200, delayMs: holding ? 60_000 : 0 });
      const hook = await w.register(admin, { url: slow.url(), event_types: ['network.*'] });
      const dispatcher = t().app.get(WebhookDeliveries).queue;
      await withoutPeriodicWork(t().app, async () => {
        // A claim leases the webhook with its one due delivery, held by the receiver.
        await w.networkCreated(admin);
        await dispatcher.pumpSoon();
        await w.eventually(() => Promise.resolve(slow.inFlight === 1 ? true : undefined));
        // More come in: the next polls read them under the lease, up to 4 in flight.
        for (let i = 0; i < 5; i++) {
          await w.networkCreated(admin);
        }
        await w.eventually(async () => {
          await dispatcher.pumpSoon(); // as the polls would
          return slow.inFlight === 4 ? true : undefined;
        });
        await new Promise((resolve) => setTimeout(resolve, 300)); // room for a fifth, if it came
        await dispatcher.pumpSoon();
        expect([slow.received.length, slow.inFlight]).toEqual([4, 4]);
        holding = false;
        slow.releaseHeld();
        await w.eventually(async () => {
          await dispatcher.pumpSoon();
          const list = await w.deliveries(admin, hook.id);
          return list.length === 6 && list.every((d) => d.state === 'succeeded') ? true : undefined;
        });
      });
      const ids = slow.received.map((r) => r.headers['webhook-id']);
      expect([new Set(ids).size, ids.length]).toEqual([6, 6]);
      expect(slow.maxInFlight).toBe(4);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
);
