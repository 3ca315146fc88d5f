import { Caller, unique } from '../harness/fixtures';
import { onBothDatabases, onDatabase, TestApp } from '../harness/app';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { AccessLevel, NetworkAccessGrant } from '../../src/networks/network-access-grant.entity';
import { SCALAR_FIELDS } from '../../src/network-ssids/network-ssid.fields';
import { NetworkSsidsRepository } from '../../src/network-ssids/network-ssids.repository';
import { NetworkSsidsService } from '../../src/network-ssids/network-ssids.service';

/** A network of the organisation, named `name` (fresh when not given). */
function network(t: TestApp, orgId: number, name?: string): Promise<LocationNetwork> {
  return t.fixtures.network(orgId, { network_name: name });
}

function grant(
  t: TestApp,
  caller: Caller,
  networkId: number,
  level: AccessLevel,
): Promise<NetworkAccessGrant> {
  return t.fixtures.grant(caller.orgId, caller.userId, networkId, level);
}

/** Creates an SSID through the API and returns its id. */
async function createSsid(
  t: TestApp,
  caller: Caller,
  networkId: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const res = await t
    .http()
    .post('/v1/network_ssids')
    .set(caller.auth)
    .send({ network_id: networkId, network_ssid: { ssid_name: unique('s'), ...fields } })
    .expect(200);
  return (res.body as { data: { id: number } }).data.id;
}

/** The returned SSID record with every field not in `fields` null. */
function ssidRecord(
  id: number,
  networkId: number,
  ssidName: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    location_network_id: networkId,
    ssid_name: ssidName,
    ...Object.fromEntries(SCALAR_FIELDS.map((field) => [field, null])),
    associated_aps_and_tags: null,
    dhcp_mappings: null,
    dhcp_ranges: null,
    v_lan_attributes: null,
    ...fields,
  };
}

/** The record a read_only member receives: the same without wpa_key. */
function withoutWpaKey(record: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...record };
  delete copy.wpa_key;
  return copy;
}

/** Every field of an SSID as a client may send it (numbers, string booleans, MAC forms). */
const FULL_INPUT = {
  is_enabled: true,
  ssid_mode: 1,
  nat: 'true',
  wna: false,
  is_hidden: '0',
  is_isolate: 1,
  security_mode: 'wpa2',
  wpa_key: 'correct horse',
  wpa_algorithm: 'aes',
  psk_type: 2,
  auth_radius_id: 11,
  acc_radius_enabled: true,
  acc_radius_id: '12',
  acl_mac: false,
  mac_filter_policy: 'deny',
  acl_mac_list: 'AA:BB:CC:DD:EE:01,AA:BB:CC:DD:EE:02',
  captive_portal: true,
  splash_url: 'https://portal.example/splash',
  wallgarden: true,
  walled_garden_range: 'example.com,example.org',
  overwrite_success_url: true,
  success_url: 'https://example.com/ok',
  dhcp_range_start: '10.0.0.100',
  dhcp_range_end: '10.0.0.200',
  dhcp_relay_server: 2,
  dhcp_lease_time: 3600,
  ip_address: '10.0.0.1',
  subnet_mask: '255.255.255.0',
  per_user_qos: false,
  enable_ssid_qos: true,
  ssid_qos: '5000',
  radio_band: 'both',
  wds_enabled: false,
  max_association: 64,
  dns_mode: 'manual',
  dns_primary: '8.8.8.8',
  dns_secondary: '1.1.1.1',
  default_idle_timeout: 300,
  default_interim_time: '600',
  uplink_priority: 'wan1',
  associated_aps_and_tags: [{ type: 'tag', name: 'lobby' }, 'AA:BB:CC:DD:EE:FF'],
  dhcp_mappings: [
    { IPADDR: '10.0.0.5', MAC: 'aa-bb-cc-dd-ee-01' },
    { IPADDR: '10.0.0.6', MAC: 'aabbccddee02' },
  ],
  dhcp_ranges: [
    { START: '10.0.0.100', END: '10.0.0.150' },
    { START: '10.0.0.160', END: '10.0.0.160' },
  ],
  v_lan_attributes: { name: 'corp', enable_dhcp_on_v_lan: true, v_lan_id: '20', id: 'vl-1' },
};

