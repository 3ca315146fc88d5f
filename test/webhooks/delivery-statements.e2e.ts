import { BackgroundWork } from '../../src/database/background-work';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ClaimedDelivery, DeliveryClaims } from '../../src/webhooks/delivery-claims.repository';
import { onBothDatabases } from '../harness/app';
import { webhookFixtures } from '../harness/webhooks.helpers';

const WEBHOOKS = 5;
const EVENTS = 6;

/**
 * Issue 27's speed: a claim leases many deliveries and returns everything their attempts need in
 * a constant number of statements (no read after it), the outcomes of many attempts are one
 * statement, and attempts to one receiver share kept connections instead of one each.
 */
onBothDatabases(
  'webhook delivery statements and connections (issue 27)',
  (t) => {
    const w = webhookFixtures(t);

    it('claims deliveries of many webhooks with their events in 4 statements, records their outcomes in one', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const claims = t().app.get(DeliveryClaims);
      const unitOfWork = t().app.get(UnitOfWork);
      await t()
        .app.get(BackgroundWork)
        .whilePaused(async () => {
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
          let claimed: ClaimedDelivery[] = [];
          const claimSql = await t().statementsOf(async () => {
            claimed = await unitOfWork.run(() => claims.claim(new Date(), until, 'tk', 32, 4));
          });
          // BEGIN, the due webhooks locked, the UPDATE … RETURNING, COMMIT: whatever the number.
          expect(claimSql).toHaveLength(4);
          expect(claimed).toHaveLength(WEBHOOKS * 4); // 6 due to each, at most 4 in flight
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
          const outcome = { state: 'succeeded' as const, status: 204, error: null, next: null };
          const at = new Date();
          const unclaimed = (await w.deliveries(admin, hooks[0].id, { state: 'pending' })).find(
            (d) => !claimed.some((c) => c.id === d.id),
          )!;
          let recorded = new Set<number>();
          const finishSql = await t().statementsOf(async () => {
            recorded = await unitOfWork.runStatement(() =>
              claims.finish([
                ...claimed.map((d) => ({ id: d.id, token: 'tk', outcome: { ...outcome, at } })),
                { id: unclaimed.id, token: 'tk', outcome: { ...outcome, at } }, // not its lease
              ]),
            );
          });
          expect(finishSql.filter((sql) => sql.includes('webhook_deliveries'))).toHaveLength(1);
          expect([...recorded].sort()).toEqual(claimed.map((d) => d.id).sort());
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
