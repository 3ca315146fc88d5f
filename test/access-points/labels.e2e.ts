import { createHash } from 'node:crypto';
import { MasterInventory } from '../../src/catalogue/master-inventory.entity';
import { Device } from '../../src/devices/device.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { onBothDatabases } from '../harness/app';
import { bare, dashed, deviceFixtures } from '../harness/access-points.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { Caller } from '../harness/fixtures';

/** Device labels: the operator's own name for each access point. */
onBothDatabases('device labels', (t) => {
  const f = deviceFixtures(t);
  const e = eventFixtures(t);

  const setLabel = (caller: Caller, mac: string, body: object) =>
    t().http().put(`/v1/access_points/${mac}/label`).set(caller.auth).send(body);
  const post = (caller: Caller, path: string, body: object) =>
    t().http().post(`/v1/access_points/${path}`).set(caller.auth).send(body);
  const inventory = (caller: Caller, query: Record<string, string> = {}) =>
    t().http().get('/v1/access_points/list_inventory').query(query).set(caller.auth).expect(200);
  const statuses = (caller: Caller, query: Record<string, string> = {}) =>
    t().http().get('/v1/access_points/statuses').query(query).set(caller.auth).expect(200);
  const heartbeat = (admin: Caller, mac: string, name: string) =>
    post(admin, 'heartbeat', { mac_id: mac, name }).expect(200);
  const labelOf = async (id: number) =>
    (await t().dataSource.getRepository(Device).findOneByOrFail({ id })).label;

  /** An admin, a network and a device in it (no hardware part). */
  const setUp = async () => {
    const admin = await t().fixtures.admin();
    const lobby = await f.network(admin.orgId, 'Lobby');
    const device = await f.device(admin.orgId, { networkId: lobby.id, part: null });
    return { admin, lobby, device };
  };

  const user = (caller: Caller) => ({
    type: 'user',
    id: caller.userId,
    email: expect.stringMatching(/@example\.test$/),
    via: 'api',
  });

  describe('PUT /v1/access_points/:mac_id/label', () => {
    it('sets and clears the label, answering the device record, and records device.labelled', async () => {
      const { admin, lobby, device } = await setUp();
      const set = await setLabel(admin, dashed(device.mac_id), { label: 'West wall' }).expect(200);
      expect(set.body).toEqual({
        data: { device: f.record(device, null, { label: 'West wall' }, lobby) },
        status: 200,
      });
      expect((set.body.data.device.config as { revision: string }).revision).toHaveLength(64);
      const changed = await setLabel(admin, bare(device.mac_id), { label: 'Café 2 – ☕' }).expect(
        200,
      );
      expect(changed.body.data.device.label).toBe('Café 2 – ☕');
      const cleared = await setLabel(admin, device.mac_id, { label: null }).expect(200);
      expect(cleared.body).toEqual({
        data: { device: f.record(device, null, { label: null }, lobby) },
        status: 200,
      });
      expect(await labelOf(device.id)).toBeNull();

      const events = await e.events(admin.auth, { after: 0, type: 'device.labelled' });
      const about = {
        id: expect.any(Number),
        type: 'device.labelled',
        occurred_at: expect.any(String),
        network: { id: lobby.id, network_name: 'Lobby' },
        device: { id: device.id, mac_id: device.mac_id, name: null },
        actor: user(admin),
      };
      expect(events).toEqual([
        { ...about, data: { changes: { label: { from: null, to: 'West wall' } } } },
        { ...about, data: { changes: { label: { from: 'West wall', to: 'Café 2 – ☕' } } } },
        { ...about, data: { changes: { label: { from: 'Café 2 – ☕', to: null } } } },
      ]);
    });

    it('records no event when the label does not change', async () => {
      const { admin, lobby, device } = await setUp();
      await setLabel(admin, device.mac_id, { label: 'Roof' }).expect(200);
      const again = await setLabel(admin, device.mac_id, { label: 'Roof' }).expect(200);
      expect(again.body).toEqual({
        data: { device: f.record(device, null, { label: 'Roof' }, lobby) },
        status: 200,
      });
      const other = await f.device(admin.orgId, { part: null });
      await setLabel(admin, other.mac_id, { label: null }).expect(200);
      const events = await e.events(admin.auth, { after: 0, type: 'device.labelled' });
      expect(events.map((event) => event.data)).toEqual([
        { changes: { label: { from: null, to: 'Roof' } } },
      ]);
    });

    it('refuses a bad label with 422 1030 and changes nothing', async () => {
      const { admin, device } = await setUp();
      await setLabel(admin, device.mac_id, { label: 'Kept' }).expect(200);
      const cases: [object, string][] = [
        [{}, 'label must be a string or null'],
        [{ label: 42 }, 'label must be a string or null'],
        [{ label: ['a'] }, 'label must be a string or null'],
        [{ label: '' }, 'label must be 1 to 64 characters long'],
        [{ label: 'x'.repeat(65) }, 'label must be 1 to 64 characters long'],
        [{ label: ' lead' }, 'label must not begin or end with a space'],
        [{ label: 'trail ' }, 'label must not begin or end with a space'],
        [{ label: 'tab\tinside' }, 'label must not hold control characters'],
        [{ label: 'nul\u0000' }, 'label must not contain the NUL character'],
        [{ label: 'c1\u0085x' }, 'label must not hold control characters'],
      ];
      for (const [body, message] of cases) {
        const res = await setLabel(admin, device.mac_id, body).expect(422);
        expect([body, res.body]).toEqual([
          body,
          {
            msg: 'Invalid parameters',
            error_code: 1030,
            errors: message,
          },
        ]);
      }
      expect(await labelOf(device.id)).toBe('Kept');
      const longest = 'y'.repeat(64);
      const ok = await setLabel(admin, device.mac_id, { label: longest }).expect(200);
      expect(ok.body.data.device.label).toBe(longest);
      const events = await e.events(admin.auth, { after: 0, type: 'device.labelled' });
      expect(events).toHaveLength(2);
    });

    it("answers 404 1011 for another organisation's device, an unknown MAC and a malformed one", async () => {
      const { admin } = await setUp();
      const other = await t().fixtures.admin();
      const foreign = await f.device(other.orgId, { part: null });
      for (const mac of [foreign.mac_id, t().fixtures.mac(), 'not-a-mac']) {
        const res = await setLabel(admin, mac, { label: 'Mine' }).expect(404);
        expect(res.body).toEqual({ msg: 'Device not found', error_code: 1011 });
      }
      expect(await labelOf(foreign.id)).toBeNull();
      expect(await e.events(other.auth, { after: 0 })).toEqual([]);
    });

    it('lets members with full access label, refuses read_only with 403 1029, hides the rest', async () => {
      const { admin, lobby, device } = await setUp();
      const roof = await f.network(admin.orgId, 'Roof');
      const onRoof = await f.device(admin.orgId, { networkId: roof.id, part: null });
      const hidden = await f.network(admin.orgId, 'Hidden');
      const inHidden = await f.device(admin.orgId, { networkId: hidden.id, part: null });
      const free = await f.device(admin.orgId, { part: null });
      const member = await t().fixtures.member(admin.orgId);
      await f.grant(admin.orgId, member.userId, lobby.id, 'full');
      await f.grant(admin.orgId, member.userId, roof.id, 'read_only');

      const full = await setLabel(member, device.mac_id, { label: 'By member' }).expect(200);
      expect(full.body).toEqual({
        data: { device: f.record(device, null, { label: 'By member' }, lobby) },
        status: 200,
      });
      const readOnly = await setLabel(member, onRoof.mac_id, { label: 'No' }).expect(403);
      expect(readOnly.body).toEqual({
        msg: 'Your access to this network is read-only',
        error_code: 1029,
      });
      for (const unseen of [inHidden, free]) {
        const res = await setLabel(member, unseen.mac_id, { label: 'No' }).expect(404);
        expect(res.body).toEqual({ msg: 'Device not found', error_code: 1011 });
      }
      expect(await labelOf(onRoof.id)).toBeNull();
      expect(await labelOf(inHidden.id)).toBeNull();
      expect(await labelOf(free.id)).toBeNull();

      // A device in no network: admins only.
      const byAdmin = await setLabel(admin, free.mac_id, { label: 'Spare' }).expect(200);
      expect(byAdmin.body).toEqual({
        data: { device: f.record(free, null, { label: 'Spare' }) },
        status: 200,
      });
      const events = await e.events(admin.auth, { after: 0, type: 'device.labelled' });
      expect(events.map((event) => [event.device?.id, event.actor])).toEqual([
        [device.id, user(member)],
        [free.id, user(admin)],
      ]);
    });
  });

  describe('records, statuses and search', () => {
    /** Three devices: labelled, reporting a host name, and neither; one in another organisation. */
    const labelled = async () => {
      const { admin, lobby, device } = await setUp();
      const host = await f.device(admin.orgId, { networkId: lobby.id, part: null });
      const plain = await f.device(admin.orgId, { part: null });
      const other = await t().fixtures.admin();
      const foreign = await f.device(other.orgId, { part: null });
      await setLabel(admin, device.mac_id, { label: 'Lobby West_50%' }).expect(200);
      await setLabel(other, foreign.mac_id, { label: 'Lobby West_50%' }).expect(200);
      await heartbeat(admin, host.mac_id, 'AP-Kitchen-02');
      return { admin, lobby, device, host, plain };
    };

    const macsOf = (body: { data: { devices: { mac_id: string }[] } }) =>
      body.data.devices.map((d) => d.mac_id);

    it('shows the label in list_inventory, get_network_devices and the fleet statuses', async () => {
      const { admin, lobby, device, host, plain } = await labelled();
      const list = await inventory(admin);
      expect(list.body.data.devices).toEqual([
        f.record(device, null, { label: 'Lobby West_50%' }, lobby),
        expect.objectContaining({ mac_id: host.mac_id, label: null }),
        f.record(plain, null, { label: null }),
      ]);
      const network = await t()
        .http()
        .get(`/v1/location_networks/${lobby.id}/get_network_devices`)
        .set(admin.auth)
        .expect(200);
      expect(network.body.data.devices).toEqual([
        f.record(device, null, { label: 'Lobby West_50%' }, lobby),
        expect.objectContaining({ mac_id: host.mac_id, label: null }),
      ]);
      const fleet = await statuses(admin);
      expect(
        (fleet.body.data.devices as { mac_id: string; label: string | null }[]).map((d) => [
          d.mac_id,
          d.label,
        ]),
      ).toEqual([
        [device.mac_id, 'Lobby West_50%'],
        [host.mac_id, null],
        [plain.mac_id, null],
      ]);
    });

    it('finds devices by a part of the label, of the host name or of the MAC in any form', async () => {
      const { admin, device, host } = await labelled();
      const cases: [string, string[]][] = [
        ['west', [device.mac_id]],
        ['LOBBY w', [device.mac_id]],
        ['_50%', [device.mac_id]],
        ['50%', [device.mac_id]],
        ['%', [device.mac_id]],
        ['kitchen-0', [host.mac_id]],
        ['ap-KITCHEN', [host.mac_id]],
        [device.mac_id, [device.mac_id]],
        [dashed(device.mac_id), [device.mac_id]],
        [bare(device.mac_id).toUpperCase(), [device.mac_id]],
        // The fixtures' MACs are consecutive: their last digits tell them apart.
        [bare(host.mac_id).slice(6), [host.mac_id]],
        [host.mac_id.slice(9).toLowerCase(), [host.mac_id]],
        [dashed(host.mac_id).slice(7), [host.mac_id]],
        ['nothing-like-it', []],
      ];
      for (const [search, macs] of cases) {
        const list = await inventory(admin, { search });
        expect([search, macsOf(list.body)]).toEqual([search, macs]);
        expect(list.body.data.meta).toEqual(expect.objectContaining({ count: macs.length }));
        const fleet = await statuses(admin, { search });
        expect([search, macsOf(fleet.body)]).toEqual([search, macs]);
        expect(fleet.body.data.summary.up + fleet.body.data.summary.down).toBe(macs.length);
      }
      // The record name (the network's) is not searched.
      expect(macsOf((await inventory(admin, { search: 'Lobby' })).body)).toEqual([device.mac_id]);
    });

    it('narrows a member’s search to the networks it may read, and refuses a bad search', async () => {
      const { admin, host } = await labelled();
      const member = await t().fixtures.member(admin.orgId);
      expect(macsOf((await inventory(member, { search: 'kitchen' })).body)).toEqual([]);
      expect(macsOf((await statuses(member, { search: 'kitchen' })).body)).toEqual([]);
      const lobby = await t().dataSource.getRepository(LocationNetwork).findOneByOrFail({
        id: host.location_network_id!,
      });
      await f.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      expect(macsOf((await inventory(member, { search: 'kitchen' })).body)).toEqual([host.mac_id]);
      for (const path of ['list_inventory', 'statuses']) {
        const res = await t()
          .http()
          .get(`/v1/access_points/${path}`)
          .query({ search: 'x'.repeat(256) })
          .set(admin.auth)
          .expect(422);
        expect(res.body).toEqual({
          msg: 'Invalid parameters',
          error_code: 1030,
          errors: expect.stringContaining('search'),
        });
      }
    });
  });

  describe('the configuration and the device lifecycle', () => {
    const credentials = async (device: Device) => {
      const secret = `label-secret-${device.id}-${Date.now()}`;
      await t()
        .dataSource.getRepository(MasterInventory)
        .update(
          { mac_id: device.mac_id },
          { secret_hash: createHash('sha256').update(secret).digest('hex') },
        );
      const basic = Buffer.from(`${bare(device.mac_id)}:${secret}`).toString('base64');
      return { Authorization: `Basic ${basic}` };
    };

    it('gives the configuration the label, and a new revision when it changes', async () => {
      const { admin, lobby, device } = await setUp();
      const auth = await credentials(device);
      const before = await t().http().get('/device/v1/config').set(auth).expect(200);
      expect(before.body.device).toEqual({ mac_id: device.mac_id, name: null, label: null });
      await setLabel(admin, device.mac_id, { label: 'Front desk' }).expect(200);
      const after = await t().http().get('/device/v1/config').set(auth).expect(200);
      expect(after.body.device).toEqual({ mac_id: device.mac_id, name: null, label: 'Front desk' });
      expect(after.body.revision).not.toBe(before.body.revision);
      expect(after.headers.etag).toBe(`"${after.body.revision}"`);
      const stale = await t()
        .http()
        .get('/device/v1/config')
        .set(auth)
        .set('If-None-Match', `"${before.body.revision}"`)
        .expect(200);
      expect(stale.body.revision).toBe(after.body.revision);
      const [record] = (await inventory(admin, { mac_id: device.mac_id })).body.data.devices;
      expect(record.config.revision).toBe(after.body.revision);
      expect(record).toEqual(f.record(device, null, { label: 'Front desk' }, lobby));
    });

    it('keeps the label when the device moves or is released, drops it when it is removed', async () => {
      const { admin, lobby, device } = await setUp();
      const roof = await f.network(admin.orgId, 'Roof');
      await setLabel(admin, device.mac_id, { label: 'Travels' }).expect(200);
      const moved = await post(admin, 'move_devices', {
        devices: [device.mac_id],
        existing_network_id: roof.id,
      }).expect(200);
      expect(moved.body).toEqual({
        msg: expect.any(String),
        devices: [
          expect.objectContaining({
            mac_id: device.mac_id,
            location_network_id: roof.id,
            label: 'Travels',
          }),
        ],
      });
      await post(admin, 'release_devices', { devices: [device.mac_id] }).expect(200);
      expect(await labelOf(device.id)).toBe('Travels');
      const provisioned = await post(admin, 'provisioning', {
        mac_id: device.mac_id,
        network_id: lobby.id,
      }).expect(200);
      expect(provisioned.body).toEqual({
        msg: expect.any(String),
        devices: [
          expect.objectContaining({
            mac_id: device.mac_id,
            location_network_id: lobby.id,
            label: 'Travels',
          }),
        ],
        status: 200,
      });
      await post(admin, 'remove_devices', { devices: [device.mac_id] }).expect(200);
      const reclaimed = await post(admin, 'provisioning', {
        mac_id: device.mac_id,
        network_id: lobby.id,
      }).expect(200);
      expect(reclaimed.body).toEqual({
        msg: expect.any(String),
        devices: [
          expect.objectContaining({
            mac_id: device.mac_id,
            location_network_id: lobby.id,
            label: null,
          }),
        ],
        status: 200,
      });
      const [again] = (await inventory(admin, { mac_id: device.mac_id })).body.data.devices;
      expect(again.label).toBeNull();
    });
  });
});