/** FULL_INPUT as stored and returned. */
const FULL_OUTPUT = {
  is_enabled: true,
  ssid_mode: '1',
  nat: true,
  wna: false,
  is_hidden: false,
  is_isolate: true,
  security_mode: 'wpa2',
  wpa_key: 'correct horse',
  wpa_algorithm: 'aes',
  psk_type: '2',
  auth_radius_id: '11',
  acc_radius_enabled: true,
  acc_radius_id: '12',
  acl_mac: false,
  mac_filter_policy: 'deny',
  acl_mac_list: 'AA:BB:CC:DD:EE:01,AA:BB:CC:DD:EE:02',
  captive_portal: true,
  splash_url: 'https://portal.example/splash',
  wallgarden: true,
  walled_garden_range: 'example.com,example.org',
  overwrite_success_url: true,
  success_url: 'https://example.com/ok',
  dhcp_range_start: '10.0.0.100',
  dhcp_range_end: '10.0.0.200',
  dhcp_relay_server: '2',
  dhcp_lease_time: '3600',
  ip_address: '10.0.0.1',
  subnet_mask: '255.255.255.0',
  per_user_qos: false,
  enable_ssid_qos: true,
  ssid_qos: '5000',
  radio_band: 'both',
  wds_enabled: false,
  max_association: '64',
  dns_mode: 'manual',
  dns_primary: '8.8.8.8',
  dns_secondary: '1.1.1.1',
  default_idle_timeout: '300',
  default_interim_time: '600',
  uplink_priority: 'wan1',
  associated_aps_and_tags: [{ type: 'tag', name: 'lobby' }, 'AA:BB:CC:DD:EE:FF'],
  dhcp_mappings: [
    { IPADDR: '10.0.0.5', MAC: 'AA:BB:CC:DD:EE:01' },
    { IPADDR: '10.0.0.6', MAC: 'AA:BB:CC:DD:EE:02' },
  ],
  dhcp_ranges: [
    { START: '10.0.0.100', END: '10.0.0.150' },
    { START: '10.0.0.160', END: '10.0.0.160' },
  ],
  v_lan_attributes: { name: 'corp', enable_dhcp_on_v_lan: true, v_lan_id: 20, id: 'vl-1' },
};

const UNAUTHENTICATED = {
  msg: 'Missing, invalid, expired or revoked access token',
  error_code: 1028,
};
const NETWORK_NOT_FOUND = { msg: 'Network not found', error_code: 1001 };
const SSID_NOT_FOUND = { msg: 'SSID not found', error_code: 1021 };
const READ_ONLY = { msg: 'Your access to this network is read-only', error_code: 1029 };
const createFailed = (errors: string) => ({
  msg: 'SSID create failed',
  error_code: 1024,
  errors,
});
const updateFailed = (errors: string) => ({
  msg: 'SSID update failed',
  error_code: 1022,
  errors,
});

