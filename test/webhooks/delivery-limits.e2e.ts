import { WebhookDeliveries } from '../../src/webhooks/webhook-deliveries.service';
import { Webhook } from '../../src/webhooks/webhook.entity';
import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';

/** Rotation, the in-flight cap and tenancy of webhook delivery. */
onBothDatabases(
  'webhook delivery limits',
  (t) => {
    const w = webhookFixtures(t);

    it('signs with both secrets for 24 hours after a rotation, the new one first', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      const rotated = await t()
        .http()
        .post(`/v1/webhooks/${hook.id}/rotate_secret`)
        .set(admin.auth)
        .expect(200);
      const secret = rotated.body.data.webhook.secret as string;
      await w.networkCreated(admin);
      await w.settled(admin, hook.id, (l) => l[0]?.state === 'succeeded');
      const [request] = receiver.received;
      expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(w.verify(secret, request)).toMatchObject({ type: 'network.created' });
      expect(w.verify(hook.secret, request)).toMatchObject({ type: 'network.created' });

      // 24 hours later only the new secret signs.
      await t()
        .dataSource.getRepository(Webhook)
        .update({ id: hook.id }, { previous_secret_until: new Date(Date.now() - 1000) });
      await w.networkCreated(admin);
      await w.settled(admin, hook.id, (l) => l.length === 2 && l[0].state === 'succeeded');
      const later = receiver.received[1];
      expect(later.headers['webhook-signature'].split(' ')).toHaveLength(1);
      expect(w.verify(secret, later)).toMatchObject({ type: 'network.created' });
      expect(() => w.verify(hook.secret, later)).toThrow();
    });

    it('reads a webhook anew when it changes while its deliveries are under way: the rest signed with both secrets, none sent twice', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      let rotated = false;
      // The first attempts are held until the rotation has committed; later ones take 300 ms,
      // far longer than recording an outcome, which tells the holder that the lease was voided.
      receiver.answer = () => ({ status: 200, delayMs: rotated ? 300 : 60_000 });
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      const events = 20;
      await withoutPeriodicWork(t().app, async () => {
        for (let i = 0; i < events; i++) {
          await w.networkCreated(admin);
        }
        // One claim leases the webhook with every delivery: 4 attempts go out and are held.
        void t().app.get(WebhookDeliveries).queue.pumpSoon();
        await w.eventually(() => Promise.resolve(receiver.inFlight === 4 ? true : undefined));
        await t().http().post(`/v1/webhooks/${hook.id}/rotate_secret`).set(admin.auth).expect(200);
        rotated = true;
        receiver.releaseHeld();
        await w.settled(
          admin,
          hook.id,
          (l) => l.length === events && l.every((d) => d.state === 'succeeded' && d.attempts === 1),
        );
      });
      const signatures = receiver.received.map((r) => r.headers['webhook-signature'].split(' '));
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(events);
      expect(receiver.received).toHaveLength(events);
      // The 4 held at the rotation, and the at most 4 started as they were answered (before
      // their outcomes showed the lease voided), went with the old secret alone; every later one
      // with both, once the next claim read the webhook anew.
      const single = signatures.filter((s) => s.length === 1).length;
      expect(single).toBeGreaterThanOrEqual(4);
      expect(single).toBeLessThanOrEqual(8);
      expect(signatures.slice(single).every((s) => s.length === 2)).toBe(true);
    });

    it("never delivers another organisation's events", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const receiver = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['*'] });
      await w.networkCreated(other);
      await w.networkCreated(admin);
      await w.settled(
        admin,
        hook.id,
        (l) => l.length === 2 && l.every((d) => d.state !== 'pending'),
      );
      // Up to 4 attempts are in flight at once: receivers order by the event id, as docs/events-and-webhooks.md says.
      const bodies = receiver.bodies().sort((a, b) => Number(a.data.id) - Number(b.data.id));
      const networks = bodies.map((b) => b.data.network);
      expect(bodies.map((b) => b.type)).toEqual(['webhook.created', 'network.created']);
      expect(networks[1]).toMatchObject({ network_name: expect.stringMatching(/^Hooked/) });
      const events = await t().http().get('/v1/events').set(other.auth).expect(200);
      const otherIds = events.body.data.events.map((e: { id: number }) => `evt_${e.id}`);
      for (const request of receiver.received) {
        expect(otherIds).not.toContain(request.headers['webhook-id']);
      }
    });
  },
  {
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1',
    WEBHOOK_TIMEOUT_SECONDS: '1',
  },
);
