import { configDocument, configRevision } from '../../src/device-config/config-document';
import { Device } from '../../src/devices/device.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { NetworkTemplate } from '../../src/networks/network-template.entity';
import { TIME_ZONES } from '../../src/common/time-zones/time-zones';
import { NetworkAccessGrant } from '../../src/networks/network-access-grant.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { onBothDatabases, onDatabase } from '../harness/app';
import { Caller, unique } from '../harness/fixtures';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** The full record of a network with the defaults of a plain create. */
const record = (fields: Partial<Record<string, unknown>> & { id: number }) => ({
  network_name: expect.any(String),
  timezone: 'UTC',
  organisation_id: expect.any(Number),
  user_id: expect.any(Number),
  network_configuration: null,
  cloned_network_id: null,
  presence: null,
  presence_url: null,
  vendor_type: null,
  network_template: null,
  template_adherence: null,
  enable_policy: false,
  template_policy_attributes: null,
  tag_list: [],
  config_version: 1,
  created_at: ISO,
  updated_at: ISO,
  ...fields,
});

const saveFailed = (errors: string) => ({
  msg: 'Network could not be saved',
  error_code: 1004,
  errors,
});
const updateFailed = (errors: string) => ({
  msg: 'Network could not be updated',
  error_code: 1010,
  errors,
});
const NOT_FOUND = { msg: 'Network not found', error_code: 1001 };
const FORBIDDEN = { msg: 'Only an organisation admin may do this', error_code: 1029 };

