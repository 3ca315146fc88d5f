import { WebhookDeliveries } from '../../src/webhooks/webhook-deliveries.service';
import { migratedPostgresDatabase } from '../harness/postgres-databases';
import { startApp, TestApp } from '../harness/app';
import { WebhookReceiver } from '../harness/webhook-receiver';
import { webhookFixtures } from '../harness/webhooks.helpers';

/** Webhooks on PostgreSQL: two instances drain one queue; each attempt is made by one. */
describe('webhook delivery on two instances (PostgreSQL)', () => {
  const apps: TestApp[] = [];
  let release: () => Promise<unknown> = () => Promise.resolve();
  const w = webhookFixtures(() => apps[0]);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await release();
  });

  /** Counts the deliveries each instance claims. */
  const claimsOf = (app: TestApp) => {
    const dispatcher = app.app.get(WebhookDeliveries).queue;
    const pump = dispatcher.pump.bind(dispatcher);
    const counted = { claims: 0 };
    dispatcher.pump = async (now?: Date) => {
      const claimed = await pump(now);
      counted.claims += claimed;
      return claimed;
    };
    return counted;
  };

  it('delivers every event once, never two attempts of one delivery at once, at most 4 in flight', async () => {
    const database = await migratedPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_TIMEOUT_SECONDS: '5',
    };
    release = database.release;
    apps.push(await startApp('postgres', env), await startApp('postgres', env));
    const counts = apps.map(claimsOf);
    const admin = await apps[0].fixtures.admin();
    const receiver: WebhookReceiver = await w.receiver();
    const open = new Set<string>();
    let overlapping = 0;
    receiver.answer = (request) => {
      const id = request.headers['webhook-id'];
      overlapping += open.has(id) ? 1 : 0;
      open.add(id);
      setTimeout(() => open.delete(id), 150);
      return { status: 200, delayMs: 150 };
    };
    const hook = await w.register(admin, { url: receiver.url(), event_types: ['network.*'] });
    for (let i = 0; i < 30; i++) {
      await w.networkCreated(admin);
    }
    const list = await w.settled(
      admin,
      hook.id,
      (l) => l.length === 30 && l.every((d) => d.state === 'succeeded'),
      20_000,
    );
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toHaveLength(30); // no attempt made twice
    expect(list.every((d) => d.attempts === 1)).toBe(true);
    expect(overlapping).toBe(0);
    expect(receiver.maxInFlight).toBeLessThanOrEqual(4);
    // Every delivery claimed once over both instances. Which instance claims is not fixed: the
    // one whose attempt ends claims the next at once, so with one webhook it may
    // well be the same one throughout.
    expect(counts.reduce((sum, count) => sum + count.claims, 0)).toBe(30);
  });
});
