import { ClientSession } from '../../src/device-state/client-session.entity';
import { ClientStationsService } from '../../src/device-state/client-stations.service';
import { onBothDatabases } from '../harness/app';
import { withoutPeriodicWork } from '../harness/periodic-work';
import { clientFixtures, clientMac, station } from '../harness/clients.helpers';

const DAY = 24 * 3600 * 1000;

onBothDatabases('client session retention', (t) => {
  const c = clientFixtures(t);

  it('deletes the sessions that ended more than CLIENT_RETENTION_DAYS (30) ago, in statements of at most 1,000 rows', async () => {
    const admin = await t().fixtures.admin();
    const ap = await c.device(admin.orgId);
    const open = clientMac();
    await c.report(ap, [station(open)]);
    const old = new Date(Date.now() - 31 * DAY);
    const recent = new Date(Date.now() - 29 * DAY);
    const row = (ended: Date, i: number): Partial<ClientSession> => ({
      organisation_id: admin.orgId,
      client_mac:
        `C1:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase(),
      device_id: ap.device.id,
      device_mac_id: ap.device.mac_id,
      ssid: 'Guest',
      band: '5',
      started_at: new Date(ended.getTime() - 60_000),
      last_seen_at: ended,
      ended_at: ended,
      run_started_at: new Date(ended.getTime() - 60_000),
    });
    const repository = t().dataSource.getRepository(ClientSession);
    // No pass of the schedule's own retention meanwhile: this test runs one pass alone.
    await withoutPeriodicWork(t().app, async () => {
      for (let start = 0; start < 1200; start += 100) {
        await repository.insert(Array.from({ length: 100 }, (_, i) => row(old, start + i)));
      }
      await repository.insert([row(recent, 5000)]);
      const statements = await t().statementsOf(() => t().app.get(ClientStationsService).retain());
      expect(statements.filter((s) => /^\s*DELETE/i.test(s))).toHaveLength(2);
      expect(statements.every((s) => !/^\s*DELETE/i.test(s) || /LIMIT/.test(s))).toBe(true);
      const left: { client_mac: string }[] = await t().dataSource.query(
        `SELECT "client_mac" FROM "client_sessions" WHERE "organisation_id" = ${admin.orgId} ORDER BY "client_mac"`,
      );
      expect(left.map((r) => r.client_mac)).toEqual(['C1:00:00:00:13:88', open].sort());
    });
  });
});