onBothDatabases('location networks', (t) => {
  const post = (caller: Caller, location_network: Record<string, unknown>) =>
    t().http().post('/v1/location_networks').set(caller.auth).send({ location_network });

  afterEach(async () => {
    // Every write of these tests keeps the organisation's and networks' device counts true.
    expect(await t().fixtures.keptCountMismatches()).toEqual([]);
  });

  /** Creates a network directly and returns it. */
  const network = (caller: Caller, fields: Partial<LocationNetwork> = {}) =>
    t().fixtures.network(caller.orgId, { user_id: caller.userId, ...fields });

  const networksOf = (orgId: number) =>
    t()
      .dataSource.getRepository(LocationNetwork)
      .find({ where: { organisation_id: orgId } });
  const devicesOf = (orgId: number) =>
    t()
      .dataSource.getRepository(Device)
      .find({ where: { organisation_id: orgId } });

  describe('list_network_timezone', () => {
    it('answers the sorted IANA names including UTC', async () => {
      const admin = await t().fixtures.admin();
      const res = await t()
        .http()
        .get('/v1/location_networks/list_network_timezone')
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({ data: { timezone: [...TIME_ZONES] }, status: 200 });
      expect(TIME_ZONES).toEqual([...TIME_ZONES].sort());
      expect(TIME_ZONES).toEqual(expect.arrayContaining(['UTC', 'Europe/Paris']));
    });

    it('lists the current IANA names beside their old aliases, UTC among them', async () => {
      const admin = await t().fixtures.admin();
      const res = await t()
        .http()
        .get('/v1/location_networks/list_network_timezone')
        .set(admin.auth)
        .expect(200);
      const names: string[] = res.body.data.timezone;
      for (const name of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Europe/Kiev', 'UTC']) {
        expect(names).toContain(name);
      }
      expect(names).toEqual(expect.arrayContaining(Intl.supportedValuesOf('timeZone')));
      expect(names).not.toContain('IST');
    });

    it('answers 401 with 1028 without a token', async () => {
      const res = await t().http().get('/v1/location_networks/list_network_timezone').expect(401);
      expect(res.body).toEqual({
        msg: 'Missing, invalid, expired or revoked access token',
        error_code: 1028,
      });
    });
  });

  describe('create', () => {
    it('creates a plain network owned by the caller and its organisation', async () => {
      const admin = await t().fixtures.admin();
      const res = await post(admin, {
        network_name: 'Head office',
        timezone: 'Europe/Paris',
        tag_list: ['lobby'],
        network_configuration: 'plain',
      }).expect(200);
      const [stored] = await networksOf(admin.orgId);
      expect(res.body).toEqual({
        msg: 'Network created',
        data: record({
          id: stored.id,
          network_name: 'Head office',
          timezone: 'Europe/Paris',
          organisation_id: admin.orgId,
          user_id: admin.userId,
          network_configuration: 'plain',
          tag_list: ['lobby'],
        }),
        status: 200,
      });
      const key = await t()
        .dataSource.getRepository(LocationNetwork)
        .findOne({ where: { id: stored.id }, select: { id: true, network_name_key: true } });
      expect(key?.network_name_key).toBe('head office');
    });

    it('accepts current IANA names and their aliases, storing the name as sent', async () => {
      const admin = await t().fixtures.admin();
      for (const timezone of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Calcutta', 'Etc/UTC']) {
        const res = await post(admin, { network_name: timezone, timezone }).expect(200);
        const [stored] = await t()
          .dataSource.getRepository(LocationNetwork)
          .find({ where: { organisation_id: admin.orgId, network_name: timezone } });
        expect(res.body).toEqual({
          msg: 'Network created',
          data: record({
            id: stored.id,
            network_name: timezone,
            timezone,
            organisation_id: admin.orgId,
            user_id: admin.userId,
          }),
          status: 200,
        });
        expect(stored.timezone).toBe(timezone);
      }
    });

    it('answers 422 with 1004 for names that are no IANA names or are spelled otherwise', async () => {
      const admin = await t().fixtures.admin();
      for (const timezone of ['IST', 'asia/kolkata', 'Factory']) {
        const res = await post(admin, { network_name: 'x', timezone }).expect(422);
        expect(res.body).toEqual(saveFailed('timezone must be one of the listed time zones'));
      }
      expect(await networksOf(admin.orgId)).toEqual([]);
    });

    it('answers 422 with 1004 naming each missing field', async () => {
      const admin = await t().fixtures.admin();
      const res = await post(admin, {}).expect(422);
      expect(res.body).toEqual(saveFailed("network_name can't be blank, timezone can't be blank"));
      expect(await networksOf(admin.orgId)).toEqual([]);
    });

    it('answers 422 with 1004 for a name over 255 characters and an unknown timezone', async () => {
      const admin = await t().fixtures.admin();
      const res = await post(admin, { network_name: 'n'.repeat(256), timezone: 'Mars/Base' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        saveFailed(
          'network_name is too long (maximum is 255 characters), timezone must be one of the listed time zones',
        ),
      );
    });

    it('answers 422 with 1004 when the name is taken in the organisation, whatever its case', async () => {
      const admin = await t().fixtures.admin();
      await network(admin, { network_name: 'Office' });
      const res = await post(admin, { network_name: 'OFFICE', timezone: 'UTC' }).expect(422);
      expect(res.body).toEqual(saveFailed('network_name has already been taken'));
      expect(await networksOf(admin.orgId)).toHaveLength(1);
    });

    it('accepts a name that another organisation uses', async () => {
      const other = await t().fixtures.admin();
      await network(other, { network_name: 'Shared name' });
      const admin = await t().fixtures.admin();
      await post(admin, { network_name: 'Shared name', timezone: 'UTC' }).expect(200);
    });

    it('answers 422 with 1004 when location_network is missing or fields have the wrong type', async () => {
      const admin = await t().fixtures.admin();
      const missing = await t()
        .http()
        .post('/v1/location_networks')
        .set(admin.auth)
        .send({})
        .expect(422);
      expect(missing.body).toEqual(saveFailed('location_network must be an object'));
      const wrong = await post(admin, { network_name: 12, timezone: 'UTC' }).expect(422);
      expect(wrong.body).toEqual(saveFailed('location_network.network_name must be a string'));
    });

    it('answers 422 with 1002 when cloning without a source name or id', async () => {
      const admin = await t().fixtures.admin();
      const res = await post(admin, {
        network_name: 'Copy',
        timezone: 'UTC',
        network_configuration: 'clone',
      }).expect(422);
      expect(res.body).toEqual({
        msg: 'cloned_network_name or cloned_network_id is required to clone a network',
        error_code: 1002,
      });
      expect(await networksOf(admin.orgId)).toEqual([]);
    });

    it('answers 422 with 1003 when the clone source is missing or belongs to another organisation', async () => {
      const admin = await t().fixtures.admin();
      const foreign = await network(await t().fixtures.admin());
      for (const source of [
        { cloned_network_name: 'nothing' },
        { cloned_network_id: 999999 },
        { cloned_network_id: foreign.id },
        { cloned_network_name: foreign.network_name },
      ]) {
        const res = await post(admin, {
          network_name: 'Copy',
          timezone: 'UTC',
          network_configuration: 'clone',
          ...source,
        }).expect(422);
        expect(res.body).toEqual({ msg: 'Network to clone not found', error_code: 1003 });
      }
      expect(await networksOf(admin.orgId)).toEqual([]);
    });

    describe('clone', () => {
      const cloneSource = async (admin: Caller) => {
        const template = await t().fixtures.save(NetworkTemplate, {
          organisation_id: admin.orgId,
          name: unique('tpl-'),
          configuration: { ssid_configuration: [] },
        });
        const source = await network(admin, {
          presence: true,
          presence_url: 'https://presence.example.test',
          vendor_type: 'meraki',
          network_template: template.id,
          template_adherence: true,
          enable_policy: true,
          template_policy_attributes: {
            unlock_controls: { ssid_configuration: { unlock: ['x'] } },
          },
          tag_list: ['source-tag'],
        });
        await t().fixtures.save(NetworkSsid, {
          organisation_id: admin.orgId,
          location_network_id: source.id,
          ssid_name: 'Guests',
          settings: { ssid_mode: '1', wpa_key: 'secret-key-1' },
          dhcp_ranges: [{ START: '10.0.0.10', END: '10.0.0.99' }],
        });
        const [device] = await t().fixtures.masterDevices(1);
        await t().fixtures.save(Device, {
          organisation_id: admin.orgId,
          location_network_id: source.id,
          mac_id: device.mac_id,
          serial: device.serial,
        });
        return { source, template };
      };

      const clonedExpectation = (
        admin: Caller,
        id: number,
        source: LocationNetwork,
        templateId: number,
        extra: Record<string, unknown> = {},
      ) =>
        record({
          id,
          network_name: 'Copy',
          organisation_id: admin.orgId,
          user_id: admin.userId,
          network_configuration: 'clone',
          cloned_network_id: source.id,
          presence: true,
          presence_url: 'https://presence.example.test',
          vendor_type: 'meraki',
          network_template: templateId,
          template_adherence: true,
          enable_policy: true,
          template_policy_attributes: {
            unlock_controls: { ssid_configuration: { unlock: ['x'] } },
          },
          tag_list: ['source-tag'],
          ...extra,
        });

      it('clones by name: settings, tags and SSIDs, never devices', async () => {
        const admin = await t().fixtures.admin();
        const { source, template } = await cloneSource(admin);
        const res = await post(admin, {
          network_name: 'Copy',
          timezone: 'UTC',
          network_configuration: 'clone',
          cloned_network_name: source.network_name.toUpperCase(),
        }).expect(200);
        const id = (res.body as { data: { id: number } }).data.id;
        expect(res.body).toEqual({
          msg: 'Network created',
          data: clonedExpectation(admin, id, source, template.id),
          status: 200,
        });
        const ssids = await t()
          .dataSource.getRepository(NetworkSsid)
          .find({ where: { location_network_id: id } });
        expect(ssids).toEqual([
          expect.objectContaining({
            ssid_name: 'Guests',
            organisation_id: admin.orgId,
            settings: { ssid_mode: '1', wpa_key: 'secret-key-1' },
            dhcp_ranges: [{ START: '10.0.0.10', END: '10.0.0.99' }],
          }),
        ]);
        const devices = await t()
          .dataSource.getRepository(Device)
          .count({ where: { location_network_id: id } });
        expect(devices).toBe(0);
      });

      it('clones by id and keeps the tags the request gives', async () => {
        const admin = await t().fixtures.admin();
        const { source, template } = await cloneSource(admin);
        const res = await post(admin, {
          network_name: 'Copy',
          timezone: 'UTC',
          network_configuration: 'clone',
          cloned_network_id: String(source.id),
          tag_list: ['own'],
        }).expect(200);
        const id = (res.body as { data: { id: number } }).data.id;
        expect(res.body).toEqual({
          msg: 'Network created',
          data: clonedExpectation(admin, id, source, template.id, { tag_list: ['own'] }),
          status: 200,
        });
      });

      it('looks the source up by name when both name and id are given', async () => {
        const admin = await t().fixtures.admin();
        const { source, template } = await cloneSource(admin);
        const other = await network(admin);
        const res = await post(admin, {
          network_name: 'Copy',
          timezone: 'UTC',
          network_configuration: 'clone',
          cloned_network_name: source.network_name,
          cloned_network_id: other.id,
        }).expect(200);
        const id = (res.body as { data: { id: number } }).data.id;
        expect(res.body).toEqual({
          msg: 'Network created',
          data: clonedExpectation(admin, id, source, template.id),
          status: 200,
        });
      });
    });

    describe('with mac_id', () => {
      it('activates every MAC in the new network, named after it', async () => {
        const admin = await t().fixtures.admin();
        const part = await t().fixtures.hardwarePart({ wifi_uplink: true });
        const master = await t().fixtures.masterDevices(2, part);
        const macs = master.map((m) => m.mac_id);
        const res = await post(admin, {
          network_name: 'Store',
          timezone: 'UTC',
          mac_id: `${macs[0].toLowerCase()}, ${macs[1].replace(/:/g, '-')}`,
        }).expect(200);
        const id = (res.body as { data: { id: number } }).data.id;
        const devices = await t()
          .http()
          .get(`/v1/location_networks/${id}/get_network_devices`)
          .set(admin.auth)
          .expect(200);
        const stored = await devicesOf(admin.orgId);
        expect(devices.body).toEqual({
          data: {
            devices: master.map((m) => ({
              id: stored.find((d) => d.mac_id === m.mac_id)!.id,
              mac_id: m.mac_id,
              serial: m.serial,
              location_network_id: id,
              organisation_id: admin.orgId,
              name: 'Store',
              label: null,
              hardware_part: {
                id: part.id,
                part_number: part.part_number,
                wifi_uplink: true,
                usb: false,
              },
              uplinks: [],
              tag_list: [],
              pending_upgrade: null,
              config: {
                revision: configRevision(
                  configDocument({
                    device: { mac_id: m.mac_id, name: 'Store', label: null },
                    network: { id, network_name: 'Store', timezone: 'UTC' },
                    ssids: [],
                    uplinks: [],
                  }),
                ),
                applied_revision: null,
                in_sync: false,
                error: null,
              },
            })),
          },
          status: 200,
        });
      });

      it('answers 422 with 1006 naming invalid MACs and creates nothing', async () => {
        const admin = await t().fixtures.admin();
        const [known] = await t().fixtures.masterDevices(1);
        const unknown = t().fixtures.mac();
        const res = await post(admin, {
          network_name: 'Store',
          timezone: 'UTC',
          mac_id: `${known.mac_id},${unknown},zz`,
        }).expect(422);
        expect(res.body).toEqual({
          msg: `Invalid or already provisioned MAC identifiers: zz, ${unknown}`,
          error_code: 1006,
        });
        expect(await networksOf(admin.orgId)).toEqual([]);
        expect(await devicesOf(admin.orgId)).toEqual([]);
      });

      it('answers 422 with 1006 for a MAC already in the caller\u2019s own inventory', async () => {
        const admin = await t().fixtures.admin();
        const [known] = await t().fixtures.masterDevices(1);
        await t().fixtures.save(Device, {
          organisation_id: admin.orgId,
          mac_id: known.mac_id,
          serial: known.serial,
          location_network_id: null,
        });
        const res = await post(admin, {
          network_name: 'Store',
          timezone: 'UTC',
          mac_id: known.mac_id,
        }).expect(422);
        expect(res.body).toEqual({
          msg: `Invalid or already provisioned MAC identifiers: ${known.mac_id}`,
          error_code: 1006,
        });
        expect(await networksOf(admin.orgId)).toEqual([]);
      });

      it('answers 422 with 1005 when the organisation would pass its allowed device count', async () => {
        const org = await t().fixtures.organisation({ allowed_device_count: 1 });
        const admin = await t().fixtures.admin(org.id);
        const master = await t().fixtures.masterDevices(2);
        const res = await post(admin, {
          network_name: 'Store',
          timezone: 'UTC',
          mac_id: master.map((m) => m.mac_id).join(','),
        }).expect(422);
        expect(res.body).toEqual({
          msg: 'Device limit reached: the organisation may hold 1 devices',
          error_code: 1005,
        });
        expect(await networksOf(admin.orgId)).toEqual([]);
        expect(await devicesOf(admin.orgId)).toEqual([]);
      });

      it('answers the MAC errors before the clone and save errors (rule order)', async () => {
        const org = await t().fixtures.organisation({ allowed_device_count: 0 });
        const admin = await t().fixtures.admin(org.id);
        const [fresh] = await t().fixtures.masterDevices(1);
        const bad = t().fixtures.mac();
        const cases: [Record<string, unknown>, number][] = [
          [
            { network_configuration: 'clone', network_name: 'x', timezone: 'UTC', mac_id: bad },
            1006,
          ],
          [{ network_configuration: 'clone', cloned_network_id: 999999, mac_id: bad }, 1006],
          [{ network_name: '', timezone: 'Nowhere', mac_id: bad }, 1006],
          [{ network_configuration: 'clone', mac_id: fresh.mac_id }, 1005],
          [{ network_name: '', mac_id: fresh.mac_id }, 1005],
        ];
        for (const [fields, code] of cases) {
          const res = await post(admin, fields).expect(422);
          expect((res.body as { error_code: number }).error_code).toBe(code);
        }
        expect(await networksOf(admin.orgId)).toEqual([]);
        expect(await devicesOf(admin.orgId)).toEqual([]);
      });

      it('answers the clone error when the MACs are valid, activating nothing', async () => {
        const admin = await t().fixtures.admin();
        const [fresh] = await t().fixtures.masterDevices(1);
        const res = await post(admin, {
          network_name: 'Copy',
          timezone: 'UTC',
          network_configuration: 'clone',
          cloned_network_name: 'missing',
          mac_id: fresh.mac_id,
        }).expect(422);
        expect(res.body).toEqual({ msg: 'Network to clone not found', error_code: 1003 });
        const taken = await post(admin, {
          network_name: '',
          timezone: 'UTC',
          mac_id: fresh.mac_id,
        }).expect(422);
        expect(taken.body).toEqual(saveFailed("network_name can't be blank"));
        expect(await networksOf(admin.orgId)).toEqual([]);
        expect(await devicesOf(admin.orgId)).toEqual([]);
      });

      it('checks the MACs of a create that the field rules refuse without inserting a network', async () => {
        const admin = await t().fixtures.admin();
        const [fresh] = await t().fixtures.masterDevices(1);
        // The token's first use records last_used_at (one UPDATE); keep it out of the count.
        await t().http().get('/v1/tags').set(admin.auth).expect(200);
        const statements = await t().statementsOf(async () => {
          const res = await post(admin, {
            network_name: '',
            timezone: 'UTC',
            mac_id: fresh.mac_id,
          }).expect(422);
          expect(res.body).toEqual(saveFailed("network_name can't be blank"));
        });
        expect(statements.filter((sql) => /INSERT INTO "location_networks"/i.test(sql))).toEqual(
          [],
        );
        expect(await networksOf(admin.orgId)).toEqual([]);
      });

      it('activates 1 and 200 MACs with the same number of statements', async () => {
        const org = await t().fixtures.organisation({ allowed_device_count: 1000 });
        const admin = await t().fixtures.admin(org.id);
        const one = await t().fixtures.masterDevices(1);
        const many = await t().fixtures.masterDevices(200);
        // The token's first use records last_used_at (one UPDATE); keep it out of both counts.
        await t().http().get('/v1/tags').set(admin.auth).expect(200);
        const create = (name: string, macs: string[]) =>
          t().statementsOf(async () => {
            await post(admin, {
              network_name: name,
              timezone: 'UTC',
              mac_id: macs.join(','),
            }).expect(200);
          });
        const forOne = await create(
          'one',
          one.map((m) => m.mac_id),
        );
        const forMany = await create(
          'many',
          many.map((m) => m.mac_id),
        );
        expect(forMany.length).toBe(forOne.length);
        expect(await devicesOf(admin.orgId)).toHaveLength(201);
      });
    });

    it('answers 403 with 1029 to a member and creates nothing', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const res = await post(member, { network_name: 'x', timezone: 'UTC' }).expect(403);
      expect(res.body).toEqual(FORBIDDEN);
      expect(await networksOf(admin.orgId)).toEqual([]);
    });
  });

  describe('show and get_network_devices', () => {
    it('shows a network of the organisation', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin, { network_name: 'Shown', tag_list: ['a'] });
      const res = await t()
        .http()
        .get(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({
        data: {
          location_network: record({
            id: net.id,
            network_name: 'Shown',
            organisation_id: admin.orgId,
            user_id: admin.userId,
            tag_list: ['a'],
          }),
        },
        status: 200,
      });
    });

    it('answers 404 with 1001 for another organisation\u2019s network or an unknown id', async () => {
      const admin = await t().fixtures.admin();
      const foreign = await network(await t().fixtures.admin());
      for (const id of [foreign.id, 999999]) {
        for (const path of [
          `/v1/location_networks/${id}`,
          `/v1/location_networks/${id}/get_network_devices`,
        ]) {
          const res = await t().http().get(path).set(admin.auth).expect(404);
          expect(res.body).toEqual(NOT_FOUND);
        }
      }
    });

    it('answers 422 with 1030 for an id that is not an integer', async () => {
      const admin = await t().fixtures.admin();
      const res = await t().http().get('/v1/location_networks/abc').set(admin.auth).expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'id must be an integer number',
      });
    });

    it('lists no devices for an empty network', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin);
      const res = await t()
        .http()
        .get(`/v1/location_networks/${net.id}/get_network_devices`)
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({ data: { devices: [] }, status: 200 });
    });
  });

  describe('list_networks', () => {
    const list = (caller: Caller, query: Record<string, string | number | undefined>) =>
      t().http().get('/v1/location_networks/list_networks').query(query).set(caller.auth);

    it('looks a network up by name (case-insensitive), by id, and by name before id', async () => {
      const admin = await t().fixtures.admin();
      const a = await network(admin, { network_name: 'Alpha' });
      const b = await network(admin, { network_name: 'Beta' });
      const byName = await list(admin, { network_name: 'alpha' }).expect(200);
      expect(byName.body).toEqual({
        data: record({ id: a.id, network_name: 'Alpha', organisation_id: admin.orgId }),
        status: 200,
      });
      const byId = await list(admin, { network_id: b.id }).expect(200);
      expect(byId.body).toEqual({
        data: record({ id: b.id, network_name: 'Beta', organisation_id: admin.orgId }),
        status: 200,
      });
      const both = await list(admin, { network_name: 'Alpha', network_id: b.id }).expect(200);
      expect((both.body as { data: { id: number } }).data.id).toBe(a.id);
    });

    it('answers 404 with 1001 for an unknown or foreign name or id', async () => {
      const admin = await t().fixtures.admin();
      const foreign = await network(await t().fixtures.admin());
      for (const query of [
        { network_name: 'nothing' },
        { network_id: 999999 },
        { network_name: foreign.network_name },
        { network_id: foreign.id },
      ]) {
        const res = await list(admin, query).expect(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });

    it('pages the organisation\u2019s networks by id with the meta arithmetic', async () => {
      const admin = await t().fixtures.admin();
      await network(await t().fixtures.admin());
      const nets: LocationNetwork[] = [];
      for (let i = 0; i < 5; i++) {
        nets.push(await network(admin, { network_name: `n${i}` }));
      }
      const ids = (body: unknown) =>
        (body as { data: { networks: { id: number }[] } }).data.networks.map((n) => n.id);
      const meta = (body: unknown) => (body as { data: { meta: unknown } }).data.meta;

      const first = await list(admin, { per_page: 2 }).expect(200);
      expect(first.body).toEqual({
        data: {
          networks: nets
            .slice(0, 2)
            .map((n) =>
              record({ id: n.id, network_name: n.network_name, organisation_id: admin.orgId }),
            ),
          meta: { current: 1, previous: null, next: 2, per_page: 2, pages: 3, count: 5 },
        },
        status: 200,
      });
      const middle = await list(admin, { page: 2, per_page: 2 }).expect(200);
      expect(ids(middle.body)).toEqual([nets[2].id, nets[3].id]);
      expect(meta(middle.body)).toEqual({
        current: 2,
        previous: 1,
        next: 3,
        per_page: 2,
        pages: 3,
        count: 5,
      });
      const last = await list(admin, { page: 3, per_page: 2 }).expect(200);
      expect(ids(last.body)).toEqual([nets[4].id]);
      expect(meta(last.body)).toEqual({
        current: 3,
        previous: 2,
        next: null,
        per_page: 2,
        pages: 3,
        count: 5,
      });
      const past = await list(admin, { page: 4, per_page: 2 }).expect(200);
      expect(ids(past.body)).toEqual([]);
      expect(meta(past.body)).toEqual({
        current: 4,
        previous: 3,
        next: null,
        per_page: 2,
        pages: 3,
        count: 5,
      });
      const clamped = await list(admin, { per_page: 5000 }).expect(200);
      expect(ids(clamped.body)).toEqual(nets.map((n) => n.id));
      expect(meta(clamped.body)).toEqual({
        current: 1,
        previous: null,
        next: null,
        per_page: 1000,
        pages: 1,
        count: 5,
      });
      const defaults = await list(admin, {}).expect(200);
      expect(meta(defaults.body)).toEqual({
        current: 1,
        previous: null,
        next: null,
        per_page: 100,
        pages: 1,
        count: 5,
      });
    });

    it('answers an empty page with count 0', async () => {
      const admin = await t().fixtures.admin();
      const res = await list(admin, {}).expect(200);
      expect(res.body).toEqual({
        data: {
          networks: [],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 0, count: 0 },
        },
        status: 200,
      });
    });

    it('answers 422 with 1030 for a page or per_page that is not a positive integer', async () => {
      const admin = await t().fixtures.admin();
      const zero = await list(admin, { page: 0 }).expect(422);
      expect(zero.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'page must not be less than 1',
      });
      for (const query of [
        { page: 'abc' },
        { per_page: -1 },
        { per_page: 1.5 },
        { network_id: 'x' },
      ]) {
        const res = await list(admin, query).expect(422);
        expect(res.body).toEqual({
          msg: 'Invalid parameters',
          error_code: 1030,
          errors: expect.any(String),
        });
      }
    });
  });

  describe('members', () => {
    const grant = (member: Caller, networkId: number, level: 'full' | 'read_only') =>
      t().fixtures.save(NetworkAccessGrant, {
        organisation_id: member.orgId,
        user_id: member.userId,
        location_network_id: networkId,
        level,
      });

    it('see only the networks granted to them', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const granted = await network(admin);
      const hidden = await network(admin);
      await grant(member, granted.id, 'read_only');
      const page = await t()
        .http()
        .get('/v1/location_networks/list_networks')
        .set(member.auth)
        .expect(200);
      expect(page.body).toEqual({
        data: {
          networks: [
            record({
              id: granted.id,
              network_name: granted.network_name,
              organisation_id: admin.orgId,
            }),
          ],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
        },
        status: 200,
      });
      await t().http().get(`/v1/location_networks/${granted.id}`).set(member.auth).expect(200);
      for (const path of [
        `/v1/location_networks/${hidden.id}`,
        `/v1/location_networks/${hidden.id}/get_network_devices`,
        `/v1/location_networks/list_networks?network_id=${hidden.id}`,
        `/v1/location_networks/list_networks?network_name=${hidden.network_name}`,
      ]) {
        const res = await t().http().get(path).set(member.auth).expect(404);
        expect(res.body).toEqual(NOT_FOUND);
      }
    });

    it('answer 403 with 1029 on update, destroy and rollback, even with full access', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(admin);
      await grant(member, net.id, 'full');
      const calls = [
        t()
          .http()
          .put(`/v1/location_networks/${net.id}`)
          .send({ location_network: { network_name: 'x' } }),
        t()
          .http()
          .patch(`/v1/location_networks/${net.id}`)
          .send({ location_network: { network_name: 'x' } }),
        t().http().delete(`/v1/location_networks/${net.id}`),
        t()
          .http()
          .post(`/v1/location_networks/${net.id}/config_rollback`)
          .send({ network_template_id: 1, configuration: { ssid_configuration: [] } }),
      ];
      for (const call of calls) {
        const res = await call.set(member.auth).expect(403);
        expect(res.body).toEqual(FORBIDDEN);
      }
      expect((await networksOf(admin.orgId))[0].network_name).toBe(net.network_name);
    });
  });

  describe('update', () => {
    it('applies the update fields with PUT and PATCH', async () => {
      const admin = await t().fixtures.admin();
      const template = await t().fixtures.save(NetworkTemplate, {
        organisation_id: admin.orgId,
        name: unique('tpl-'),
        configuration: {},
      });
      const net = await network(admin, { network_name: 'Before' });
      const fields = {
        network_name: 'After',
        timezone: 'Europe/Paris',
        presence: true,
        presence_url: 'https://p.example.test',
        vendor_type: 'cisco',
        network_template: template.id,
        template_adherence: false,
        enable_policy: false,
        tag_list: ['x', 'y'],
        template_policy_attributes: {
          unlock_controls: { ssid_configuration: { unlock: ['wpa_key'] } },
        },
      };
      const res = await t()
        .http()
        .put(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .send({ location_network: fields })
        .expect(200);
      expect(res.body).toEqual({
        msg: 'Network updated',
        data: record({
          id: net.id,
          organisation_id: admin.orgId,
          user_id: admin.userId,
          ...fields,
        }),
        status: 200,
      });
      const patched = await t()
        .http()
        .patch(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .send({ location_network: { vendor_type: 'aruba', network_template: null } })
        .expect(200);
      expect(patched.body).toEqual({
        msg: 'Network updated',
        data: record({
          id: net.id,
          organisation_id: admin.orgId,
          user_id: admin.userId,
          ...fields,
          vendor_type: 'aruba',
          network_template: null,
        }),
        status: 200,
      });
      const key = await t()
        .dataSource.getRepository(LocationNetwork)
        .findOne({ where: { id: net.id }, select: { id: true, network_name_key: true } });
      expect(key?.network_name_key).toBe('after');
    });

    it('applies only network_name and template_policy_attributes when the template policy is on', async () => {
      const admin = await t().fixtures.admin();
      const template = await t().fixtures.save(NetworkTemplate, {
        organisation_id: admin.orgId,
        name: unique('tpl-'),
        configuration: {},
      });
      const net = await network(admin, { network_template: template.id, enable_policy: true });
      const res = await t()
        .http()
        .patch(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .send({
          location_network: {
            network_name: 'Renamed',
            timezone: 'Europe/Paris',
            enable_policy: false,
            vendor_type: 'ignored',
            template_policy_attributes: { unlock_controls: { ssid_configuration: { unlock: [] } } },
          },
        })
        .expect(200);
      expect(res.body).toEqual({
        msg: 'Network updated',
        data: record({
          id: net.id,
          network_name: 'Renamed',
          organisation_id: admin.orgId,
          network_template: template.id,
          enable_policy: true,
          template_policy_attributes: { unlock_controls: { ssid_configuration: { unlock: [] } } },
        }),
        status: 200,
      });
    });

    it('moves a network to a current IANA name, stored as sent', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin, { network_name: 'Kyiv office', timezone: 'Europe/Kiev' });
      const res = await t()
        .http()
        .patch(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .send({ location_network: { timezone: 'Europe/Kyiv' } })
        .expect(200);
      expect(res.body).toEqual({
        msg: 'Network updated',
        data: record({
          id: net.id,
          network_name: 'Kyiv office',
          timezone: 'Europe/Kyiv',
          organisation_id: admin.orgId,
          user_id: admin.userId,
        }),
        status: 200,
      });
      const stored = await t()
        .dataSource.getRepository(LocationNetwork)
        .findOneByOrFail({ id: net.id });
      expect(stored.timezone).toBe('Europe/Kyiv');
    });

    it('answers 422 with 1010 for a taken name, a bad timezone or a foreign template', async () => {
      const admin = await t().fixtures.admin();
      const foreignTemplate = await t().fixtures.save(NetworkTemplate, {
        organisation_id: (await t().fixtures.organisation()).id,
        name: unique('tpl-'),
        configuration: {},
      });
      await network(admin, { network_name: 'Taken' });
      const net = await network(admin, { network_name: 'Mine' });
      const put = (fields: Record<string, unknown>) =>
        t()
          .http()
          .put(`/v1/location_networks/${net.id}`)
          .set(admin.auth)
          .send({ location_network: fields })
          .expect(422);
      expect((await put({ network_name: 'taken' })).body).toEqual(
        updateFailed('network_name has already been taken'),
      );
      expect((await put({ timezone: 'Mars/Base' })).body).toEqual(
        updateFailed('location_network.timezone must be one of the listed time zones'),
      );
      expect((await put({ network_template: foreignTemplate.id })).body).toEqual(
        updateFailed('network_template must be a network template of the organisation'),
      );
      expect((await put({ network_name: '' })).body).toEqual(
        updateFailed('location_network.network_name should not be empty'),
      );
      // Renaming to its own name in another case is allowed.
      await t()
        .http()
        .put(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .send({ location_network: { network_name: 'MINE' } })
        .expect(200);
    });

    it('answers 404 with 1001 for another organisation\u2019s network and leaves it unchanged', async () => {
      const admin = await t().fixtures.admin();
      const owner = await t().fixtures.admin();
      const foreign = await network(owner, { network_name: 'Theirs' });
      const res = await t()
        .http()
        .put(`/v1/location_networks/${foreign.id}`)
        .set(admin.auth)
        .send({ location_network: { network_name: 'Stolen' } })
        .expect(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect((await networksOf(owner.orgId))[0].network_name).toBe('Theirs');
    });
  });

  describe('destroy', () => {
    it('deletes a network without devices, with its SSIDs and grants', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(admin, { network_name: 'Gone', timezone: 'Europe/Paris' });
      await t().fixtures.save(NetworkSsid, {
        organisation_id: admin.orgId,
        location_network_id: net.id,
        ssid_name: 'S',
        settings: {},
      });
      await t().fixtures.save(NetworkAccessGrant, {
        organisation_id: admin.orgId,
        user_id: member.userId,
        location_network_id: net.id,
        level: 'full',
      });
      const res = await t()
        .http()
        .delete(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({
        msg: 'Network deleted',
        data: { id: net.id, network_name: 'Gone', timezone: 'Europe/Paris' },
        status: 200,
      });
      expect(await networksOf(admin.orgId)).toEqual([]);
      expect(
        await t()
          .dataSource.getRepository(NetworkSsid)
          .count({ where: { location_network_id: net.id } }),
      ).toBe(0);
    });

    it('answers 422 with 1008 and the network when it has devices', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin, { network_name: 'Busy' });
      const [master] = await t().fixtures.masterDevices(1);
      await t().fixtures.save(Device, {
        organisation_id: admin.orgId,
        location_network_id: net.id,
        mac_id: master.mac_id,
        serial: master.serial,
      });
      const res = await t()
        .http()
        .delete(`/v1/location_networks/${net.id}`)
        .set(admin.auth)
        .expect(422);
      expect(res.body).toEqual({
        msg: 'Network has devices and cannot be deleted',
        error_code: 1008,
        data: record({ id: net.id, network_name: 'Busy', organisation_id: admin.orgId }),
      });
      expect(await networksOf(admin.orgId)).toHaveLength(1);
    });

    it('answers 422 with 1007 when the database refuses the delete (a device arrived after the check)', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin);
      const [master] = await t().fixtures.masterDevices(1);
      await t().fixtures.save(Device, {
        organisation_id: admin.orgId,
        location_network_id: net.id,
        mac_id: master.mac_id,
        serial: master.serial,
      });
      const { DevicesRepository } = await import('../../src/devices/devices.repository');
      const spy = jest
        .spyOn(t().app.get(DevicesRepository), 'countMatching')
        .mockResolvedValueOnce(0);
      try {
        const res = await t()
          .http()
          .delete(`/v1/location_networks/${net.id}`)
          .set(admin.auth)
          .expect(422);
        expect(res.body).toEqual({ msg: 'Network could not be deleted', error_code: 1007 });
      } finally {
        spy.mockRestore();
      }
      expect(await networksOf(admin.orgId)).toHaveLength(1);
    });

    it('answers 404 with 1001 for another organisation\u2019s network and keeps it', async () => {
      const admin = await t().fixtures.admin();
      const owner = await t().fixtures.admin();
      const foreign = await network(owner);
      const res = await t()
        .http()
        .delete(`/v1/location_networks/${foreign.id}`)
        .set(admin.auth)
        .expect(404);
      expect(res.body).toEqual(NOT_FOUND);
      expect(await networksOf(owner.orgId)).toHaveLength(1);
    });
  });

  describe('config_rollback', () => {
    const setup = async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin);
      const template = await t().fixtures.save(NetworkTemplate, {
        organisation_id: admin.orgId,
        name: unique('tpl-'),
        configuration: { ssid_configuration: [] },
      });
      const kept = await t().fixtures.save(NetworkSsid, {
        organisation_id: admin.orgId,
        location_network_id: net.id,
        ssid_name: 'Kept',
        settings: { ssid_mode: '1' },
      });
      const dropped = await t().fixtures.save(NetworkSsid, {
        organisation_id: admin.orgId,
        location_network_id: net.id,
        ssid_name: 'Dropped',
        settings: {},
      });
      return { admin, net, template, kept, dropped };
    };
    const rollback = (caller: Caller, networkId: number, body: Record<string, unknown>) =>
      t()
        .http()
        .post(`/v1/location_networks/${networkId}/config_rollback`)
        .set(caller.auth)
        .send(body);
    const ssidNames = async (networkId: number) =>
      (
        await t()
          .dataSource.getRepository(NetworkSsid)
          .find({ where: { location_network_id: networkId }, order: { ssid_name: 'ASC' } })
      ).map((s) => s.ssid_name);

    it('makes the given SSIDs the network\u2019s complete list and follows the template', async () => {
      const { admin, net, template, kept } = await setup();
      const res = await rollback(admin, net.id, {
        network_template_id: template.id,
        configuration: {
          ssid_configuration: [{ id: kept.id, ssid_name: 'Renamed' }, { ssid_name: 'New' }],
        },
      }).expect(200);
      expect(res.body).toEqual({ message: 'Network configuration rolled back' });
      expect(await ssidNames(net.id)).toEqual(['New', 'Renamed']);
      const stored = await t().dataSource.getRepository(LocationNetwork).findOneBy({ id: net.id });
      expect(stored?.network_template).toBe(template.id);
    });

    it('answers 404 {message} for a foreign network, an unknown template or a foreign SSID id, changing nothing', async () => {
      const { admin, net, template } = await setup();
      const other = await setup();
      const foreignNet = await network(await t().fixtures.admin());
      const cases: [number, Record<string, unknown>, string][] = [
        [
          foreignNet.id,
          { network_template_id: template.id, configuration: { ssid_configuration: [] } },
          'Network not found',
        ],
        [
          999999,
          { network_template_id: template.id, configuration: { ssid_configuration: [] } },
          'Network not found',
        ],
        [
          net.id,
          { network_template_id: other.template.id, configuration: { ssid_configuration: [] } },
          'Network template not found',
        ],
        [
          net.id,
          {
            network_template_id: template.id,
            configuration: { ssid_configuration: [{ id: other.kept.id, ssid_name: 'X' }] },
          },
          `SSID ${other.kept.id} not found in this network`,
        ],
      ];
      for (const [id, body, message] of cases) {
        const res = await rollback(admin, id, body).expect(404);
        expect(res.body).toEqual({ message });
      }
      expect(await ssidNames(net.id)).toEqual(['Dropped', 'Kept']);
      expect(await ssidNames(other.net.id)).toEqual(['Dropped', 'Kept']);
    });

    it('changes nothing when an SSID entry is invalid', async () => {
      const { admin, net, template } = await setup();
      const res = await rollback(admin, net.id, {
        network_template_id: template.id,
        configuration: { ssid_configuration: [{ ssid_name: 'Fine' }, { ssid_name: '' }] },
      }).expect(422);
      expect(res.body).toEqual({ message: expect.stringContaining("ssid_name can't be blank") });
      expect(await ssidNames(net.id)).toEqual(['Dropped', 'Kept']);
      const stored = await t().dataSource.getRepository(LocationNetwork).findOneBy({ id: net.id });
      expect(stored?.network_template).toBeNull();
    });
  });
});

