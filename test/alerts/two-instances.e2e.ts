import { AlertEvaluator } from '../../src/alerts/alert-evaluator.service';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { startApp, TestApp } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { migratedPostgresDatabase } from '../harness/postgres-databases';

/** Alerts on PostgreSQL: two instances evaluate one organisation; each transition happens once. */
describe('alerts on two instances (PostgreSQL)', () => {
  const apps: TestApp[] = [];
  let release: () => Promise<unknown> = () => Promise.resolve();
  const a = alertFixtures(() => apps[0]);
  const g = gatewayFixtures(() => apps[0]);
  const e = eventFixtures(() => apps[0]);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await release();
  });

  it('opens and resolves each alert once within 5 seconds while both evaluate at once', async () => {
    const database = await migratedPostgresDatabase();
    release = database.release;
    const env = { DATABASE_URL: database.url };
    apps.push(await startApp('postgres', env), await startApp('postgres', env));
    const admin = await apps[0].fixtures.admin();
    const devices = [];
    for (let i = 0; i < 20; i++) {
      const ap = await g.device(admin.orgId);
      await g.checkin(ap.auth).expect(200);
      devices.push(ap);
    }
    await a.rule(admin, { type: 'device_down', for_seconds: 0 });
    await apps[0].dataSource
      .getRepository(Heartbeat)
      .update({ organisation_id: admin.orgId }, { received_at: new Date(Date.now() - 301_000) });
    // Besides each instance's own pass every second, both evaluate over and over at once.
    const racing = (until: () => boolean) =>
      Promise.all(
        apps.map(async (app) => {
          while (!until()) {
            await app.app.get(AlertEvaluator).evaluate(admin.orgId);
          }
        }),
      );
    let opened = false;
    const race = racing(() => opened);
    const open = await e.eventually(async () => {
      const shown = await a.alerts(admin, { state: 'open', per_page: 100 });
      return shown.length >= 20 ? shown : undefined;
    }, 5000);
    opened = true;
    await race;
    expect(new Set(open.map((alert) => (alert.device as { id: number }).id)).size).toBe(20);
    for (const ap of devices) {
      await g.checkin(ap.auth).expect(200);
    }
    let resolved = false;
    const again = racing(() => resolved);
    await e.eventually(async () => {
      const shown = await a.alerts(admin, { state: 'resolved', per_page: 100 });
      return shown.length >= 20 ? shown : undefined;
    }, 5000);
    resolved = true;
    await again;
    await a.evaluate(admin.orgId);
    expect((await a.alerts(admin, { per_page: 100 })).length).toBe(20);
    const events = await e.events(admin.auth, { after: 0, type: 'alert.*', limit: 1000 });
    expect(events.filter((event) => event.type === 'alert.opened').length).toBe(20);
    expect(events.filter((event) => event.type === 'alert.resolved').length).toBe(20);
  });
});
