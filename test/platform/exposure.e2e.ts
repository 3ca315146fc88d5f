import { Device } from '../../src/devices/device.entity';
import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { MasterInventory } from '../../src/catalogue/master-inventory.entity';
import { onBothDatabases, TestApp } from '../harness/app';
import { Caller, unique } from '../harness/fixtures';
import { browserUser, signedIn } from '../harness/web-session';

const UPGRADE_NOT_FOUND = { message: 'Upgrade not found', status: 404 };
const FORBIDDEN = { msg: 'Only an organisation admin may do this', error_code: 1029 };

/** An organisation with a released firmware, two networks and a device in each and in none. */
async function upgradeScenario(t: TestApp) {
  const admin = await browserUser(t, { role: 'admin' });
  const part = await t.fixtures.hardwarePart();
  await t.fixtures.upgradeData({
    version: '1.0.0',
    organisation_id: admin.orgId,
    url: { [part.part_number]: 'https://fw.example/1.0.0.bin' },
  });
  const granted = await t.fixtures.network(admin.orgId);
  const other = await t.fixtures.network(admin.orgId);
  const device = (networkId: number | null) =>
    t.fixtures.save(Device, {
      mac_id: t.fixtures.mac(),
      organisation_id: admin.orgId,
      hardware_part_id: part.id,
      serial: unique('SN'),
      location_network_id: networkId,
    });
  const devices = {
    granted: await device(granted.id),
    other: await device(other.id),
    unassigned: await device(null),
  };
  const res = await t
    .http()
    .post('/upgrades')
    .set(admin.auth)
    .set('Accept', 'application/json')
    .send({ upgrade: { aps: Object.values(devices).map((d) => `AP:${d.id}`) } })
    .expect(200);
  const upgrades = res.body.data.upgrades as { id: number; device_id: number; mac_id: string }[];
  const upgradeOf = (d: Device) => upgrades.find((u) => u.device_id === d.id)!;
  return {
    admin,
    granted,
    devices,
    upgrades: {
      granted: upgradeOf(devices.granted),
      other: upgradeOf(devices.other),
      unassigned: upgradeOf(devices.unassigned),
    },
  };
}

