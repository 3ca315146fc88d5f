import { UnitOfWork } from '../../src/database/unit-of-work';
import { ClaimedBatch } from '../../src/background/lease-claims';
import { QueueLeasesRepository } from '../../src/background/queue-leases.repository';
import {
  ClaimedDelivery,
  ClaimedWebhook,
  DeliveryQueueRepository,
} from '../../src/webhooks/delivery-queue.repository';
import { WebhookDeliveries } from '../../src/webhooks/webhook-deliveries.service';
import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';

const WEBHOOKS = 5;
const EVENTS = 6;

/**
 * Delivery at speed: a claim leases many webhooks and returns their deliveries with everything
 * their attempts need in a constant number of statements (no read after it, no write per
 * delivery), the outcomes of many attempts are one statement, and attempts to one receiver share
 * kept connections instead of one each.
 */
onBothDatabases(
  'webhook delivery statements and connections',
  (t) => {
    const w = webhookFixtures(t);

    it('leases many webhooks and reads their deliveries with their events in 5 statements, records their outcomes in one', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const claims = t().app.get(WebhookDeliveries).queue.claims;
      const statements = t().app.get(DeliveryQueueRepository);
      const leases = t().app.get(QueueLeasesRepository);
      const unitOfWork = t().app.get(UnitOfWork);
      await withoutPeriodicWork(t().app, async () => {
        const hooks: { id: number; url: string }[] = [];
        for (let i = 0; i < WEBHOOKS; i++) {
          hooks.push(
            await w.register(admin, { url: receiver.url(`/h${i}`), event_types: ['network.*'] }),
          );
        }
        for (let i = 0; i < EVENTS; i++) {
          await w.networkCreated(admin);
        }
        const until = new Date(Date.now() + 60_000);
        const claimant = { owner: 'instance-a', token: 'tk', until };
        let batches: ClaimedBatch<ClaimedWebhook, ClaimedDelivery>[] = [];
        const claimSql = await t().statementsOf(async () => {
          batches = await unitOfWork.run(() => claims.claim(new Date(), claimant, 16, 4));
        });
        // BEGIN, the due webhooks locked, their leases taken, the deliveries read, COMMIT:
        // whatever the number of webhooks and deliveries.
        expect(claimSql).toHaveLength(5);
        expect(batches.map((b) => b.key.id).sort()).toEqual(hooks.map((h) => h.id).sort());
        const claimed = batches.flatMap((b) => b.items);
        expect(claimed).toHaveLength(WEBHOOKS * 4); // 6 due to each, the first 4 read
        for (const delivery of claimed) {
          const hook = hooks.find((h) => h.id === delivery.webhook_id)!;
          expect(delivery.webhook).toMatchObject({ id: hook.id, url: hook.url });
          expect(delivery.event).toMatchObject({
            id: delivery.event_id,
            type: 'network.created',
            occurred_at: expect.any(Date),
            actor: expect.objectContaining({ type: 'user' }),
          });
          expect(delivery.message_id).toBe(`evt_${delivery.event_id}`);
        }
        // Another instance finds every webhook held: it claims nothing while the leases live.
        const other = { owner: 'instance-b', token: 'tk-b', until };
        expect(await unitOfWork.run(() => claims.claim(new Date(), other, 16, 4))).toEqual([]);
        const outcome = { state: 'succeeded' as const, status: 204, error: null, next: null };
        const at = new Date();
        const unclaimed = (await w.deliveries(admin, hooks[0].id, { state: 'pending' })).find(
          (d) => !claimed.some((c) => c.id === d.id),
        )!;
        let recorded = new Map<number, boolean>();
        const finishSql = await t().statementsOf(async () => {
          recorded = await unitOfWork.runStatement(() =>
            statements.finish([
              ...claimed.map((d) => ({
                id: d.id,
                token: 'tk',
                base: 0,
                outcome: { ...outcome, at },
              })),
              // Not under its webhook's lease: another claim's token records nothing.
              { id: unclaimed.id, token: 'tk-b', base: 0, outcome: { ...outcome, at } },
            ]),
          );
        });
        expect(finishSql.filter((sql) => sql.includes('webhook_deliveries'))).toHaveLength(1);
        expect([...recorded.keys()].sort()).toEqual(claimed.map((d) => d.id).sort());
        expect([...recorded.values()].every((current) => current)).toBe(true);
        // Released, the webhooks are claimed again, with their 2 deliveries left.
        await unitOfWork.run(() =>
          leases.release(
            'webhook deliveries',
            'instance-a',
            hooks.map((h) => h.id),
          ),
        );
        const again = await unitOfWork.run(() => claims.claim(new Date(), other, 16, 4));
        expect(again.flatMap((b) => b.items)).toHaveLength(WEBHOOKS * 2);
        const list = await w.deliveries(admin, hooks[0].id);
        expect(list.filter((d) => d.state === 'succeeded')).toHaveLength(4);
        expect(list.filter((d) => d.state === 'pending' && d.attempts === 0)).toHaveLength(2);
        expect(list.find((d) => d.state === 'succeeded')).toMatchObject({
          attempts: 1,
          last_status_code: 204,
          last_error: null,
          last_attempt_at: at.toISOString(),
          next_attempt_at: null,
        });
      });
    });

    it('sends the attempts to one receiver over kept connections, at most one per attempt in flight', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
      for (let i = 0; i < 12; i++) {
        await w.networkCreated(admin);
      }
      await w.settled(
        admin,
        hook.id,
        (l) => l.length === 12 && l.every((d) => d.state === 'succeeded'),
      );
      expect(receiver.received).toHaveLength(12);
      expect(receiver.connections).toBeLessThanOrEqual(4);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
);
