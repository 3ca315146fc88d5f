process.env.TZ = 'UTC';
import { createHash } from 'node:crypto';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { MasterInventory } from '../../src/catalogue/master-inventory.entity';
import { configRevision, ConfigDocument } from '../../src/device-config/config-document';
import { Device } from '../../src/devices/device.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { NetworkTemplate } from '../../src/networks/network-template.entity';
import { SCALAR_FIELDS } from '../../src/network-ssids/network-ssid.fields';
import { onBothDatabases } from '../harness/app';
import { Caller, unique } from '../harness/fixtures';
import { bare, deviceFixtures } from '../harness/access-points.helpers';

const HEX64 = /^[0-9a-f]{64}$/;

onBothDatabases('device configuration', (t) => {
  const f = deviceFixtures(t);

  /** The device record as list_inventory shows it to the organisation's admin. */
  const recordOf = async (caller: Caller, device: Device) => {
    const res = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .query({ mac_id: device.mac_id })
      .set(caller.auth)
      .expect(200);
    return (res.body as { data: { devices: { config: Record<string, unknown> }[] } }).data
      .devices[0];
  };
  const revisionOf = async (caller: Caller, device: Device) =>
    (await recordOf(caller, device)).config.revision as string;

  const ssid = (orgId: number, networkId: number, name = unique('s')) =>
    t().fixtures.save(NetworkSsid, {
      organisation_id: orgId,
      location_network_id: networkId,
      ssid_name: name,
      settings: { wpa_key: 'secret-key-1' },
    });

  /** An admin with a device in a network that has one SSID. */
  const setup = async () => {
    const admin = await t().fixtures.admin();
    const net = await f.network(admin.orgId);
    const device = await f.device(admin.orgId, { networkId: net.id });
    const guest = await ssid(admin.orgId, net.id, 'Guest');
    return { admin, net, device, guest };
  };

  /** Runs `change` and expects the device's revision to differ afterwards, and to hold still. */
  const expectNewRevision = async (
    caller: Caller,
    device: Device,
    change: () => Promise<unknown>,
  ) => {
    const before = await revisionOf(caller, device);
    await change();
    const after = await revisionOf(caller, device);
    expect(after).toMatch(HEX64);
    expect(after).not.toBe(before);
    expect(await revisionOf(caller, device)).toBe(after);
  };

  const expectSameRevision = async (
    caller: Caller,
    device: Device,
    change: () => Promise<unknown>,
  ) => {
    const before = await revisionOf(caller, device);
    await change();
    expect(await revisionOf(caller, device)).toBe(before);
  };

  describe('revision on device records', () => {
    it('is the same for two reads with nothing changed in between', async () => {
      const { admin, device } = await setup();
      const first = await revisionOf(admin, device);
      expect(first).toMatch(HEX64);
      expect(await revisionOf(admin, device)).toBe(first);
    });

    it('differs for two devices of one network', async () => {
      const { admin, net, device } = await setup();
      const other = await f.device(admin.orgId, { networkId: net.id });
      expect(await revisionOf(admin, other)).not.toBe(await revisionOf(admin, device));
    });

    it('changes when an SSID of its network is created', async () => {
      const { admin, net, device } = await setup();
      await expectNewRevision(admin, device, () =>
        t()
          .http()
          .post('/v1/network_ssids')
          .set(admin.auth)
          .send({ network_id: net.id, network_ssid: { ssid_name: 'Staff' } })
          .expect(200),
      );
    });

    it('changes when an SSID of its network is updated', async () => {
      const { admin, device, guest } = await setup();
      await expectNewRevision(admin, device, () =>
        t()
          .http()
          .put(`/v1/network_ssids/${guest.id}`)
          .set(admin.auth)
          .send({ network_ssid: { wpa_key: 'another-key-2' } })
          .expect(200),
      );
    });

    it('changes when an SSID of its network is deleted', async () => {
      const { admin, device, guest } = await setup();
      await expectNewRevision(admin, device, () =>
        t().http().delete(`/v1/network_ssids/${guest.id}`).set(admin.auth).expect(200),
      );
    });

    it('changes when its network is renamed or changes time zone', async () => {
      const { admin, net, device } = await setup();
      for (const fields of [{ network_name: unique('renamed-') }, { timezone: 'Europe/Paris' }]) {
        await expectNewRevision(admin, device, () =>
          t()
            .http()
            .patch(`/v1/location_networks/${net.id}`)
            .set(admin.auth)
            .send({ location_network: fields })
            .expect(200),
        );
      }
    });

    it('changes with a config_rollback that changes its SSIDs', async () => {
      const { admin, net, device, guest } = await setup();
      const template = await t().fixtures.save(NetworkTemplate, {
        organisation_id: admin.orgId,
        name: unique('tpl-'),
        configuration: { ssid_configuration: [] },
      });
      await expectNewRevision(admin, device, () =>
        t()
          .http()
          .post(`/v1/location_networks/${net.id}/config_rollback`)
          .set(admin.auth)
          .send({
            network_template_id: template.id,
            configuration: { ssid_configuration: [{ id: guest.id, ssid_name: 'Guests' }] },
          })
          .expect(200),
      );
    });

    it('changes when the device is provisioned, moved or released', async () => {
      const admin = await t().fixtures.admin();
      const [first, second] = [await f.network(admin.orgId), await f.network(admin.orgId)];
      const device = await f.device(admin.orgId);
      const post = (path: string, body: object) =>
        t().http().post(`/v1/access_points/${path}`).set(admin.auth).send(body);
      await expectNewRevision(admin, device, () =>
        post('provisioning', { mac_id: device.mac_id, network_id: first.id }).expect(200),
      );
      await expectNewRevision(admin, device, () =>
        post('move_devices', { devices: [device.id], existing_network_id: second.id }).expect(200),
      );
      await expectNewRevision(admin, device, () =>
        post('release_devices', { devices: [device.mac_id] }).expect(200),
      );
    });

    it('changes when an uplink template is applied to the device', async () => {
      const { admin, device } = await setup();
      const template = await t()
        .http()
        .post('/v1/init_templates')
        .set(admin.auth)
        .send({ init_template: { name: unique('up-'), details: [{ uplink_type: '1' }] } })
        .expect(200);
      const templateId = (template.body as { data: { id: number } }).data.id;
      await expectNewRevision(admin, device, () =>
        t()
          .http()
          .put('/v1/access_points/apply_configuration')
          .set(admin.auth)
          .send({ mac_ids: bare(device.mac_id), init_template_id: templateId })
          .expect(200),
      );
    });

    it("stays when another network's SSIDs change", async () => {
      const { admin, device } = await setup();
      const elsewhere = await f.network(admin.orgId);
      await expectSameRevision(admin, device, () =>
        t()
          .http()
          .post('/v1/network_ssids')
          .set(admin.auth)
          .send({ network_id: elsewhere.id, network_ssid: { ssid_name: 'Other' } })
          .expect(200),
      );
    });

    it('stays when network fields the answer does not show change', async () => {
      const { admin, net, device } = await setup();
      await expectSameRevision(admin, device, () =>
        t()
          .http()
          .patch(`/v1/location_networks/${net.id}`)
          .set(admin.auth)
          .send({
            location_network: {
              vendor_type: 'cisco',
              presence: true,
              presence_url: 'https://p.example.test',
              tag_list: ['north'],
            },
          })
          .expect(200),
      );
    });

    it('stays when the device is tagged', async () => {
      const { admin, device } = await setup();
      await expectSameRevision(admin, device, () =>
        t()
          .http()
          .put('/v1/access_points/tags')
          .set(admin.auth)
          .send({ mac_ids: device.mac_id, tag_list: ['roof'] })
          .expect(200),
      );
    });
  });

  describe('the config block', () => {
    const report = (device: Device, fields: Partial<Heartbeat>) =>
      t().fixtures.save(Heartbeat, { device_id: device.id, received_at: new Date(), ...fields });

    it('has nothing applied and no error before the first report', async () => {
      const { admin, device } = await setup();
      const revision = await revisionOf(admin, device);
      expect((await recordOf(admin, device)).config).toEqual({
        revision,
        applied_revision: null,
        in_sync: false,
        error: null,
      });
    });

    it('is in sync when the device runs the current revision', async () => {
      const { admin, device } = await setup();
      const revision = await revisionOf(admin, device);
      await report(device, {
        applied_revision: revision,
        config_error_revision: revision,
        config_error_message: 'failed once',
      });
      expect((await recordOf(admin, device)).config).toEqual({
        revision,
        applied_revision: revision,
        in_sync: true,
        error: null,
      });
    });

    it('shows the error reported for the current revision, and forgets it once that changes', async () => {
      const { admin, net, device } = await setup();
      const revision = await revisionOf(admin, device);
      await report(device, {
        applied_revision: 'a'.repeat(64),
        config_error_revision: revision,
        config_error_message: 'wpa_key rejected',
      });
      expect((await recordOf(admin, device)).config).toEqual({
        revision,
        applied_revision: 'a'.repeat(64),
        in_sync: false,
        error: 'wpa_key rejected',
      });
      await ssid(admin.orgId, net.id);
      const next = await revisionOf(admin, device);
      expect((await recordOf(admin, device)).config).toEqual({
        revision: next,
        applied_revision: 'a'.repeat(64),
        in_sync: false,
        error: null,
      });
    });

    it('is on every device record: get_network_devices shows what list_inventory shows', async () => {
      const { admin, net, device } = await setup();
      const res = await t()
        .http()
        .get(`/v1/location_networks/${net.id}/get_network_devices`)
        .set(admin.auth)
        .expect(200);
      expect(res.body.data.devices).toEqual([await recordOf(admin, device)]);
    });

    it('renders many devices in as many statements as one', async () => {
      const countFor = async (networks: number) => {
        const admin = await t().fixtures.admin();
        for (let i = 0; i < networks; i++) {
          const net = await f.network(admin.orgId);
          await f.device(admin.orgId, { networkId: net.id });
          await ssid(admin.orgId, net.id);
        }
        // The token's first use records last_used_at (one UPDATE); keep it out of the count.
        await t().http().get('/v1/tags').set(admin.auth).expect(200);
        const statements = await t().statementsOf(() =>
          t().http().get('/v1/access_points/list_inventory').set(admin.auth).expect(200),
        );
        return statements.length;
      };
      const one = await countFor(1);
      expect(await countFor(12)).toBe(one);
    });
  });

  describe('GET /device/v1/config', () => {
    let secretCounter = 0;
    /** Gives the device's master inventory entry a factory secret; its Basic credentials. */
    const credentials = async (device: Device) => {
      const secret = `factory-secret-${secretCounter++}-${unique()}`;
      await t()
        .dataSource.getRepository(MasterInventory)
        .update(
          { mac_id: device.mac_id },
          { secret_hash: createHash('sha256').update(secret).digest('hex') },
        );
      const basic = Buffer.from(`${bare(device.mac_id)}:${secret}`).toString('base64');
      return { Authorization: `Basic ${basic}` };
    };
    const getConfig = (auth: Record<string, string>, headers: Record<string, string> = {}) =>
      t().http().get('/device/v1/config').set(auth).set(headers);

    const ssidRecord = (row: NetworkSsid) => ({
      id: row.id,
      location_network_id: row.location_network_id,
      ssid_name: row.ssid_name,
      ...Object.fromEntries(SCALAR_FIELDS.map((field) => [field, null])),
      ...row.settings,
      associated_aps_and_tags: null,
      dhcp_mappings: null,
      dhcp_ranges: null,
      v_lan_attributes: null,
    });

    it('answers the configuration with its revision as ETag, SSIDs and uplinks by id', async () => {
      const { admin, net, device, guest } = await setup();
      const staff = await ssid(admin.orgId, net.id, 'Staff');
      await ssid(admin.orgId, (await f.network(admin.orgId)).id, 'Elsewhere');
      const template = await t()
        .http()
        .post('/v1/init_templates')
        .set(admin.auth)
        .send({
          init_template: { name: unique('up-'), details: [{ uplink_type: '1', mode: 'dhcp' }] },
        })
        .expect(200);
      await t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .set(admin.auth)
        .send({
          mac_ids: device.mac_id,
          init_template_id: (template.body as { data: { id: number } }).data.id,
        })
        .expect(200);
      await t().dataSource.getRepository(Device).update(device.id, { name: 'Front desk' });
      await t().fixtures.syncRevisions(admin.orgId);
      const auth = await credentials(device);

      const res = await getConfig(auth).expect(200);
      const record = await recordOf(admin, device);
      const uplinks = (record as unknown as { uplinks: unknown[] }).uplinks;
      expect(uplinks).toEqual([
        { mode: 'dhcp', id: expect.any(Number), uplink_type: '1', is_deleted: false },
      ]);
      const revision = record.config.revision as string;
      expect(res.body).toEqual({
        revision,
        device: { mac_id: device.mac_id, name: 'Front desk', label: null },
        network: { id: net.id, network_name: net.network_name, timezone: 'UTC' },
        ssids: [ssidRecord(guest), ssidRecord(staff)],
        uplinks,
      });
      expect(Object.keys(res.body as object)).toEqual([
        'revision',
        'device',
        'network',
        'ssids',
        'uplinks',
      ]);
      expect(res.headers.etag).toBe(`"${revision}"`);
      const { revision: named, ...document } = res.body as ConfigDocument & { revision: string };
      expect(configRevision(document)).toBe(named);
      expect((await getConfig(auth).expect(200)).body).toEqual(res.body);
    });

    it.each([
      ['the strong validator', (r: string) => `"${r}"`],
      ['the weak validator', (r: string) => `W/"${r}"`],
      ['*', () => '*'],
      ['a list holding it', (r: string) => `"${'0'.repeat(64)}", W/"${r}"`],
    ])('answers 304 with the ETag and no body for If-None-Match naming %s', async (_w, header) => {
      const { device } = await setup();
      const auth = await credentials(device);
      const { headers } = await getConfig(auth).expect(200);
      const revision = headers.etag.slice(1, -1);
      const res = await getConfig(auth, { 'If-None-Match': header(revision) }).expect(304);
      expect(res.headers.etag).toBe(`"${revision}"`);
      expect(res.text ?? '').toBe('');
      expect(res.headers['content-length'] ?? '0').toBe('0');
    });

    it('answers 200 with the new configuration for an If-None-Match naming an older revision', async () => {
      const { admin, net, device } = await setup();
      const auth = await credentials(device);
      const before = (await getConfig(auth).expect(200)).headers.etag;
      await ssid(admin.orgId, net.id, 'Added');
      const res = await getConfig(auth, { 'If-None-Match': before }).expect(200);
      expect(res.headers.etag).not.toBe(before);
      expect(
        (res.body as { ssids: { ssid_name: string }[] }).ssids.map((s) => s.ssid_name),
      ).toEqual(['Guest', 'Added']);
    });

    it('gives a device in no network network null and no SSIDs, but its uplinks', async () => {
      const admin = await t().fixtures.admin();
      const device = await f.device(admin.orgId);
      const template = await t()
        .http()
        .post('/v1/init_templates')
        .set(admin.auth)
        .send({ init_template: { name: unique('up-'), details: [{ uplink_type: '1' }] } })
        .expect(200);
      await t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .set(admin.auth)
        .send({
          mac_ids: device.mac_id,
          init_template_id: (template.body as { data: { id: number } }).data.id,
        })
        .expect(200);
      const res = await getConfig(await credentials(device)).expect(200);
      const record = await recordOf(admin, device);
      expect(res.body).toEqual({
        revision: record.config.revision,
        device: { mac_id: device.mac_id, name: null, label: null },
        network: null,
        ssids: [],
        uplinks: [{ id: expect.any(Number), uplink_type: '1', is_deleted: false }],
      });
    });

    it("shows only the device's own organisation's network and SSIDs", async () => {
      const { device, net, guest } = await setup();
      const other = await setup();
      const res = await getConfig(await credentials(device)).expect(200);
      expect(res.body.network).toEqual({
        id: net.id,
        network_name: net.network_name,
        timezone: 'UTC',
      });
      expect(res.body.ssids).toEqual([ssidRecord(guest)]);
      const theirs = await getConfig(await credentials(other.device)).expect(200);
      expect(theirs.body.network.id).toBe(other.net.id);
      expect(theirs.body.ssids).toEqual([ssidRecord(other.guest)]);
    });

    it('answers 403 1037 once the device left the inventory', async () => {
      const { admin, device } = await setup();
      const auth = await credentials(device);
      await getConfig(auth).expect(200);
      await t()
        .http()
        .post('/v1/access_points/remove_devices')
        .set(admin.auth)
        .send({ devices: [device.mac_id] })
        .expect(200);
      const res = await getConfig(auth).expect(403);
      expect(res.body).toEqual({ msg: expect.any(String), error_code: 1037 });
    });

    it('refuses a user token with 401 1036', async () => {
      const { admin } = await setup();
      const res = await getConfig(admin.auth).expect(401);
      expect(res.body).toEqual({ msg: 'Missing or invalid device credentials', error_code: 1036 });
    });
  });
});
