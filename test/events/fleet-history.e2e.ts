import { FleetHistoryService, sampleSlot } from '../../src/fleet-history/fleet-history.service';
import { migratedPostgresDatabase, onBothDatabases, startApp, TestApp } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';

onBothDatabases('GET /v1/fleet_history', (t) => {
  const g = gatewayFixtures(t);
  // An instant an hour ago: its interval's samples are taken by the test, not by the clock.
  const then = () => new Date(Date.now() - 3600 * 1000);

  it("samples the organisation and each network: devices, UP, DOWN and the UP devices' clients", async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const [a, b] = [
      await g.device(admin.orgId, { networkId: network.id }),
      await g.device(admin.orgId, { networkId: network.id }),
    ];
    await g.device(admin.orgId); // in no network, never heard from: DOWN
    await t().fixtures.recountDevices();
    await g.checkin(a.auth, { clients: 3 }).expect(200);
    await g.checkin(b.auth, { clients: 4 }).expect(200);
    const at = then();
    expect(await t().app.get(FleetHistoryService).sample(at)).toBe(true);
    expect(await t().app.get(FleetHistoryService).sample(at)).toBe(false);
    const slot = sampleSlot(at, 300).toISOString();
    const window = { since: slot, until: new Date(Date.parse(slot) + 1000).toISOString() };
    const organisation = await t()
      .http()
      .get('/v1/fleet_history')
      .query(window)
      .set(admin.auth)
      .expect(200);
    expect(organisation.body).toEqual({
      data: {
        interval_seconds: 300,
        samples: [{ at: slot, devices: 3, up: 2, down: 1, clients: 7 }],
      },
      status: 200,
    });
    const ofNetwork = await t()
      .http()
      .get('/v1/fleet_history')
      .query({ ...window, network_id: network.id })
      .set(admin.auth)
      .expect(200);
    expect(ofNetwork.body.data.samples).toEqual([
      { at: slot, devices: 2, up: 2, down: 0, clients: 7 },
    ]);
  });

  it("answers members 403 1029 for the organisation's series and 404 1001 for a network they cannot read", async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const [readable, hidden] = [
      await t().fixtures.network(admin.orgId),
      await t().fixtures.network(admin.orgId),
    ];
    await t().fixtures.grant(admin.orgId, member.userId, readable.id, 'read_only');
    const get = (query: object) =>
      t().http().get('/v1/fleet_history').query(query).set(member.auth);
    expect((await get({}).expect(403)).body).toMatchObject({ error_code: 1029 });
    expect((await get({ network_id: hidden.id }).expect(404)).body).toMatchObject({
      error_code: 1001,
    });
    // A window an hour ago, which the clock's sampler never fills while the test runs (at a
    // 5-minute boundary it samples the new network now).
    const at = then();
    const window = { since: at.toISOString(), until: new Date(at.getTime() + 1000).toISOString() };
    expect(
      (await get({ ...window, network_id: readable.id }).expect(200)).body.data.samples,
    ).toEqual([]);
  });
});

describe('fleet history on two instances (PostgreSQL)', () => {
  it('takes each sample once when both instances sample the same interval', async () => {
    const database = await migratedPostgresDatabase();
    const apps: TestApp[] = [];
    try {
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      const admin = await apps[0].fixtures.admin();
      await apps[0].fixtures.network(admin.orgId);
      const at = new Date(Date.now() - 7200 * 1000);
      const taken = await Promise.all(
        apps.flatMap((app) => [1, 2].map(() => app.app.get(FleetHistoryService).sample(at))),
      );
      expect(taken.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      const rows: { n: string }[] = await apps[0].dataSource.query(
        'SELECT COUNT(*) AS n FROM fleet_samples WHERE organisation_id = $1 AND at = $2',
        [admin.orgId, sampleSlot(at, 300)],
      );
      expect(Number(rows[0].n)).toBe(2); // the organisation's and its network's
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.release();
    }
  }, 120_000);
});
