process.env.TZ = 'UTC';
import { Device } from '../src/devices/device.entity';
import { startApp, TestApp } from './harness/app';
import { deviceFixtures } from './access-points.helpers';

/** Row locks and unique constraints only matter where requests really run at once: PostgreSQL. */
describe('access points: concurrent provisioning [postgres]', () => {
  let app: TestApp | undefined;
  const t = () => app!;
  const f = deviceFixtures(t);

  beforeAll(async () => {
    app = await startApp('postgres');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('never passes the allowed device count when requests run in parallel', async () => {
    const org = await t().fixtures.organisation({ allowed_device_count: 5 });
    const admin = await t().fixtures.admin(org.id);
    const net = await f.network(org.id);
    const masters = await t().fixtures.masterDevices(12);
    const results = await Promise.all(
      masters.map((m) =>
        t()
          .http()
          .post('/v1/access_points/provisioning')
          .set(admin.auth)
          .send({ mac_id: m.mac_id, network_id: net.id }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(7);
    for (const res of refused) {
      expect(res.body).toEqual({
        msg: 'Device limit reached: the organisation may hold 5 devices',
        error_code: 1005,
      });
    }
    expect(await t().dataSource.getRepository(Device).countBy({ organisation_id: org.id })).toBe(5);
  });

  it('puts one MAC provisioned by two organisations at once into exactly one inventory', async () => {
    for (let round = 0; round < 5; round++) {
      const [master] = await t().fixtures.masterDevices(1);
      const callers = await Promise.all([t().fixtures.admin(), t().fixtures.admin()]);
      const nets = await Promise.all(callers.map((c) => f.network(c.orgId)));
      const results = await Promise.all(
        callers.map((c, i) =>
          t()
            .http()
            .post('/v1/access_points/provisioning')
            .set(c.auth)
            .send({ mac_id: master.mac_id, network_id: nets[i].id }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      const refused = results.find((r) => r.status === 422)!;
      expect(refused.body).toEqual({
        msg: `Invalid or already provisioned MAC identifiers: ${master.mac_id}`,
        error_code: 1006,
      });
      expect(await t().dataSource.getRepository(Device).countBy({ mac_id: master.mac_id })).toBe(1);
    }
  });
});