onBothDatabases('members see only what their grants allow', (t) => {
  const json = (caller: Caller, path: string) =>
    t().http().get(path).set(caller.auth).set('Accept', 'application/json');
  const ids = (body: { data: { upgrades: { id: number }[] } }) =>
    body.data.upgrades.map((u) => u.id);

  describe('upgrades', () => {
    it('shows a member without any grant no upgrade: empty list, 404 on each id', async () => {
      const { admin, upgrades } = await upgradeScenario(t());
      const member = await t().fixtures.member(admin.orgId);
      for (const path of ['/upgrades', '/upgrades.json']) {
        const res = await json(member, path).expect(200);
        expect(res.body).toEqual({ data: { upgrades: [] } });
      }
      for (const upgrade of Object.values(upgrades)) {
        for (const path of [`/upgrades/${upgrade.id}`, `/upgrades/${upgrade.id}.json`]) {
          const res = await json(member, path).expect(404);
          expect(res.body).toEqual(UPGRADE_NOT_FOUND);
        }
        const filtered = await json(member, `/upgrades?id=${upgrade.id}`).expect(200);
        expect(filtered.body).toEqual({ data: { upgrades: [] } });
      }
    });

    it('shows a member with a read grant only the upgrades of that network devices', async () => {
      const { admin, granted, devices, upgrades } = await upgradeScenario(t());
      const member = await t().fixtures.member(admin.orgId);
      await t().fixtures.grant(admin.orgId, member.userId, granted.id, 'read_only');

      const list = await json(member, '/upgrades').expect(200);
      expect(ids(list.body)).toEqual([upgrades.granted.id]);
      expect(list.body.data.upgrades[0]).toEqual(
        expect.objectContaining({ device_id: devices.granted.id, mac_id: devices.granted.mac_id }),
      );
      await json(member, `/upgrades/${upgrades.granted.id}`).expect(200);
      for (const hidden of [upgrades.other, upgrades.unassigned]) {
        const res = await json(member, `/upgrades/${hidden.id}`).expect(404);
        expect(res.body).toEqual(UPGRADE_NOT_FOUND);
      }

      const all = await json(admin, '/upgrades').expect(200);
      expect(ids(all.body)).toEqual(
        [upgrades.granted.id, upgrades.other.id, upgrades.unassigned.id].sort((a, b) => a - b),
      );
    });

    it('hides the upgrades of a network from a member once the grant is revoked', async () => {
      const { admin, granted, upgrades } = await upgradeScenario(t());
      const member = await t().fixtures.member(admin.orgId);
      await t().fixtures.grant(admin.orgId, member.userId, granted.id, 'full');
      await json(member, `/upgrades/${upgrades.granted.id}`).expect(200);
      await t()
        .http()
        .delete('/v1/network_access')
        .set(admin.auth)
        .send({ user_id: member.userId, network_id: granted.id })
        .expect(200);
      await json(member, `/upgrades/${upgrades.granted.id}`).expect(404);
      expect((await json(member, '/upgrades').expect(200)).body).toEqual({
        data: { upgrades: [] },
      });
    });

    it('lists on the HTML page only the upgrades a member may read, and 404s the others', async () => {
      const { admin, granted, devices, upgrades } = await upgradeScenario(t());
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      const agent = await signedIn(t(), member);

      const empty = await agent.get('/upgrades').expect(200);
      for (const upgrade of Object.values(upgrades)) {
        expect(empty.text).not.toContain(`data-upgrade-id="${upgrade.id}"`);
        expect(empty.text).not.toContain(upgrade.mac_id);
        await agent.get(`/upgrades/${upgrade.id}`).expect(404);
      }
      expect(empty.text).toContain('No upgrades yet.');

      await t().fixtures.grant(admin.orgId, member.userId, granted.id, 'read_only');
      const page = await agent.get('/upgrades').expect(200);
      expect(page.text).toContain(`data-upgrade-id="${upgrades.granted.id}"`);
      expect(page.text).toContain(devices.granted.mac_id);
      for (const hidden of [upgrades.other, upgrades.unassigned]) {
        expect(page.text).not.toContain(`data-upgrade-id="${hidden.id}"`);
        expect(page.text).not.toContain(hidden.mac_id);
      }
      const adminPage = await (await signedIn(t(), admin)).get('/upgrades').expect(200);
      for (const upgrade of Object.values(upgrades)) {
        expect(adminPage.text).toContain(`data-upgrade-id="${upgrade.id}"`);
      }
    });
  });

  describe('get_devices_from_serial', () => {
    const lookup = (caller: Caller, serials: string[]) =>
      t()
        .http()
        .get('/v1/access_points/get_devices_from_serial')
        .query({ serial: serials.join(',') })
        .set(caller.auth);
    const view = (record: MasterInventory, part: HardwarePart) => ({
      id: record.id,
      serial: record.serial,
      mac_id: record.mac_id,
      hardware_part: {
        id: part.id,
        part_number: part.part_number,
        wifi_uplink: part.wifi_uplink,
        usb: part.usb,
      },
    });

    it('answers 403 1029 to a member, even one with full access to a network', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await t().fixtures.network(admin.orgId);
      await t().fixtures.grant(admin.orgId, member.userId, net.id, 'full');
      const [record] = await t().fixtures.masterDevices(1);
      const res = await lookup(member, [record.serial]).expect(403);
      expect(res.body).toEqual(FORBIDDEN);
    });

    it("leaves another organisation's device out exactly like an unknown serial", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.organisation();
      const part = await t().fixtures.hardwarePart();
      const [free, own, theirs] = await t().fixtures.masterDevices(3, part);
      const hold = (record: MasterInventory, orgId: number) =>
        t().fixtures.save(Device, {
          mac_id: record.mac_id,
          serial: record.serial,
          organisation_id: orgId,
          hardware_part_id: part.id,
        });
      await hold(own, admin.orgId);
      await hold(theirs, other.id);

      const res = await lookup(admin, [free.serial, own.serial, theirs.serial, 'unknown-serial']);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { devices: [view(free, part), view(own, part)] } });

      const onlyTheirs = await lookup(admin, [theirs.serial]).expect(200);
      const onlyUnknown = await lookup(admin, ['unknown-serial']).expect(200);
      expect(onlyTheirs.body).toEqual({ data: { devices: [] } });
      expect(onlyTheirs.body).toEqual(onlyUnknown.body);
    });
  });

  describe('SSID keys', () => {
    it('gives wpa_key to admins and full members, never to a read_only member', async () => {
      const admin = await t().fixtures.admin();
      const full = await t().fixtures.member(admin.orgId);
      const readOnly = await t().fixtures.member(admin.orgId);
      const net = await t().fixtures.network(admin.orgId);
      await t().fixtures.grant(admin.orgId, full.userId, net.id, 'full');
      await t().fixtures.grant(admin.orgId, readOnly.userId, net.id, 'read_only');
      const created = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({
          network_id: net.id,
          network_ssid: { ssid_name: 'Office', wpa_key: 'office-wifi-key' },
        })
        .expect(200);
      const id = (created.body as { data: { id: number } }).data.id;
      const reads = (caller: Caller) => [
        t().http().get(`/v1/network_ssids/${id}`).set(caller.auth),
        t().http().get('/v1/network_ssids').set(caller.auth),
        t().http().get('/v1/list_network_ssids').query({ network_id: net.id }).set(caller.auth),
        t()
          .http()
          .get('/v1/network_ssids')
          .query({ network_name: net.network_name })
          .set(caller.auth),
      ];
      const records = async (caller: Caller) => {
        const found: Record<string, unknown>[] = [];
        for (const read of reads(caller)) {
          const body = (await read.expect(200)).body as {
            data: {
              network_ssid?: Record<string, unknown>;
              network_ssids?: Record<string, unknown>[];
            };
          };
          found.push(...(body.data.network_ssids ?? [body.data.network_ssid!]));
        }
        return found.filter((record) => record.id === id);
      };

      for (const caller of [admin, full]) {
        const seen = await records(caller);
        expect(seen).toHaveLength(4);
        for (const record of seen) {
          expect(record.wpa_key).toBe('office-wifi-key');
        }
      }
      const hidden = await records(readOnly);
      expect(hidden).toHaveLength(4);
      for (const record of hidden) {
        expect(record).not.toHaveProperty('wpa_key');
        expect(record).toEqual(expect.objectContaining({ id, ssid_name: 'Office' }));
      }
    });
  });
});
