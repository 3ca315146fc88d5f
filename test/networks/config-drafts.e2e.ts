import { Caller } from '../harness/fixtures';
import { onBothDatabases } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { NetworkDraft } from '../../src/config-drafts/network-draft.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { NetworkTemplate } from '../../src/networks/network-template.entity';
import { SCALAR_FIELDS } from '../../src/network-ssids/network-ssid.fields';

const NO_DRAFT = { msg: 'Draft not found', error_code: 1049 };
const NO_NETWORK = { msg: 'Network not found', error_code: 1001 };
const READ_ONLY = { msg: 'Your access to this network is read-only', error_code: 1029 };
const OUTDATED = {
  msg: 'The network changed since the draft was made: read the diff and write the draft again',
  error_code: 1050,
};
const invalid = (errors: string[]) => ({
  msg: 'Invalid parameters',
  error_code: 1030,
  errors: errors.join(', '),
});

/** An SSID record as show returns it: every field not in `fields` null. */
const ssidRecord = (
  id: number | null,
  networkId: number,
  ssidName: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> => ({
  id,
  location_network_id: networkId,
  ssid_name: ssidName,
  ...Object.fromEntries(SCALAR_FIELDS.map((field) => [field, null])),
  associated_aps_and_tags: null,
  dhcp_mappings: null,
  dhcp_ranges: null,
  v_lan_attributes: null,
  ...fields,
});

const withoutKey = (record: Record<string, unknown>) => {
  const copy = { ...record };
  delete copy.wpa_key;
  return copy;
};

onBothDatabases('configuration drafts', (t) => {
  const { events } = eventFixtures(t);
  const gateway = gatewayFixtures(t);

  const draftPath = (networkId: number) => `/v1/location_networks/${networkId}/draft`;
  const put = (caller: Caller, networkId: number, ssids: unknown) =>
    t().http().put(draftPath(networkId)).set(caller.auth).send({ draft: { ssids } });
  const get = (caller: Caller, networkId: number, suffix = '') =>
    t()
      .http()
      .get(`${draftPath(networkId)}${suffix}`)
      .set(caller.auth);
  const publish = (caller: Caller, networkId: number, body: object = {}) =>
    t()
      .http()
      .post(`${draftPath(networkId)}/publish`)
      .set(caller.auth)
      .send(body);

  /** A network with three SSIDs: Staff (a WPA key, VLAN 10), Guests, Lobby. */
  const setup = async () => {
    const admin = await t().fixtures.admin();
    const net = await t().fixtures.network(admin.orgId);
    const ssid = (ssid_name: string, settings: Record<string, unknown>, extra: object = {}) =>
      t().fixtures.save(NetworkSsid, {
        organisation_id: admin.orgId,
        location_network_id: net.id,
        ssid_name,
        settings: settings as NetworkSsid['settings'],
        ...extra,
      });
    const staff = await ssid(
      'Staff',
      { wpa_key: 'staff-secret', security_mode: 'wpa2' },
      { v_lan_attributes: { v_lan_id: 10 } },
    );
    const guests = await ssid('Guests', { is_enabled: true });
    const lobby = await ssid('Lobby', { ssid_mode: '1' });
    return { admin, net, staff, guests, lobby };
  };

  const ssidsOf = async (networkId: number) =>
    (
      await t()
        .dataSource.getRepository(NetworkSsid)
        .find({ where: { location_network_id: networkId }, order: { id: 'ASC' } })
    ).map((s) => ({ id: s.id, ssid_name: s.ssid_name, settings: s.settings }));

  const configVersion = async (networkId: number) =>
    (await t().dataSource.getRepository(LocationNetwork).findOneByOrFail({ id: networkId }))
      .config_version;

  describe('writing and reading', () => {
    it('stores the draft and answers it, new SSIDs with id null, based on the version now', async () => {
      const { admin, net, staff } = await setup();
      const res = await put(admin, net.id, [
        { id: staff.id, ssid_name: 'Staff', wpa_key: 'new-staff-key', security_mode: 'wpa3' },
        { ssid_name: 'Cafe', is_hidden: 'true' },
      ]).expect(200);
      const draft = {
        network_id: net.id,
        base_version: 1,
        ssids: [
          ssidRecord(staff.id, net.id, 'Staff', {
            wpa_key: 'new-staff-key',
            security_mode: 'wpa3',
          }),
          ssidRecord(null, net.id, 'Cafe', { is_hidden: true }),
        ],
        created_by: { id: admin.userId, email: expect.any(String) as string },
        created_at: expect.any(String) as string,
        updated_at: expect.any(String) as string,
      };
      expect(res.body).toEqual({ data: { draft }, status: 200 });
      expect((await get(admin, net.id).expect(200)).body).toEqual({ data: { draft }, status: 200 });
    });

    it('replaces the whole draft on the next write, keeping its author and creation time', async () => {
      const { admin, net } = await setup();
      const first = await put(admin, net.id, [{ ssid_name: 'One' }]).expect(200);
      const other = await t().fixtures.admin(admin.orgId);
      const res = await put(other, net.id, [{ ssid_name: 'Two' }]).expect(200);
      expect(res.body.data.draft.ssids).toEqual([ssidRecord(null, net.id, 'Two')]);
      expect(res.body.data.draft.created_by).toEqual(first.body.data.draft.created_by);
      expect(res.body.data.draft.created_at).toBe(first.body.data.draft.created_at);
      expect(
        await t().dataSource.getRepository(NetworkDraft).countBy({ location_network_id: net.id }),
      ).toBe(1);
    });

    it('gives a read_only member the draft without WPA keys, and refuses its writes with 403 1029', async () => {
      const { admin, net } = await setup();
      await put(admin, net.id, [{ ssid_name: 'Cafe', wpa_key: 'cafe-secret' }]).expect(200);
      const member = await t().fixtures.member(admin.orgId);
      await t().fixtures.grant(admin.orgId, member.userId, net.id, 'read_only');
      const res = await get(member, net.id).expect(200);
      expect(res.body.data.draft.ssids).toEqual([
        withoutKey(ssidRecord(null, net.id, 'Cafe', { wpa_key: 'cafe-secret' })),
      ]);
      await get(member, net.id, '/diff').expect(200);
      expect((await put(member, net.id, []).expect(403)).body).toEqual(READ_ONLY);
      expect(
        (await t().http().delete(draftPath(net.id)).set(member.auth).expect(403)).body,
      ).toEqual(READ_ONLY);
      expect((await publish(member, net.id).expect(403)).body).toEqual(READ_ONLY);
      expect((await get(admin, net.id).expect(200)).body.data.draft.ssids).toHaveLength(1);
    });

    it('lets a member with a full grant write, read and publish', async () => {
      const { admin, net } = await setup();
      const member = await t().fixtures.member(admin.orgId);
      await t().fixtures.grant(admin.orgId, member.userId, net.id, 'full');
      await put(member, net.id, [{ ssid_name: 'Cafe', wpa_key: 'cafe-secret' }]).expect(200);
      const res = await get(member, net.id).expect(200);
      expect(res.body.data.draft.ssids[0].wpa_key).toBe('cafe-secret');
      await publish(member, net.id).expect(200);
    });

    it('answers 404 1001 for a network without a grant or of another organisation', async () => {
      const { admin, net } = await setup();
      await put(admin, net.id, []).expect(200);
      const member = await t().fixtures.member(admin.orgId);
      const stranger = await t().fixtures.admin();
      for (const caller of [member, stranger]) {
        expect((await get(caller, net.id).expect(404)).body).toEqual(NO_NETWORK);
        expect((await get(caller, net.id, '/diff').expect(404)).body).toEqual(NO_NETWORK);
        expect((await put(caller, net.id, []).expect(404)).body).toEqual(NO_NETWORK);
        expect(
          (await t().http().delete(draftPath(net.id)).set(caller.auth).expect(404)).body,
        ).toEqual(NO_NETWORK);
        expect((await publish(caller, net.id).expect(404)).body).toEqual(NO_NETWORK);
      }
      expect((await get(admin, net.id).expect(200)).body.data.draft.ssids).toEqual([]);
    });

    it('answers 404 1049 when the network has no draft', async () => {
      const { admin, net } = await setup();
      expect((await get(admin, net.id).expect(404)).body).toEqual(NO_DRAFT);
      expect((await get(admin, net.id, '/diff').expect(404)).body).toEqual(NO_DRAFT);
      expect((await t().http().delete(draftPath(net.id)).set(admin.auth).expect(404)).body).toEqual(
        NO_DRAFT,
      );
      expect((await publish(admin, net.id).expect(404)).body).toEqual(NO_DRAFT);
    });

    it('goes with its network when the network is deleted', async () => {
      const { admin, net } = await setup();
      await put(admin, net.id, [{ ssid_name: 'Cafe' }]).expect(200);
      await t().http().delete(`/v1/location_networks/${net.id}`).set(admin.auth).expect(200);
      expect(
        await t().dataSource.getRepository(NetworkDraft).countBy({ location_network_id: net.id }),
      ).toBe(0);
    });

    it('deletes the draft', async () => {
      const { admin, net } = await setup();
      await put(admin, net.id, []).expect(200);
      const res = await t().http().delete(draftPath(net.id)).set(admin.auth).expect(200);
      expect(res.body).toEqual({ data: { msg: 'Draft deleted' }, status: 200 });
      expect((await get(admin, net.id).expect(404)).body).toEqual(NO_DRAFT);
    });
  });

  describe('validation', () => {
    it('names each bad entry by its 0-based index as an SSID create would, and stores nothing', async () => {
      const { admin, net, staff, guests } = await setup();
      const other = await setup();
      const res = await put(admin, net.id, [
        { id: staff.id, ssid_name: 'Staff' },
        { ssid_name: '' },
        { ssid_name: 'Cafe', wpa_key: 'short', dhcp_ranges: [{ START: '10.0.0.9', END: 'x' }] },
        { ssid_name: 'Cafe', v_lan_attributes: { v_lan_id: 5000 } },
        { id: other.staff.id, ssid_name: 'Foreign' },
        { id: staff.id, ssid_name: 'Again' },
        { id: 'seven', ssid_name: 'Text' },
        'not an object',
        { id: guests.id, ssid_name: 'x'.repeat(33) },
      ]).expect(422);
      expect(res.body).toEqual(
        invalid([
          "ssids[1].ssid_name can't be blank",
          'ssids[2].dhcp_ranges.0.END must be an IPv4 address',
          'ssids[2].wpa_key must be 8 to 63 printable ASCII characters',
          'ssids[3].v_lan_attributes.v_lan_id must be between 1 and 4094',
          'ssids[3].ssid_name has already been taken in this draft',
          `ssids[4].id ${other.staff.id} is not an SSID of this network`,
          `ssids[5].id ${staff.id} is given more than once`,
          'ssids[6].id seven is not an SSID of this network',
          'ssids[7] must be an object',
          'ssids[8].ssid_name is too long (maximum is 32 characters)',
        ]),
      );
      expect((await get(admin, net.id).expect(404)).body).toEqual(NO_DRAFT);
    });

    it('refuses more than 64 entries, a list that is not one and a missing draft', async () => {
      const { admin, net } = await setup();
      const many = Array.from({ length: 65 }, (_, i) => ({ ssid_name: `ssid-${i}` }));
      expect((await put(admin, net.id, many).expect(422)).body).toEqual(
        invalid(['ssids must hold at most 64 entries']),
      );
      expect((await put(admin, net.id, { ssid_name: 'x' }).expect(422)).body).toEqual(
        invalid(['ssids must be an array']),
      );
      const missing = await t().http().put(draftPath(net.id)).set(admin.auth).send({}).expect(422);
      expect(missing.body).toEqual(invalid(['draft must be an object']));
      expect((await get(admin, net.id).expect(404)).body).toEqual(NO_DRAFT);
      await put(admin, net.id, many.slice(0, 64)).expect(200);
    });

    it('lets names move between SSIDs within a draft', async () => {
      const { admin, net, staff, guests } = await setup();
      await put(admin, net.id, [
        { id: staff.id, ssid_name: 'Guests' },
        { id: guests.id, ssid_name: 'Staff' },
      ]).expect(200);
      await publish(admin, net.id).expect(200);
      expect((await ssidsOf(net.id)).map((s) => [s.id, s.ssid_name])).toEqual([
        [staff.id, 'Guests'],
        [guests.id, 'Staff'],
      ]);
    });

    it('refuses bad publish settings naming each, changing nothing', async () => {
      const { admin, net } = await setup();
      await put(admin, net.id, []).expect(200);
      const res = await publish(admin, net.id, {
        publish: {
          stages: [50, 10],
          max_failure_percent: 101,
          watch_seconds: 86401,
          auto_revert: 'yes',
          stage_wait_seconds: -1,
        },
      }).expect(422);
      expect(res.body).toEqual(
        invalid([
          'publish.stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100',
          'publish.max_failure_percent must be a number from 0 to 100',
          'publish.watch_seconds must not be greater than 86400',
          'publish.auto_revert must be a boolean value',
          'publish.stage_wait_seconds must be a whole number of seconds from 0 to 604800',
        ]),
      );
      expect(await ssidsOf(net.id)).toHaveLength(3);
      await get(admin, net.id).expect(200);
    });
  });

  describe('diff', () => {
    it('lists what publishing would add, remove and change, WPA keys masked', async () => {
      const { admin, net, staff, guests, lobby } = await setup();
      await put(admin, net.id, [
        { ssid_name: 'Cafe', wpa_key: 'cafe-secret' },
        {
          id: staff.id,
          ssid_name: 'Staff',
          wpa_key: 'new-staff-key',
          security_mode: 'wpa3',
          v_lan_attributes: { v_lan_id: 20 },
        },
        { id: lobby.id, ssid_name: 'Lobby', ssid_mode: 1 },
      ]).expect(200);
      const res = await get(admin, net.id, '/diff').expect(200);
      expect(res.body).toEqual({
        data: {
          diff: {
            added: [ssidRecord(null, net.id, 'Cafe', { wpa_key: '********' })],
            removed: [{ id: guests.id, ssid_name: 'Guests' }],
            changed: [
              {
                id: staff.id,
                ssid_name: 'Staff',
                changes: {
                  security_mode: { from: 'wpa2', to: 'wpa3' },
                  wpa_key: { from: '********', to: '********' },
                  v_lan_attributes: { from: { v_lan_id: 10 }, to: { v_lan_id: 20 } },
                },
              },
            ],
          },
        },
        status: 200,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/secret|new-staff-key/);
    });

    it('compares with the network as it is now', async () => {
      const { admin, net, guests } = await setup();
      await put(admin, net.id, [{ ssid_name: 'Cafe' }]).expect(200);
      await t().http().delete(`/v1/network_ssids/${guests.id}`).set(admin.auth).expect(200);
      const res = await get(admin, net.id, '/diff').expect(200);
      expect(res.body.data.diff.removed.map((s: { ssid_name: string }) => s.ssid_name)).toEqual([
        'Staff',
        'Lobby',
      ]);
    });
  });

  describe('configuration version', () => {
    it('starts at 1 and grows with every SSID write and config_rollback, shown in the network record', async () => {
      const { admin, net, staff } = await setup();
      const show = async () =>
        (await t().http().get(`/v1/location_networks/${net.id}`).set(admin.auth).expect(200)).body
          .data.location_network.config_version as number;
      expect(await show()).toBe(1);
      const created = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: 'New' } })
        .expect(200);
      expect(await show()).toBe(2);
      await t()
        .http()
        .patch(`/v1/network_ssids/${staff.id}`)
        .set(admin.auth)
        .send({ network_ssid: { security_mode: 'wpa3' } })
        .expect(200);
      expect(await show()).toBe(3);
      await t()
        .http()
        .delete(`/v1/network_ssids/${created.body.data.id}`)
        .set(admin.auth)
        .expect(200);
      expect(await show()).toBe(4);
      const template = await t().fixtures.save(NetworkTemplate, {
        organisation_id: admin.orgId,
        name: `tpl-${net.id}`,
        configuration: { ssid_configuration: [] },
      });
      await t()
        .http()
        .post(`/v1/location_networks/${net.id}/config_rollback`)
        .set(admin.auth)
        .send({ network_template_id: template.id, configuration: { ssid_configuration: [] } })
        .expect(200);
      expect(await show()).toBe(5);
      // A refused write changes nothing.
      await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: '' } })
        .expect(422);
      expect(await show()).toBe(5);
    });

    it('answers 409 1050 to a publish after the network changed, changing nothing; a new write rebases it', async () => {
      const { admin, net, guests } = await setup();
      await put(admin, net.id, [{ ssid_name: 'Cafe' }]).expect(200);
      await t()
        .http()
        .patch(`/v1/network_ssids/${guests.id}`)
        .set(admin.auth)
        .send({ network_ssid: { is_hidden: true } })
        .expect(200);
      const before = await ssidsOf(net.id);
      expect((await publish(admin, net.id).expect(409)).body).toEqual(OUTDATED);
      expect(await ssidsOf(net.id)).toEqual(before);
      expect(await configVersion(net.id)).toBe(2);
      expect((await get(admin, net.id).expect(200)).body.data.draft.base_version).toBe(1);
      const rewritten = await put(admin, net.id, [{ ssid_name: 'Cafe' }]).expect(200);
      expect(rewritten.body.data.draft.base_version).toBe(2);
      await publish(admin, net.id).expect(200);
    });
  });

  describe('publishing at once', () => {
    it('makes the draft the network\u2019s SSIDs in one change: one new revision per device, one config.published', async () => {
      const { admin, net, staff, guests, lobby } = await setup();
      const device = await gateway.device(admin.orgId, { networkId: net.id });
      const revisionOf = async () =>
        (await t().http().get('/device/v1/config').set(device.auth).expect(200)).body
          .revision as string;
      const before = await revisionOf();
      await put(admin, net.id, [
        { id: staff.id, ssid_name: 'Staff', wpa_key: 'new-staff-key', security_mode: 'wpa3' },
        { id: lobby.id, ssid_name: 'Lobby', ssid_mode: '1' },
        { ssid_name: 'Cafe', wpa_key: 'cafe-secret' },
      ]).expect(200);
      const diff = (await get(admin, net.id, '/diff').expect(200)).body.data.diff;
      expect(await revisionOf()).toBe(before);
      const res = await publish(admin, net.id, { publish: { stages: [100] } }).expect(200);
      expect(res.body).toEqual({
        data: {
          network: expect.objectContaining({ id: net.id, config_version: 2 }) as object,
          config_rollout: null,
        },
        status: 200,
      });
      const after = await ssidsOf(net.id);
      expect(after.map((s) => s.ssid_name)).toEqual(['Staff', 'Lobby', 'Cafe']);
      expect(after[0]).toEqual({
        id: staff.id,
        ssid_name: 'Staff',
        settings: { wpa_key: 'new-staff-key', security_mode: 'wpa3' },
      });
      expect(after.map((s) => s.id)).not.toContain(guests.id);
      expect((await get(admin, net.id).expect(404)).body).toEqual(NO_DRAFT);
      const config = (await t().http().get('/device/v1/config').set(device.auth).expect(200))
        .body as { revision: string; ssids: { ssid_name: string }[] };
      expect(config.revision).not.toBe(before);
      expect(config.ssids.map((s) => s.ssid_name)).toEqual(['Staff', 'Lobby', 'Cafe']);

      const feed = await events(admin.auth, { network_id: net.id });
      const types = feed.map((e) => e.type).sort();
      expect(types).toEqual(['config.published', 'ssid.created', 'ssid.deleted', 'ssid.updated']);
      const published = feed.find((e) => e.type === 'config.published')!;
      expect(published.data).toEqual({ config_version: 2, diff });
      expect(published.actor).toEqual(expect.objectContaining({ type: 'user', id: admin.userId }));
      expect(published.network).toEqual({ id: net.id, network_name: net.network_name });
      expect(JSON.stringify(feed)).not.toMatch(/secret|new-staff-key/);
    });

    it('takes as many statements for 30 SSIDs and 20 devices as for two SSIDs and one device', async () => {
      const count = async (ssids: number, devices: number) => {
        const admin = await t().fixtures.admin();
        const net = await t().fixtures.network(admin.orgId);
        for (let i = 0; i < devices; i += 1) {
          await gateway.device(admin.orgId, { networkId: net.id });
        }
        const live = await Promise.all(
          Array.from({ length: ssids }, (_, i) =>
            t().fixtures.save(NetworkSsid, {
              organisation_id: admin.orgId,
              location_network_id: net.id,
              ssid_name: `live-${i}`,
              settings: {},
            }),
          ),
        );
        await put(
          admin,
          net.id,
          live.map((ssid, i) =>
            i % 2 === 0 ? { id: ssid.id, ssid_name: `changed-${i}` } : { ssid_name: `new-${i}` },
          ),
        ).expect(200);
        return (await t().statementsOf(() => publish(admin, net.id).expect(200))).length;
      };
      expect(await count(30, 20)).toBe(await count(2, 1));
    });

    it('publishes an empty draft: the network keeps no SSID', async () => {
      const { admin, net } = await setup();
      await put(admin, net.id, []).expect(200);
      await publish(admin, net.id).expect(200);
      expect(await ssidsOf(net.id)).toEqual([]);
      expect(await configVersion(net.id)).toBe(2);
    });
  });
});
