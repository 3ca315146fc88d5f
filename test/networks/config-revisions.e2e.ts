import { ConfigRevisionsService } from '../../src/config-revisions/config-revisions.service';
import { Device } from '../../src/devices/device.entity';
import { Caller, unique } from '../harness/fixtures';
import { onBothDatabases } from '../harness/app';
import { deviceFixtures } from '../harness/access-points.helpers';

onBothDatabases('stored configuration revisions', (t) => {
  const f = deviceFixtures(t);

  /** A network of a new organisation holding `count` devices written directly (then recounted). */
  const fleet = async (count: number) => {
    const admin = await t().fixtures.caller({ role: 'admin' });
    const net = await f.network(admin.orgId);
    const masters = await t().fixtures.masterDevices(count);
    await t()
      .dataSource.getRepository(Device)
      .insert(
        masters.map((m) => ({
          organisation_id: admin.orgId,
          mac_id: m.mac_id,
          serial: m.serial,
          hardware_part_id: m.hardware_part_id,
          location_network_id: net.id,
          name: net.network_name,
        })),
      );
    await t().fixtures.recountDevices();
    return { admin, net, macs: masters.map((m) => m.mac_id) };
  };

  const revisions = () => t().app.get(ConfigRevisionsService);

  /** The `config.revision` of each device of the organisation, as list_inventory shows it. */
  const shown = async (admin: Caller) => {
    const revisions = new Map<number, string>();
    for (let page = 1; ; page++) {
      const res = await t()
        .http()
        .get('/v1/access_points/list_inventory')
        .query({ page, per_page: 100 })
        .set(admin.auth)
        .expect(200);
      const { devices } = (
        res.body as { data: { devices: { id: number; config: { revision: string } }[] } }
      ).data;
      for (const device of devices) {
        revisions.set(device.id, device.config.revision);
      }
      if (devices.length < 100) {
        return revisions;
      }
    }
  };

  const createSsid = (admin: Caller, networkId: number) =>
    t()
      .http()
      .post('/v1/network_ssids')
      .set(admin.auth)
      .send({ network_id: networkId, network_ssid: { ssid_name: unique('s') } })
      .expect(200);

  it("keeps every device's stored revision exact through an SSID change, in the same statements for 1 or 300 devices", async () => {
    const counts: number[] = [];
    for (const n of [1, 300]) {
      const { admin, net } = await fleet(n);
      const before = await shown(admin);
      expect(before.size).toBe(n);
      const statements = await t().statementsOf(() => createSsid(admin, net.id));
      counts.push(statements.length);
      const after = await shown(admin);
      for (const [id, revision] of after) {
        expect(revision).not.toBe(before.get(id));
      }
      expect(await revisions().check(admin.orgId)).toEqual({ checked: n, mismatches: [] });
    }
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBe(counts[0]);
  });

  it('keeps them exact through a rename, a time zone, a label, a move and a release', async () => {
    const { admin, net, macs } = await fleet(3);
    const other = await f.network(admin.orgId);
    await t()
      .http()
      .patch(`/v1/location_networks/${net.id}`)
      .set(admin.auth)
      .send({ location_network: { network_name: unique('renamed-'), timezone: 'Asia/Tokyo' } })
      .expect(200);
    expect((await revisions().check(admin.orgId)).mismatches).toEqual([]);
    await t()
      .http()
      .put(`/v1/access_points/${macs[0]}/label`)
      .set(admin.auth)
      .send({ label: 'Front desk' })
      .expect(200);
    await t()
      .http()
      .post('/v1/access_points/move_devices')
      .set(admin.auth)
      .send({ devices: [macs[1]], existing_network_id: other.id })
      .expect(200);
    await t()
      .http()
      .post('/v1/access_points/release_devices')
      .set(admin.auth)
      .send({ devices: [macs[2]] })
      .expect(200);
    await createSsid(admin, other.id);
    expect(await revisions().check(admin.orgId)).toEqual({ checked: 3, mismatches: [] });
  });

  it('names a device whose stored revision is stale, and repairs it', async () => {
    const { admin, macs } = await fleet(2);
    const device = await t().dataSource.getRepository(Device).findOneByOrFail({ mac_id: macs[1] });
    await t().dataSource.getRepository(Device).update(device.id, { config_revision: 'stale' });
    const { mismatches } = await revisions().check(admin.orgId);
    expect(mismatches).toEqual([
      {
        organisation_id: admin.orgId,
        device_id: device.id,
        mac_id: device.mac_id,
        stored: 'stale',
        computed: device.config_revision,
      },
    ]);
    expect(await revisions().repair(admin.orgId)).toBe(1);
    expect(await revisions().check(admin.orgId)).toEqual({ checked: 2, mismatches: [] });
  });
});