onDatabase('postgres', 'location networks under concurrency', (t) => {
  const post = (caller: Caller, location_network: Record<string, unknown>) =>
    t().http().post('/v1/location_networks').set(caller.auth).send({ location_network });

  it('never passes the allowed device count: 10 parallel creates with 1 MAC each, 4 allowed', async () => {
    const org = await t().fixtures.organisation({ allowed_device_count: 4 });
    const admin = await t().fixtures.admin(org.id);
    const master = await t().fixtures.masterDevices(10);
    const results = await Promise.all(
      master.map((m, i) =>
        post(admin, { network_name: `p${i}`, timezone: 'UTC', mac_id: m.mac_id }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    for (const res of results.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        msg: 'Device limit reached: the organisation may hold 4 devices',
        error_code: 1005,
      });
    }
    expect(
      await t()
        .dataSource.getRepository(Device)
        .count({ where: { organisation_id: org.id } }),
    ).toBe(4);
    expect(
      await t()
        .dataSource.getRepository(LocationNetwork)
        .count({ where: { organisation_id: org.id } }),
    ).toBe(4);
  });

  it('leaves exactly one network when two creates with the same name race', async () => {
    const admin = await t().fixtures.admin();
    const results = await Promise.all([
      post(admin, { network_name: 'Race', timezone: 'UTC' }),
      post(admin, { network_name: 'race', timezone: 'UTC' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const refused = results.find((r) => r.status === 422)!;
    expect(refused.body).toEqual(saveFailed('network_name has already been taken'));
    expect(
      await t()
        .dataSource.getRepository(LocationNetwork)
        .count({ where: { organisation_id: admin.orgId } }),
    ).toBe(1);
  });
});
