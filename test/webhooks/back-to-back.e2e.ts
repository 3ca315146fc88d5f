import { WebhookDeliveries } from '../../src/webhooks/webhook-deliveries.service';
import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';

const EVENTS = 200;

/**
 * A claim leases the webhook with its first 100 due deliveries, attempted back to back
 * (the next as soon as one is answered), and the batch's end claims the next at once instead of
 * at the next poll (every 200 ms). Counted, not timed: with every poll held, one claim must lead
 * to every delivery, in 2 claims of 100 and one that finds nothing left.
 */
onBothDatabases(
  'webhook deliveries back to back',
  (t) => {
    const w = webhookFixtures(t);

    it('delivers 200 events to one webhook from one claim, the polls held, at most 4 in flight', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      const dispatcher = t().app.get(WebhookDeliveries).queue;
      const claim = dispatcher.pump.bind(dispatcher);
      const claims = { count: 0, claimed: 0 };
      dispatcher.pump = async (now?: Date) => {
        const claimed = await claim(now);
        claims.count++;
        claims.claimed += claimed;
        return claimed;
      };
      await withoutPeriodicWork(t().app, async () => {
        for (let i = 0; i < EVENTS; i++) {
          await w.networkCreated(admin);
        }
        expect(receiver.received).toHaveLength(0); // no poll ran
        await dispatcher.pumpSoon();
        // Every delivery made and recorded, with no poll: each attempt that ended claimed again.
        await w.eventually(async () => {
          if (receiver.received.length < EVENTS) {
            return undefined;
          }
          const pending = await w.deliveries(admin, hook.id, { state: 'pending' });
          return pending.length === 0 ? true : undefined;
        }, 30_000);
      });
      const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
      expect([ids.size, receiver.received.length]).toEqual([EVENTS, EVENTS]);
      expect(receiver.maxInFlight).toBeLessThanOrEqual(4);
      expect(claims.claimed).toBe(EVENTS);
      expect(claims.count).toBeGreaterThanOrEqual(EVENTS / 100);
      expect(claims.count).toBeLessThanOrEqual(EVENTS / 100 + 2);
    }, 60_000);
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
);
