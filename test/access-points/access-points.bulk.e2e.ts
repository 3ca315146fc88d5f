process.env.TZ = 'UTC';
import { Device } from '../../src/devices/device.entity';
import { Caller } from '../harness/fixtures';
import { onBothDatabases } from '../harness/app';
import { deviceFixtures } from '../harness/access-points.helpers';

/** Bulk device operations issue the same number of SQL statements for 1 MAC as for 500. */
onBothDatabases('access points: constant statements', (t) => {
  const f = deviceFixtures(t);
  const BIG = 500;

  afterEach(async () => {
    // Every write of these tests keeps the organisation's and networks' device counts true.
    expect(await t().fixtures.keptCountMismatches()).toEqual([]);
  });

  const setup = async (count: number, assigned: boolean) => {
    const org = await t().fixtures.organisation({ allowed_device_count: 10_000 });
    const admin = await t().fixtures.admin(org.id);
    const net = await f.network(org.id);
    const masters = await t().fixtures.masterDevices(count);
    if (assigned) {
      await t()
        .dataSource.getRepository(Device)
        .insert(
          masters.map((m) => ({
            organisation_id: org.id,
            mac_id: m.mac_id,
            serial: m.serial,
            hardware_part_id: m.hardware_part_id,
            location_network_id: net.id,
          })),
        );
      await t().fixtures.recountDevices();
    }
    return { admin, net, macs: masters.map((m) => m.mac_id) };
  };

  const measure = async (
    assigned: boolean,
    call: (ctx: { admin: Caller; netId: number; macs: string[] }) => Promise<unknown>,
  ) => {
    const counts: number[] = [];
    for (const n of [1, BIG]) {
      const { admin, net, macs } = await setup(n, assigned);
      const statements = await t().statementsOf(() => call({ admin, netId: net.id, macs }));
      counts.push(statements.length);
    }
    return counts;
  };

  const expectConstant = (counts: number[]) => {
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBe(counts[0]);
  };

  it("provisions 1,500 MACs in one request (past SQLite's 1,000-term expression limit)", async () => {
    const { admin, net, macs } = await setup(1500, false);
    const res = await t()
      .http()
      .post('/v1/access_points/provisioning')
      .set(admin.auth)
      .send({ mac_id: macs.join(','), network_id: net.id })
      .expect(200);
    expect(res.body.devices).toHaveLength(1500);
    expect(
      await t().dataSource.getRepository(Device).countBy({ location_network_id: net.id }),
    ).toBe(1500);
  });

  it('provisioning', async () => {
    expectConstant(
      await measure(false, ({ admin, netId, macs }) =>
        t()
          .http()
          .post('/v1/access_points/provisioning')
          .set(admin.auth)
          .send({ mac_id: macs.join(','), network_id: netId })
          .expect(200),
      ),
    );
  });

  it('release_devices', async () => {
    expectConstant(
      await measure(true, ({ admin, macs }) =>
        t()
          .http()
          .post('/v1/access_points/release_devices')
          .set(admin.auth)
          .send({ devices: macs })
          .expect(200),
      ),
    );
  });

  it('remove_devices', async () => {
    expectConstant(
      await measure(true, ({ admin, macs }) =>
        t()
          .http()
          .post('/v1/access_points/remove_devices')
          .set(admin.auth)
          .send({ devices: macs })
          .expect(200),
      ),
    );
  });

  it('move_devices', async () => {
    expectConstant(
      await measure(true, async ({ admin, macs }) => {
        const target = await f.network(admin.orgId);
        return t()
          .http()
          .post('/v1/access_points/move_devices')
          .set(admin.auth)
          .send({ devices: macs, existing_network_id: target.id })
          .expect(200);
      }),
    );
  });

  it('apply_configuration', async () => {
    expectConstant(
      await measure(true, async ({ admin, macs }) => {
        const tpl = await t()
          .http()
          .post('/v1/init_templates')
          .set(admin.auth)
          .send({
            init_template: { name: 'wan', details: [{ uplink_type: '1' }, { uplink_type: '2' }] },
          })
          .expect(200);
        await t()
          .http()
          .put('/v1/access_points/apply_configuration')
          .set(admin.auth)
          .send({ mac_ids: macs.join(','), init_template_id: tpl.body.data.id })
          .expect(200);
        // A second run also marks the first run's uplinks deleted.
        return t()
          .http()
          .put('/v1/access_points/apply_configuration')
          .set(admin.auth)
          .send({ mac_ids: macs.join(','), init_template_id: tpl.body.data.id })
          .expect(200);
      }),
    );
  });

  it('device tags', async () => {
    expectConstant(
      await measure(true, ({ admin, macs }) =>
        t()
          .http()
          .put('/v1/access_points/tags')
          .set(admin.auth)
          .send({ mac_ids: macs.join(','), tag_list: ['a', 'b'] })
          .expect(200),
      ),
    );
  });
});