onBothDatabases('network SSIDs', (t) => {
  describe('create and show', () => {
    it('creates an SSID and answers {msg, data: {id, ssid_name}} without status', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const res = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: String(net.id), network_ssid: { ssid_name: 'Guests' } })
        .expect(200);
      const id = (res.body as { data: { id: number } }).data.id;
      expect(res.body).toEqual({ msg: 'SSID created', data: { id, ssid_name: 'Guests' } });
      const shown = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(shown.body).toEqual({
        data: { network_ssid: ssidRecord(id, net.id, 'Guests') },
        status: 200,
      });
    });

    it('stores and returns every scalar and structured field faithfully', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'Corp', ...FULL_INPUT });
      const res = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({
        data: { network_ssid: ssidRecord(id, net.id, 'Corp', FULL_OUTPUT) },
        status: 200,
      });
    });

    it('answers 404 1001 when the network does not exist or belongs to another organisation', async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreign = await network(t(), other.orgId);
      for (const networkId of [foreign.id, 999999]) {
        const res = await t()
          .http()
          .post('/v1/network_ssids')
          .set(admin.auth)
          .send({ network_id: networkId, network_ssid: { ssid_name: 'x' } })
          .expect(404);
        expect(res.body).toEqual(NETWORK_NOT_FOUND);
      }
      expect(
        await t().dataSource.query(
          'SELECT id FROM network_ssids WHERE location_network_id = ' + foreign.id,
        ),
      ).toEqual([]);
    });

    it('answers 422 1024 listing every problem, and creates nothing', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const res = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({
          network_id: net.id,
          network_ssid: { wpa_key: 'short', ip_address: '300.1.1.1', is_enabled: 'maybe' },
        })
        .expect(422);
      expect(res.body).toEqual(
        createFailed(
          "ssid_name can't be blank, is_enabled must be a boolean, wpa_key must be 8 to 63 printable ASCII characters, ip_address must be an IPv4 address",
        ),
      );
      const list = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(admin.auth)
        .expect(200);
      expect(list.body).toEqual({ data: { network_ssids: [] }, status: 200 });
    });

    it('answers 422 1024 when network_id or network_ssid is missing or malformed', async () => {
      const admin = await t().fixtures.admin();
      const res = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: 'abc', network_ssid: 'Guests' })
        .expect(422);
      expect(res.body).toEqual(
        createFailed('network_id must be an integer number, network_ssid must be an object'),
      );
    });

    it('answers 422 1024 when the name is already taken in the network, but allows it in another network', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const otherNet = await network(t(), admin.orgId);
      await createSsid(t(), admin, net.id, { ssid_name: 'Same' });
      const res = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: 'Same' } })
        .expect(422);
      expect(res.body).toEqual(createFailed('ssid_name has already been taken in this network'));
      await createSsid(t(), admin, otherNet.id, { ssid_name: 'Same' });
    });

    it("answers 404 1021 for an unknown SSID and for another organisation's SSID", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreignId = await createSsid(t(), other, (await network(t(), other.orgId)).id);
      for (const id of [foreignId, 999999]) {
        const res = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(404);
        expect(res.body).toEqual(SSID_NOT_FOUND);
      }
    });

    it('answers 401 1028 on every route without a valid token', async () => {
      const requests = [
        t().http().get('/v1/list_network_ssids'),
        t().http().get('/v1/network_ssids'),
        t().http().get('/v1/network_ssids/1'),
        t().http().post('/v1/network_ssids').send({}),
        t().http().put('/v1/network_ssids/1').send({}),
        t().http().patch('/v1/network_ssids/1').send({}),
        t().http().put('/v1/update_network_ssid').send({}),
        t().http().delete('/v1/network_ssids/1').set({ Authorization: 'Bearer nope' }),
      ];
      for (const request of requests) {
        const res = await request.expect(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
    });
  });

  describe('list', () => {
    it('lists the SSIDs of a network by id, by name (case-insensitive), name taking precedence', async () => {
      const admin = await t().fixtures.admin();
      const a = await network(t(), admin.orgId, unique('Alpha-'));
      const b = await network(t(), admin.orgId);
      const a1 = await createSsid(t(), admin, a.id, { ssid_name: 'a1' });
      const a2 = await createSsid(t(), admin, a.id, { ssid_name: 'a2', ssid_mode: 1 });
      const b1 = await createSsid(t(), admin, b.id, { ssid_name: 'b1' });
      const aList = {
        data: {
          network_ssids: [
            ssidRecord(a1, a.id, 'a1'),
            ssidRecord(a2, a.id, 'a2', { ssid_mode: '1' }),
          ],
        },
        status: 200,
      };
      for (const path of ['/v1/list_network_ssids', '/v1/network_ssids']) {
        const byId = await t()
          .http()
          .get(path)
          .query({ network_id: a.id })
          .set(admin.auth)
          .expect(200);
        expect(byId.body).toEqual(aList);
        const byName = await t()
          .http()
          .get(path)
          .query({ network_name: a.network_name.toUpperCase(), network_id: b.id })
          .set(admin.auth)
          .expect(200);
        expect(byName.body).toEqual(aList);
        const bOnly = await t()
          .http()
          .get(path)
          .query({ network_id: b.id })
          .set(admin.auth)
          .expect(200);
        expect(bOnly.body).toEqual({
          data: { network_ssids: [ssidRecord(b1, b.id, 'b1')] },
          status: 200,
        });
      }
    });

    it("answers 404 1001 for an unknown network name or id and for another organisation's network", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreign = await network(t(), other.orgId);
      await createSsid(t(), other, foreign.id);
      const queries = [
        { network_name: 'no such network' },
        { network_name: foreign.network_name },
        { network_id: foreign.id },
        { network_id: 999999 },
        { network_name: 'no such network', network_id: foreign.id },
      ];
      for (const query of queries) {
        for (const path of ['/v1/list_network_ssids', '/v1/network_ssids']) {
          const res = await t().http().get(path).query(query).set(admin.auth).expect(404);
          expect(res.body).toEqual(NETWORK_NOT_FOUND);
        }
      }
    });

    it("lists every SSID of the organisation once without a selector, never another organisation's", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      await createSsid(t(), other, (await network(t(), other.orgId)).id);
      const a = await network(t(), admin.orgId);
      const b = await network(t(), admin.orgId);
      const a1 = await createSsid(t(), admin, a.id, { ssid_name: 'Same' });
      const b1 = await createSsid(t(), admin, b.id, { ssid_name: 'Same' });
      const expected = {
        data: { network_ssids: [ssidRecord(a1, a.id, 'Same'), ssidRecord(b1, b.id, 'Same')] },
        status: 200,
      };
      for (const path of ['/v1/list_network_ssids', '/v1/network_ssids']) {
        const res = await t().http().get(path).set(admin.auth).expect(200);
        expect(res.body).toEqual(expected);
      }
    });

    it('answers 422 1030 for a network_id that is not an integer', async () => {
      const admin = await t().fixtures.admin();
      const res = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: 'abc' })
        .set(admin.auth)
        .expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'network_id must be an integer number',
      });
    });
  });

  describe('update', () => {
    it('merges the given fields with PUT and PATCH and answers {msg, data: {id, ssid_name}}', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'Old', ...FULL_INPUT });
      const put = await t()
        .http()
        .put(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({ network_ssid: { ssid_name: 'New', wpa_key: null, max_association: '10' } })
        .expect(200);
      expect(put.body).toEqual({ msg: 'SSID updated', data: { id, ssid_name: 'New' } });
      const patch = await t()
        .http()
        .patch(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({ network_ssid: { dhcp_ranges: [], v_lan_attributes: null, is_enabled: false } })
        .expect(200);
      expect(patch.body).toEqual({ msg: 'SSID updated', data: { id, ssid_name: 'New' } });
      const res = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({
        data: {
          network_ssid: ssidRecord(id, net.id, 'New', {
            ...FULL_OUTPUT,
            wpa_key: null,
            max_association: '10',
            dhcp_ranges: [],
            v_lan_attributes: null,
            is_enabled: false,
          }),
        },
        status: 200,
      });
    });

    it('answers 422 1022 with every problem and saves nothing', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      await createSsid(t(), admin, net.id, { ssid_name: 'Taken' });
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'Mine' });
      const res = await t()
        .http()
        .patch(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({ network_ssid: { ssid_name: 'Taken', v_lan_attributes: { v_lan_id: 4095 } } })
        .expect(422);
      expect(res.body).toEqual(
        updateFailed(
          'v_lan_attributes.v_lan_id must be between 1 and 4094, ssid_name has already been taken in this network',
        ),
      );
      const shown = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(shown.body).toEqual({
        data: { network_ssid: ssidRecord(id, net.id, 'Mine') },
        status: 200,
      });
    });

    it('answers 422 1022 when network_ssid is not an object', async () => {
      const admin = await t().fixtures.admin();
      const id = await createSsid(t(), admin, (await network(t(), admin.orgId)).id);
      const res = await t()
        .http()
        .put(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({})
        .expect(422);
      expect(res.body).toEqual(updateFailed('network_ssid must be an object'));
    });

    it("answers 404 1021 for an unknown SSID and for another organisation's SSID, changing nothing", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreignNet = await network(t(), other.orgId);
      const foreignId = await createSsid(t(), other, foreignNet.id, { ssid_name: 'Theirs' });
      for (const id of [foreignId, 999999]) {
        for (const method of ['put', 'patch'] as const) {
          const res = await t()
            .http()
            [method](`/v1/network_ssids/${id}`)
            .set(admin.auth)
            .send({ network_ssid: { ssid_name: 'Hijacked' } })
            .expect(404);
          expect(res.body).toEqual(SSID_NOT_FOUND);
        }
        const res = await t()
          .http()
          .put('/v1/update_network_ssid')
          .set(admin.auth)
          .send({ id, network_ssid: { ssid_mode: 1, dhcp_relay_server: 2 } })
          .expect(404);
        expect(res.body).toEqual(SSID_NOT_FOUND);
      }
      const shown = await t()
        .http()
        .get(`/v1/network_ssids/${foreignId}`)
        .set(other.auth)
        .expect(200);
      expect(shown.body).toEqual({
        data: { network_ssid: ssidRecord(foreignId, foreignNet.id, 'Theirs') },
        status: 200,
      });
    });
  });

  describe('update_network_ssid', () => {
    it('applies the update when the merged SSID is in router mode with DHCP enabled', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'R', ssid_mode: '1' });
      const res = await t()
        .http()
        .put('/v1/update_network_ssid')
        .set(admin.auth)
        .send({
          id,
          network_ssid: {
            dhcp_relay_server: 2,
            ip_address: '192.168.5.1',
            subnet_mask: '255.255.255.0',
            dhcp_ranges: [{ START: '192.168.5.10', END: '192.168.5.99' }],
            dhcp_mappings: [{ IPADDR: '192.168.5.7', MAC: 'AA-BB-CC-00-11-22' }],
          },
        })
        .expect(200);
      expect(res.body).toEqual({ msg: 'SSID updated', data: { id, ssid_name: 'R' } });
      const byInnerId = await t()
        .http()
        .put('/v1/update_network_ssid')
        .set(admin.auth)
        .send({ network_ssid: { id: String(id), ssid_name: 'R2' } })
        .expect(200);
      expect(byInnerId.body).toEqual({ msg: 'SSID updated', data: { id, ssid_name: 'R2' } });
      const shown = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(shown.body).toEqual({
        data: {
          network_ssid: ssidRecord(id, net.id, 'R2', {
            ssid_mode: '1',
            dhcp_relay_server: '2',
            ip_address: '192.168.5.1',
            subnet_mask: '255.255.255.0',
            dhcp_ranges: [{ START: '192.168.5.10', END: '192.168.5.99' }],
            dhcp_mappings: [{ IPADDR: '192.168.5.7', MAC: 'AA:BB:CC:00:11:22' }],
          }),
        },
        status: 200,
      });
    });

    it('answers 422 1023 and saves nothing when router mode or the DHCP server does not hold', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const id = await createSsid(t(), admin, net.id, {
        ssid_name: 'R',
        ssid_mode: '1',
        dhcp_relay_server: '2',
      });
      const attempts = [
        { ssid_mode: '0', ssid_name: 'Changed' },
        { dhcp_relay_server: 1, ip_address: '10.1.1.1' },
        { ssid_mode: null },
      ];
      for (const networkSsid of attempts) {
        const res = await t()
          .http()
          .put('/v1/update_network_ssid')
          .set(admin.auth)
          .send({ id, network_ssid: networkSsid })
          .expect(422);
        expect(res.body).toEqual({
          msg: 'SSID update needs router mode (ssid_mode 1) and an enabled DHCP server (dhcp_relay_server 2)',
          error_code: 1023,
        });
      }
      const shown = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(shown.body).toEqual({
        data: {
          network_ssid: ssidRecord(id, net.id, 'R', { ssid_mode: '1', dhcp_relay_server: '2' }),
        },
        status: 200,
      });
    });

    it('answers 422 1022 when no id is given or a field is invalid', async () => {
      const admin = await t().fixtures.admin();
      const id = await createSsid(t(), admin, (await network(t(), admin.orgId)).id, {
        ssid_mode: 1,
        dhcp_relay_server: 2,
      });
      const noId = await t()
        .http()
        .put('/v1/update_network_ssid')
        .set(admin.auth)
        .send({ network_ssid: { ssid_mode: 1 } })
        .expect(422);
      expect(noId.body).toEqual(updateFailed('id must be given as a positive integer'));
      const invalid = await t()
        .http()
        .put('/v1/update_network_ssid')
        .set(admin.auth)
        .send({ id, network_ssid: { subnet_mask: '255.255.255' } })
        .expect(422);
      expect(invalid.body).toEqual(updateFailed('subnet_mask must be an IPv4 address'));
    });
  });

  describe('destroy', () => {
    it('deletes the SSID and answers {msg, data: {id, ssid_name}}', async () => {
      const admin = await t().fixtures.admin();
      const id = await createSsid(t(), admin, (await network(t(), admin.orgId)).id, {
        ssid_name: 'Gone',
      });
      const res = await t().http().delete(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ msg: 'SSID deleted', data: { id, ssid_name: 'Gone' } });
      const again = await t().http().delete(`/v1/network_ssids/${id}`).set(admin.auth).expect(404);
      expect(again.body).toEqual(SSID_NOT_FOUND);
    });

    it("answers 404 1021 for another organisation's SSID and keeps it", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreignId = await createSsid(t(), other, (await network(t(), other.orgId)).id);
      const res = await t()
        .http()
        .delete(`/v1/network_ssids/${foreignId}`)
        .set(admin.auth)
        .expect(404);
      expect(res.body).toEqual(SSID_NOT_FOUND);
      await t().http().get(`/v1/network_ssids/${foreignId}`).set(other.auth).expect(200);
    });

    it('answers 422 1025 when the SSID cannot be deleted (removed concurrently)', async () => {
      const admin = await t().fixtures.admin();
      const id = await createSsid(t(), admin, (await network(t(), admin.orgId)).id);
      const repository = t().app.get(NetworkSsidsRepository);
      const spy = jest.spyOn(repository, 'deleteById').mockResolvedValueOnce(0);
      try {
        const res = await t().http().delete(`/v1/network_ssids/${id}`).set(admin.auth).expect(422);
        expect(res.body).toEqual({ msg: 'SSID destroy failed', error_code: 1025 });
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('network access policy', () => {
    it('lets a member with full access read and write SSIDs of the granted network', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(t(), admin.orgId);
      await grant(t(), member, net.id, 'full');
      const id = await createSsid(t(), member, net.id, { ssid_name: 'M' });
      await t()
        .http()
        .put(`/v1/network_ssids/${id}`)
        .set(member.auth)
        .send({ network_ssid: { ssid_name: 'M2', ssid_mode: 1, dhcp_relay_server: 2 } })
        .expect(200);
      await t()
        .http()
        .put('/v1/update_network_ssid')
        .set(member.auth)
        .send({ id, network_ssid: { ssid_name: 'M3' } })
        .expect(200);
      const shown = await t().http().get(`/v1/network_ssids/${id}`).set(member.auth).expect(200);
      expect(shown.body).toEqual({
        data: {
          network_ssid: ssidRecord(id, net.id, 'M3', { ssid_mode: '1', dhcp_relay_server: '2' }),
        },
        status: 200,
      });
      const res = await t().http().delete(`/v1/network_ssids/${id}`).set(member.auth).expect(200);
      expect(res.body).toEqual({ msg: 'SSID deleted', data: { id, ssid_name: 'M3' } });
    });

    it('lets a read_only member read but answers 403 1029 to every write, changing nothing', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(t(), admin.orgId);
      await grant(t(), member, net.id, 'read_only');
      const id = await createSsid(t(), admin, net.id, {
        ssid_name: 'RO',
        ssid_mode: 1,
        dhcp_relay_server: 2,
        wpa_key: 'read-only-secret',
      });
      const record = ssidRecord(id, net.id, 'RO', {
        ssid_mode: '1',
        dhcp_relay_server: '2',
        wpa_key: 'read-only-secret',
      });
      // A read_only member never receives wpa_key.
      const readOnlyRecord = withoutWpaKey(record);
      const shown = await t().http().get(`/v1/network_ssids/${id}`).set(member.auth).expect(200);
      expect(shown.body).toEqual({ data: { network_ssid: readOnlyRecord }, status: 200 });
      const listed = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(member.auth)
        .expect(200);
      expect(listed.body).toEqual({ data: { network_ssids: [readOnlyRecord] }, status: 200 });
      const writes = [
        t()
          .http()
          .post('/v1/network_ssids')
          .send({ network_id: net.id, network_ssid: { ssid_name: 'X' } }),
        t()
          .http()
          .put(`/v1/network_ssids/${id}`)
          .send({ network_ssid: { ssid_name: 'X' } }),
        t()
          .http()
          .patch(`/v1/network_ssids/${id}`)
          .send({ network_ssid: { ssid_name: 'X' } }),
        t()
          .http()
          .put('/v1/update_network_ssid')
          .send({ id, network_ssid: { ssid_name: 'X' } }),
        t().http().delete(`/v1/network_ssids/${id}`),
      ];
      for (const write of writes) {
        const res = await write.set(member.auth).expect(403);
        expect(res.body).toEqual(READ_ONLY);
      }
      const after = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(admin.auth)
        .expect(200);
      expect(after.body).toEqual({ data: { network_ssids: [record] }, status: 200 });
    });

    it('answers a member without a grant as if the network and its SSIDs did not exist', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(t(), admin.orgId);
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'Hidden' });
      const listById = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(member.auth)
        .expect(404);
      expect(listById.body).toEqual(NETWORK_NOT_FOUND);
      const listByName = await t()
        .http()
        .get('/v1/list_network_ssids')
        .query({ network_name: net.network_name })
        .set(member.auth)
        .expect(404);
      expect(listByName.body).toEqual(NETWORK_NOT_FOUND);
      const create = await t()
        .http()
        .post('/v1/network_ssids')
        .set(member.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: 'X' } })
        .expect(404);
      expect(create.body).toEqual(NETWORK_NOT_FOUND);
      const ssidRequests = [
        t().http().get(`/v1/network_ssids/${id}`),
        t()
          .http()
          .put(`/v1/network_ssids/${id}`)
          .send({ network_ssid: { ssid_name: 'X' } }),
        t()
          .http()
          .patch(`/v1/network_ssids/${id}`)
          .send({ network_ssid: { ssid_name: 'X' } }),
        t()
          .http()
          .put('/v1/update_network_ssid')
          .send({ id, network_ssid: { ssid_name: 'X' } }),
        t().http().delete(`/v1/network_ssids/${id}`),
      ];
      for (const request of ssidRequests) {
        const res = await request.set(member.auth).expect(404);
        expect(res.body).toEqual(SSID_NOT_FOUND);
      }
      const all = await t().http().get('/v1/network_ssids').set(member.auth).expect(200);
      expect(all.body).toEqual({ data: { network_ssids: [] }, status: 200 });
    });

    it('lists for a member only the SSIDs of granted networks', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const granted = await network(t(), admin.orgId);
      const readOnly = await network(t(), admin.orgId);
      const hidden = await network(t(), admin.orgId);
      await grant(t(), member, granted.id, 'full');
      await grant(t(), member, readOnly.id, 'read_only');
      const g = await createSsid(t(), admin, granted.id, { ssid_name: 'g', wpa_key: 'full-key-1' });
      const r = await createSsid(t(), admin, readOnly.id, { ssid_name: 'r', wpa_key: 'ro-key-12' });
      await createSsid(t(), admin, hidden.id, { ssid_name: 'h' });
      const readOnlyRecord = withoutWpaKey(ssidRecord(r, readOnly.id, 'r'));
      const res = await t().http().get('/v1/list_network_ssids').set(member.auth).expect(200);
      expect(res.body).toEqual({
        data: {
          network_ssids: [
            ssidRecord(g, granted.id, 'g', { wpa_key: 'full-key-1' }),
            readOnlyRecord,
          ],
        },
        status: 200,
      });
    });
  });

  describe('validation rules', () => {
    // One case per rule; every case of every rule: src/network-ssids/network-ssid.validation.spec.ts
    const cases: [string, Record<string, unknown>, string][] = [
      ['a blank ssid_name', { ssid_name: '' }, "ssid_name can't be blank"],
      [
        'a 33-character ssid_name',
        { ssid_name: 'x'.repeat(33) },
        'ssid_name is too long (maximum is 32 characters)',
      ],
      [
        'a 7-character wpa_key',
        { wpa_key: 'a'.repeat(7) },
        'wpa_key must be 8 to 63 printable ASCII characters',
      ],
      ['a bad ip_address', { ip_address: '10.0.0' }, 'ip_address must be an IPv4 address'],
      [
        'dhcp_range_start after dhcp_range_end',
        { dhcp_range_start: '10.0.0.9', dhcp_range_end: '10.0.0.8' },
        'dhcp_range_start must not be after dhcp_range_end',
      ],
      [
        'a bad dhcp_mappings IPADDR and MAC',
        { dhcp_mappings: [{ IPADDR: '10.0.0.256', MAC: 'AA:BB:CC:DD:EE' }] },
        'dhcp_mappings.0.IPADDR must be an IPv4 address, dhcp_mappings.0.MAC must be a MAC address',
      ],
      ['dhcp_mappings not an array', { dhcp_mappings: {} }, 'dhcp_mappings must be an array'],
      [
        'a dhcp_ranges START after END',
        { dhcp_ranges: [{ START: '10.0.1.0', END: '10.0.0.255' }] },
        'dhcp_ranges.0.START must not be after END',
      ],
      [
        'v_lan_id 0',
        { v_lan_attributes: { v_lan_id: 0 } },
        'v_lan_attributes.v_lan_id must be between 1 and 4094',
      ],
      [
        'v_lan_attributes not an object',
        { v_lan_attributes: [1] },
        'v_lan_attributes must be an object',
      ],
      [
        'a negative max_association',
        { max_association: -1 },
        'max_association must be a non-negative integer',
      ],
      ['a non-boolean is_hidden', { is_hidden: 'yes' }, 'is_hidden must be a boolean'],
      [
        'an object for ssid_mode',
        { ssid_mode: { a: 1 } },
        'ssid_mode must be a string or a number',
      ],
    ];

    it.each(cases)('refuses %s on create with 422 1024', async (_name, fields, errors) => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const res = await t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: net.id, network_ssid: { ssid_name: 'ok', ...fields } })
        .expect(422);
      expect(res.body).toEqual(createFailed(errors));
    });

    it.each(cases)('refuses %s on update with 422 1022', async (_name, fields, errors) => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'ok' });
      const res = await t()
        .http()
        .patch(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({ network_ssid: fields })
        .expect(422);
      expect(res.body).toEqual(updateFailed(errors));
    });

    it('accepts the boundary values', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const name = 'x'.repeat(32);
      const id = await createSsid(t(), admin, net.id, {
        ssid_name: name,
        wpa_key: '~'.repeat(63),
        v_lan_attributes: { v_lan_id: 4094 },
        max_association: 0,
        dhcp_range_start: '10.0.0.5',
        dhcp_range_end: '10.0.0.5',
      });
      await t()
        .http()
        .patch(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({ network_ssid: { wpa_key: ' '.repeat(8), v_lan_attributes: { v_lan_id: 1 } } })
        .expect(200);
      const res = await t().http().get(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({
        data: {
          network_ssid: ssidRecord(id, net.id, name, {
            wpa_key: ' '.repeat(8),
            v_lan_attributes: { v_lan_id: 1 },
            max_association: '0',
            dhcp_range_start: '10.0.0.5',
            dhcp_range_end: '10.0.0.5',
          }),
        },
        status: 200,
      });
    });

    it('validates the merged values on update (a new end before the stored start)', async () => {
      const admin = await t().fixtures.admin();
      const id = await createSsid(t(), admin, (await network(t(), admin.orgId)).id, {
        dhcp_range_start: '10.0.0.50',
      });
      const res = await t()
        .http()
        .put(`/v1/network_ssids/${id}`)
        .set(admin.auth)
        .send({ network_ssid: { dhcp_range_end: '10.0.0.10' } })
        .expect(422);
      expect(res.body).toEqual(updateFailed('dhcp_range_start must not be after dhcp_range_end'));
    });
  });

  describe('service steps for network clone and config_rollback', () => {
    it('copySsids copies every SSID with all fields in one statement', async () => {
      const admin = await t().fixtures.admin();
      const from = await network(t(), admin.orgId);
      const to = await network(t(), admin.orgId);
      await createSsid(t(), admin, from.id, { ssid_name: 'One', ...FULL_INPUT });
      await createSsid(t(), admin, from.id, { ssid_name: 'Two' });
      const service = t().app.get(NetworkSsidsService);
      const statements = await t().statementsOf(() =>
        service.copySsids(admin.orgId, from.id, to.id),
      );
      expect(statements.filter((s) => /INSERT/i.test(s))).toHaveLength(1);
      const res = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: to.id })
        .set(admin.auth)
        .expect(200);
      const copied = (res.body as { data: { network_ssids: { id: number }[] } }).data.network_ssids;
      expect(res.body).toEqual({
        data: {
          network_ssids: [
            ssidRecord(copied[0].id, to.id, 'One', FULL_OUTPUT),
            ssidRecord(copied[1].id, to.id, 'Two'),
          ],
        },
        status: 200,
      });
    });

    it("copySsids copies nothing from another organisation's network", async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreign = await network(t(), other.orgId);
      await createSsid(t(), other, foreign.id);
      const to = await network(t(), admin.orgId);
      await t().app.get(NetworkSsidsService).copySsids(admin.orgId, foreign.id, to.id);
      const res = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: to.id })
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({ data: { network_ssids: [] }, status: 200 });
    });

    it('replaceNetworkSsids updates listed ids, creates new entries, deletes the rest, with names moving freely', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const keep = await createSsid(t(), admin, net.id, { ssid_name: 'A', wpa_key: 'password1' });
      const rename = await createSsid(t(), admin, net.id, { ssid_name: 'B' });
      await createSsid(t(), admin, net.id, { ssid_name: 'C' });
      const service = t().app.get(NetworkSsidsService);
      const statements = await t().statementsOf(() =>
        service.replaceNetworkSsids(admin.orgId, net.id, [
          { id: keep, ssid_name: 'B', ssid_mode: 1 },
          { id: String(rename), ssid_name: 'A' },
          { ssid_name: 'C', ...FULL_INPUT },
        ]),
      );
      // Eight, and the stored revisions of the network's devices: their lock and their read.
      expect(statements.length).toBeLessThanOrEqual(10);
      const res = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(admin.auth)
        .expect(200);
      const list = (res.body as { data: { network_ssids: { id: number }[] } }).data.network_ssids;
      expect(res.body).toEqual({
        data: {
          network_ssids: [
            ssidRecord(keep, net.id, 'B', { wpa_key: 'password1', ssid_mode: '1' }),
            ssidRecord(rename, net.id, 'A'),
            ssidRecord(list[2].id, net.id, 'C', FULL_OUTPUT),
          ],
        },
        status: 200,
      });
    });

    it('replaceNetworkSsids throws 404 {message} for an id outside the network and 422 for invalid entries, changing nothing', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      const elsewhere = await createSsid(t(), admin, (await network(t(), admin.orgId)).id);
      const id = await createSsid(t(), admin, net.id, { ssid_name: 'Keep' });
      const service = t().app.get(NetworkSsidsService);
      await expect(
        service.replaceNetworkSsids(admin.orgId, net.id, [{ id: elsewhere, ssid_name: 'x' }]),
      ).rejects.toMatchObject({
        httpStatus: 404,
        message: `SSID ${elsewhere} not found in this network`,
      });
      await expect(
        service.replaceNetworkSsids(admin.orgId, net.id, [
          { ssid_name: 'Dup' },
          { ssid_name: 'Dup', wpa_key: 'short' },
          {},
        ]),
      ).rejects.toMatchObject({
        httpStatus: 422,
        message:
          "ssid_configuration.1: wpa_key must be 8 to 63 printable ASCII characters, ssid_configuration.2: ssid_name can't be blank, ssid_name Dup is given more than once",
      });
      const res = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({
        data: { network_ssids: [ssidRecord(id, net.id, 'Keep')] },
        status: 200,
      });
    });

    it('replaceNetworkSsids issues the same number of statements for 2 or 8 entries', async () => {
      const admin = await t().fixtures.admin();
      const service = t().app.get(NetworkSsidsService);
      const countFor = async (size: number) => {
        const net = await network(t(), admin.orgId);
        const ids = await Promise.all(
          Array.from({ length: size + 1 }, (_, i) =>
            createSsid(t(), admin, net.id, { ssid_name: `old${i}` }),
          ),
        );
        const entries = Array.from({ length: size }, (_, i) =>
          i % 2 === 0 ? { id: ids[i], ssid_name: `kept${i}` } : { ssid_name: `new${i}` },
        );
        return (
          await t().statementsOf(() => service.replaceNetworkSsids(admin.orgId, net.id, entries))
        ).length;
      };
      expect(await countFor(8)).toBe(await countFor(2));
    });

    it('replaceNetworkSsids with an empty list deletes every SSID of the network', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(t(), admin.orgId);
      await createSsid(t(), admin, net.id);
      await t().app.get(NetworkSsidsService).replaceNetworkSsids(admin.orgId, net.id, []);
      const res = await t()
        .http()
        .get('/v1/network_ssids')
        .query({ network_id: net.id })
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({ data: { network_ssids: [] }, status: 200 });
      await createSsid(t(), admin, net.id);
    });
  });
});

onDatabase('postgres', 'network SSID names under concurrency', (t) => {
  it('lets exactly one of many concurrent creates with the same name succeed; the others answer 422 1024', async () => {
    const admin = await t().fixtures.admin();
    const net = await network(t(), admin.orgId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t()
          .http()
          .post('/v1/network_ssids')
          .set(admin.auth)
          .send({ network_id: net.id, network_ssid: { ssid_name: 'Race' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual(createFailed('ssid_name has already been taken in this network'));
    }
  });

  it('lets only one of concurrent renames to the same name succeed; the others answer 422 1022', async () => {
    const admin = await t().fixtures.admin();
    const net = await network(t(), admin.orgId);
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createSsid(t(), admin, net.id, { ssid_name: `s${i}` })),
    );
    const results = await Promise.all(
      ids.map((id) =>
        t()
          .http()
          .patch(`/v1/network_ssids/${id}`)
          .set(admin.auth)
          .send({ network_ssid: { ssid_name: 'Target' } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual(updateFailed('ssid_name has already been taken in this network'));
    }
  });
});
