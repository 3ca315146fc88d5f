process.env.TZ = 'UTC';
import { Device } from '../../src/devices/device.entity';
import { onDatabase } from '../harness/app';
import { deviceFixtures } from '../harness/access-points.helpers';

/** Row locks and unique constraints only matter where requests really run at once: PostgreSQL. */
onDatabase('postgres', 'access points: concurrent provisioning', (t) => {
  const f = deviceFixtures(t);

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

  it('keeps the device counts equal to the rows under concurrent provisioning, moves, releases and removals', async () => {
    const org = await t().fixtures.organisation({ allowed_device_count: 1000 });
    const admin = await t().fixtures.admin(org.id);
    const nets = await Promise.all([1, 2, 3].map(() => f.network(org.id)));
    const masters = await t().fixtures.masterDevices(60);
    const provision = (macs: string[], netIndex: number) =>
      t()
        .http()
        .post('/v1/access_points/provisioning')
        .set(admin.auth)
        .send({ mac_id: macs.join(','), network_id: nets[netIndex].id });
    const post = (path: string, body: object) =>
      t().http().post(`/v1/access_points/${path}`).set(admin.auth).send(body);
    const macs = masters.map((m) => m.mac_id);
    await provision(macs.slice(0, 30), 0).expect(200);
    for (let round = 0; round < 3; round++) {
      const held = macs.slice(round * 10, round * 10 + 30);
      const fresh = macs.slice(30 + round * 10, 40 + round * 10);
      const results = await Promise.all([
        ...fresh.map((mac, i) => provision([mac], i % 3)),
        post('remove_devices', { devices: held.slice(0, 4) }),
        post('remove_devices', { devices: held.slice(2, 6) }),
        post('move_devices', { devices: held.slice(4, 14), existing_network_id: nets[1].id }),
        post('move_devices', { devices: held.slice(8, 18), existing_network_id: nets[2].id }),
        post('release_devices', { devices: held.slice(12, 20) }),
        provision(held.slice(16, 24), round % 3),
        post('release_devices', { devices: held.slice(20, 26) }),
      ]);
      // Only the expected refusals: entries another request removed first.
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      expect(await t().fixtures.keptCountMismatches()).toEqual([]);
    }
    const rows = await t().dataSource.getRepository(Device).countBy({ organisation_id: org.id });
    const list = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .set(admin.auth)
      .expect(200);
    expect(list.body.data.meta.count).toBe(rows);
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
