process.env.TZ = 'UTC';
import { In } from 'typeorm';
import { Device } from '../src/devices/device.entity';
import { Uplink } from '../src/devices/uplink.entity';
import { HardwarePart } from '../src/catalogue/hardware-part.entity';
import { MasterInventory } from '../src/catalogue/master-inventory.entity';
import { Upgrade } from '../src/firmware/upgrade.entity';
import { onBothDatabases } from './harness/app';
import { Caller, unique } from './harness/fixtures';

const LIMIT = 10_000;

/**
 * A bulk request of up to 10,000 entries works on both databases, although
 * the rows it writes (devices, uplinks, tag links) need more bind parameters than SQLite
 * (32,766) or PostgreSQL (65,535) take in one statement.
 */
onBothDatabases('bulk requests of 10,000 entries', (t) => {
  let admin: Caller;
  let superAdmin: Caller;
  let macs: string[];
  let part: HardwarePart;

  afterEach(async () => {
    // Every write of these tests keeps the organisation's and networks' device counts true.
    expect(await t().fixtures.keptCountMismatches()).toEqual([]);
  });

  const send = (method: 'post' | 'put', path: string, caller: Caller, body: unknown) =>
    t()
      .http()
      [method](path)
      .set(caller.auth)
      .set('Accept', 'application/json')
      .send(body as object);

  const deviceCount = () =>
    t().dataSource.getRepository(Device).countBy({ organisation_id: admin.orgId });

  beforeAll(async () => {
    const org = await t().fixtures.organisation({ allowed_device_count: LIMIT });
    admin = await t().fixtures.admin(org.id);
    superAdmin = await t().fixtures.superAdmin();
    part = await t().fixtures.hardwarePart({ wifi_uplink: true, usb: true });
    macs = await t().fixtures.masterMacs(LIMIT, part);
  }, 120_000);

  it('upserts 10,000 master inventory entries, twice', async () => {
    const entries = Array.from({ length: LIMIT }, (_, i) => ({
      serial: `${unique('BULK')}-${i}`,
      mac_id: t().fixtures.mac(),
      part_number: part.part_number,
    }));
    for (let round = 0; round < 2; round++) {
      const res = await send('post', '/v1/admin/master_inventory', superAdmin, {
        devices: entries,
      }).expect(200);
      expect(res.body).toEqual({ data: { count: LIMIT }, status: 200 });
    }
    const stored = await t()
      .dataSource.getRepository(MasterInventory)
      .countBy({ serial: In(entries.map((e) => e.serial).slice(0, 5000)) });
    expect(stored).toBe(5000);
  }, 120_000);

  it('provisions, configures, tags, moves, upgrades, releases and removes 10,000 devices', async () => {
    const first = await t().fixtures.network(admin.orgId);
    const second = await t().fixtures.network(admin.orgId);
    const csv = macs.join(',');

    const provisioned = await send('post', '/v1/access_points/provisioning', admin, {
      mac_id: csv,
      network_id: first.id,
    }).expect(200);
    expect(provisioned.body.devices).toHaveLength(LIMIT);
    expect(await deviceCount()).toBe(LIMIT);

    const template = await send('post', '/v1/init_templates', admin, {
      init_template: {
        name: unique('wan-'),
        details: [
          { uplink_type: '1' },
          { uplink_type: '2' },
          { uplink_type: '3' },
          { uplink_type: '4' },
        ],
      },
    }).expect(200);
    await send('put', '/v1/access_points/apply_configuration', admin, {
      mac_ids: csv,
      init_template_id: template.body.data.id,
    }).expect(200);
    expect(
      await t().dataSource.getRepository(Uplink).countBy({ is_deleted: false }),
    ).toBeGreaterThanOrEqual(4 * LIMIT);

    const tagged = await send('put', '/v1/access_points/tags', admin, {
      mac_ids: csv,
      tag_list: ['lobby', 'floor-1', 'guests', 'north'],
    }).expect(200);
    expect(tagged.body.data.devices).toHaveLength(LIMIT);
    const [{ n: links }] = await t().dataSource.query<{ n: string | number }[]>(
      'SELECT COUNT(*) AS n FROM "device_tags"',
    );
    expect(Number(links)).toBe(4 * LIMIT);

    const moved = await send('post', '/v1/access_points/move_devices', admin, {
      devices: macs,
      existing_network_id: second.id,
    }).expect(200);
    expect(moved.body.devices).toHaveLength(LIMIT);

    await t().fixtures.upgradeData({
      version: '3.0.0',
      organisation_id: admin.orgId,
      url: { [part.part_number]: 'https://fw.example/3.0.0.bin' },
    });
    // A network target creates 10,000 upgrades; the same devices named one by one update them.
    const created = await send('post', '/upgrades', admin, {
      upgrade: { aps: [`network:${second.id}`] },
    }).expect(200);
    expect(created.body.message).toBe('Upgrade created successfully');
    expect(created.body.data.upgrades).toHaveLength(LIMIT);
    const ids = (
      await t()
        .dataSource.getRepository(Device)
        .find({ select: { id: true }, where: { organisation_id: admin.orgId } })
    ).map((d) => `AP:${d.id}`);
    const updated = await send('post', '/upgrades', admin, {
      upgrade: { aps: ids, save_prev_config: true },
    }).expect(200);
    expect(updated.body.message).toBe('Upgrade updated successfully');
    const upgrades = await t()
      .dataSource.getRepository(Upgrade)
      .find({ where: { organisation_id: admin.orgId } });
    expect(upgrades).toHaveLength(LIMIT);
    expect(upgrades.every((u) => u.save_prev_config && u.aps[0] === `AP:${u.device_id}`)).toBe(
      true,
    );

    const released = await send('post', '/v1/access_points/release_devices', admin, {
      devices: macs,
    }).expect(200);
    expect(released.body.success_devices).toHaveLength(LIMIT);

    const removed = await send('post', '/v1/access_points/remove_devices', admin, {
      devices: macs,
    }).expect(200);
    expect(removed.body.success_devices).toHaveLength(LIMIT);
    expect(await deviceCount()).toBe(0);
  }, 300_000);

  it('creates a network with 10,000 devices', async () => {
    const fresh = await t().fixtures.masterMacs(LIMIT, part);
    const res = await send('post', '/v1/location_networks', admin, {
      location_network: {
        network_name: unique('big-'),
        timezone: 'UTC',
        mac_id: fresh.join(','),
      },
    }).expect(200);
    expect(await deviceCount()).toBe(LIMIT);
    const listed = await t()
      .http()
      .get(`/v1/location_networks/${res.body.data.id}/get_network_devices`)
      .set(admin.auth)
      .expect(200);
    expect(listed.body.data.devices).toHaveLength(LIMIT);
  }, 120_000);
});
