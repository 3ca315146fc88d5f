process.env.TZ = 'UTC';
import { connect } from 'node:net';
import { AddressInfo } from 'node:net';
import { createFastifyAdapter } from '../../src/app.http';
import { Device } from '../../src/devices/device.entity';
import { InitTemplate } from '../../src/access-points/init-template.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { NetworkTemplate } from '../../src/networks/network-template.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { Tag } from '../../src/devices/tag.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { onBothDatabases, TestApp } from '../harness/app';
import { Caller, unique } from '../harness/fixtures';

/** The largest id; no record of a fresh test database has it, so it answers as missing. */
const MISSING = '2147483647';
/** Ids outside 1..2147483647 as text (path, query, string body) and as raw JSON numbers. */
const HOSTILE_IDS = ['2147483648', '9223372036854775808', '1e21'];
const JSON_NUMBER_IDS = ['2147483648', '9223372036854775808', '1e21', '-1', '0'];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface World {
  admin: Caller;
  member: Caller;
  superAdmin: Caller;
  networkId: number;
  ssidId: number;
  device: Device;
  freeMac: string;
  networkTemplateId: number;
  upgradeId: number;
}

/**
 * One request shape that takes an id: `@ID@` in `path` and in `body` (a JSON text) stands for the
 * id under test; `forms` says whether it is sent as text (path, query or a JSON string) or as
 * a raw JSON number.
 */
interface IdShape {
  name: string;
  method: Method;
  path: (w: World) => string;
  body?: (w: World) => string;
  caller?: (w: World) => Caller;
  json?: boolean;
  /** The id is part of a string of the body (`AP:<id>`): sent as text only. */
  inString?: boolean;
  /** The answer to an id that matches no record, before any hostile id is tried. */
  missing: { status: number; body: Record<string, unknown> };
}

const notFound = (code: number, msg: string) => ({ status: 404, body: { msg, error_code: code } });
const upgradeNotFound = { status: 404, body: { message: 'Upgrade not found', status: 404 } };
const upgradeBody = '{"upgrade":{"schedule_type":"now"}}';

const SHAPES: IdShape[] = [
  // location networks
  {
    name: 'show network',
    method: 'get',
    path: () => '/v1/location_networks/@ID@',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'get_network_devices',
    method: 'get',
    path: () => '/v1/location_networks/@ID@/get_network_devices',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'update network (PUT)',
    method: 'put',
    path: () => '/v1/location_networks/@ID@',
    body: () => '{"location_network":{"network_name":"renamed"}}',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'update network (PATCH)',
    method: 'patch',
    path: () => '/v1/location_networks/@ID@',
    body: () => '{"location_network":{"network_name":"renamed"}}',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'destroy network',
    method: 'delete',
    path: () => '/v1/location_networks/@ID@',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'list_networks network_id',
    method: 'get',
    path: () => '/v1/location_networks/list_networks?network_id=@ID@',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'config_rollback network',
    method: 'post',
    path: () => '/v1/location_networks/@ID@/config_rollback',
    body: (w) =>
      `{"network_template_id":${w.networkTemplateId},"configuration":{"ssid_configuration":[]}}`,
    missing: { status: 404, body: { message: 'Network not found' } },
  },
  {
    name: 'config_rollback network_template_id',
    method: 'post',
    path: (w) => `/v1/location_networks/${w.networkId}/config_rollback`,
    body: () => '{"network_template_id":@ID@,"configuration":{"ssid_configuration":[]}}',
    missing: { status: 404, body: { message: 'Network template not found' } },
  },
  {
    name: 'create network cloned_network_id',
    method: 'post',
    path: () => '/v1/location_networks',
    body: () =>
      '{"location_network":{"network_name":"clone-of-nothing","timezone":"UTC","network_configuration":"clone","cloned_network_id":@ID@}}',
    missing: {
      status: 422,
      body: { msg: 'Network to clone not found', error_code: 1003 },
    },
  },
  {
    name: 'update network network_template',
    method: 'put',
    path: (w) => `/v1/location_networks/${w.networkId}`,
    body: () => '{"location_network":{"network_template":@ID@}}',
    missing: {
      status: 422,
      body: {
        msg: 'Network could not be updated',
        error_code: 1010,
        errors: 'network_template must be a network template of the organisation',
      },
    },
  },
  // SSIDs
  {
    name: 'show SSID',
    method: 'get',
    path: () => '/v1/network_ssids/@ID@',
    missing: notFound(1021, 'SSID not found'),
  },
  {
    name: 'update SSID (PUT)',
    method: 'put',
    path: () => '/v1/network_ssids/@ID@',
    body: () => '{"network_ssid":{"ssid_name":"renamed"}}',
    missing: notFound(1021, 'SSID not found'),
  },
  {
    name: 'update SSID (PATCH)',
    method: 'patch',
    path: () => '/v1/network_ssids/@ID@',
    body: () => '{"network_ssid":{"ssid_name":"renamed"}}',
    missing: notFound(1021, 'SSID not found'),
  },
  {
    name: 'destroy SSID',
    method: 'delete',
    path: () => '/v1/network_ssids/@ID@',
    missing: notFound(1021, 'SSID not found'),
  },
  {
    name: 'SSID list network_id',
    method: 'get',
    path: () => '/v1/network_ssids?network_id=@ID@',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'list_network_ssids network_id',
    method: 'get',
    path: () => '/v1/list_network_ssids?network_id=@ID@',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'create SSID network_id',
    method: 'post',
    path: () => '/v1/network_ssids',
    body: () => '{"network_id":@ID@,"network_ssid":{"ssid_name":"Guests"}}',
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'update_network_ssid id',
    method: 'put',
    path: () => '/v1/update_network_ssid',
    body: () => '{"id":@ID@,"network_ssid":{"ssid_name":"renamed"}}',
    missing: notFound(1021, 'SSID not found'),
  },
  {
    name: 'update_network_ssid network_ssid.id',
    method: 'put',
    path: () => '/v1/update_network_ssid',
    body: () => '{"network_ssid":{"id":@ID@,"ssid_name":"renamed"}}',
    missing: notFound(1021, 'SSID not found'),
  },
  // access points
  {
    name: 'provisioning network_id',
    method: 'post',
    path: () => '/v1/access_points/provisioning',
    body: (w) => `{"mac_id":"${w.freeMac}","network_id":@ID@}`,
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'move_devices existing_network_id',
    method: 'post',
    path: () => '/v1/access_points/move_devices',
    body: (w) => `{"devices":["${w.device.mac_id}"],"existing_network_id":@ID@}`,
    missing: notFound(1019, 'Target network not found'),
  },
  {
    name: 'apply_configuration init_template_id',
    method: 'put',
    path: () => '/v1/access_points/apply_configuration',
    body: (w) => `{"mac_ids":"${w.device.mac_id}","init_template_id":@ID@}`,
    missing: notFound(1014, 'Init template not found'),
  },
  // network access
  {
    name: 'network_access network_id',
    method: 'post',
    path: () => '/v1/network_access',
    body: (w) => `{"user_id":${w.member.userId},"network_id":@ID@,"level":"full"}`,
    missing: notFound(1001, 'Network not found'),
  },
  {
    name: 'network_access user_id',
    method: 'post',
    path: () => '/v1/network_access',
    body: (w) => `{"user_id":@ID@,"network_id":${w.networkId},"level":"full"}`,
    missing: {
      status: 422,
      body: {
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'user_id is not a user of the organisation',
      },
    },
  },
  // upgrades
  {
    name: 'show upgrade',
    method: 'get',
    path: () => '/upgrades/@ID@',
    json: true,
    missing: upgradeNotFound,
  },
  {
    name: 'show upgrade (.json)',
    method: 'get',
    path: () => '/upgrades/@ID@.json',
    missing: upgradeNotFound,
  },
  {
    name: 'update upgrade (PUT)',
    method: 'put',
    path: () => '/upgrades/@ID@',
    json: true,
    body: () => upgradeBody,
    missing: upgradeNotFound,
  },
  {
    name: 'update upgrade (PATCH)',
    method: 'patch',
    path: () => '/upgrades/@ID@',
    json: true,
    body: () => upgradeBody,
    missing: upgradeNotFound,
  },
  {
    name: 'destroy upgrade',
    method: 'delete',
    path: () => '/upgrades/@ID@',
    json: true,
    missing: upgradeNotFound,
  },
  {
    name: 'list upgrades id',
    method: 'get',
    path: () => '/upgrades?id=@ID@',
    json: true,
    missing: { status: 200, body: { data: { upgrades: [] } } },
  },
  {
    name: 'create upgrade aps AP:<id>',
    inString: true,
    method: 'post',
    path: () => '/upgrades',
    json: true,
    body: () => '{"upgrade":{"aps":["AP:@ID@"]}}',
    missing: {
      status: 422,
      body: { message: 'No device of the organisation matches the targets', status: 422 },
    },
  },
  {
    name: 'create upgrade aps AP:<id> beside a device',
    inString: true,
    method: 'post',
    path: () => '/upgrades',
    json: true,
    body: (w) => `{"upgrade":{"aps":["AP:${w.device.id}","AP:@ID@"]}}`,
    missing: { status: 422, body: { message: 'Invalid targets: AP:@ID@', status: 422 } },
  },
  {
    name: 'create upgrade aps network:<id>',
    inString: true,
    method: 'post',
    path: () => '/upgrades',
    json: true,
    body: () => '{"upgrade":{"aps":["network:@ID@"]}}',
    missing: { status: 422, body: { message: 'Invalid targets: network:@ID@', status: 422 } },
  },
  {
    name: 'create upgrade aps tag:<id>',
    inString: true,
    method: 'post',
    path: () => '/upgrades',
    json: true,
    body: () => '{"upgrade":{"aps":["tag:@ID@"]}}',
    missing: { status: 422, body: { message: 'Invalid targets: tag:@ID@', status: 422 } },
  },
  // platform (super_admin)
  {
    name: 'admin users organisation_id',
    method: 'post',
    path: () => '/v1/admin/users',
    caller: (w) => w.superAdmin,
    body: () => `{"organisation_id":@ID@,"email":"${unique('nobody-')}@example.test"}`,
    missing: {
      status: 422,
      body: {
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'organisation_id does not name an organisation',
      },
    },
  },
  {
    name: 'admin tokens user_id',
    method: 'post',
    path: () => '/v1/admin/tokens',
    caller: (w) => w.superAdmin,
    body: () => '{"user_id":@ID@}',
    missing: {
      status: 422,
      body: { msg: 'Invalid parameters', error_code: 1030, errors: 'user_id does not name a user' },
    },
  },
  {
    name: 'admin upgrade_data organisation_id',
    method: 'post',
    path: () => '/v1/admin/upgrade_data',
    caller: (w) => w.superAdmin,
    body: () => '{"version":"9.9.9","url":{},"organisation_id":@ID@,"is_released":true}',
    missing: {
      status: 422,
      body: {
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'organisation_id does not name an organisation',
      },
    },
  },
];

/** Everything a failing request must leave as it was. */
async function snapshot(t: TestApp, w: World) {
  const ds = t.dataSource;
  const count = (table: string) =>
    ds.query(`SELECT COUNT(*) AS n FROM "${table}"`).then((rows: { n: unknown }[]) => rows[0].n);
  const tables = [
    'location_networks',
    'network_ssids',
    'devices',
    'upgrades',
    'users',
    'access_tokens',
    'network_access_grants',
    'upgrade_data',
    'organisations',
    'uplinks',
    'tags',
    'heartbeats',
    'init_templates',
    'network_templates',
    'master_inventory',
    'hardware_parts',
  ];
  return {
    counts: await Promise.all(tables.map(count)),
    network: await ds.getRepository(LocationNetwork).findOneBy({ id: w.networkId }),
    ssid: await ds.getRepository(NetworkSsid).findOneBy({ id: w.ssidId }),
    device: await ds.getRepository(Device).findOneBy({ id: w.device.id }),
    upgrade: await ds.getRepository(Upgrade).findOneBy({ id: w.upgradeId }),
  };
}

onBothDatabases('hostile inputs', (t) => {
  let w: World;

  const request = (
    method: Method,
    path: string,
    caller: Caller,
    options: { body?: string; json?: boolean } = {},
  ) => {
    let req = t().http()[method](path).set(caller.auth);
    if (options.json) {
      req = req.set('Accept', 'application/json');
    }
    if (options.body !== undefined) {
      req = req.set('Content-Type', 'application/json').send(options.body);
    }
    return req;
  };

  beforeAll(async () => {
    const f = t().fixtures;
    const admin = await f.admin();
    const member = await f.member(admin.orgId);
    const superAdmin = await f.superAdmin();
    const network = await f.network(admin.orgId);
    const part = await f.hardwarePart();
    const [record, free] = await f.masterDevices(2, part);
    const device = await f.save(Device, {
      organisation_id: admin.orgId,
      mac_id: record.mac_id,
      serial: record.serial,
      hardware_part_id: part.id,
      location_network_id: network.id,
      name: null,
    });
    await f.upgradeData({
      version: '1.0.0',
      url: { [part.part_number]: 'https://fw.example/1.0.0.bin' },
    });
    const ssid = await request('post', '/v1/network_ssids', admin, {
      body: JSON.stringify({ network_id: network.id, network_ssid: { ssid_name: 'Guests' } }),
    }).expect(200);
    const template = await f.save(NetworkTemplate, {
      organisation_id: admin.orgId,
      name: unique('tpl-'),
      configuration: { ssid_configuration: [] },
    });
    await f.save(InitTemplate, {
      organisation_id: admin.orgId,
      name: unique('init-'),
      details: [{ uplink_type: '1' }],
    });
    await f.save(Tag, { organisation_id: admin.orgId, name: unique('tag-') });
    const upgrade = await request('post', '/upgrades', admin, {
      json: true,
      body: JSON.stringify({ upgrade: { aps: [`AP:${device.id}`] } }),
    }).expect(200);
    w = {
      admin,
      member,
      superAdmin,
      networkId: network.id,
      ssidId: (ssid.body as { data: { id: number } }).data.id,
      device,
      freeMac: free.mac_id,
      networkTemplateId: template.id,
      upgradeId: (upgrade.body as { data: { upgrades: { id: number }[] } }).data.upgrades[0].id,
    };
  });

  describe('ids outside 1..2147483647 answer exactly as an id that matches no record', () => {
    const send = (shape: IdShape, pathId: string, bodyId: string) =>
      request(
        shape.method,
        shape.path(w).replace('@ID@', pathId),
        shape.caller ? shape.caller(w) : w.admin,
        { json: shape.json, body: shape.body?.(w).replace('@ID@', bodyId) },
      );
    const expected = (shape: IdShape, id: string) =>
      JSON.parse(JSON.stringify(shape.missing.body).replaceAll('@ID@', id)) as unknown;

    it.each(SHAPES.map((shape) => [shape.name, shape] as const))('%s', async (_name, shape) => {
      const inPath = shape.path(w).includes('@ID@') || shape.inString === true;
      const asText = (id: string) => (inPath ? id : `"${id}"`);
      const missing = await send(shape, MISSING, asText(MISSING));
      expect({ status: missing.status, body: missing.body as unknown }).toEqual({
        status: shape.missing.status,
        body: expected(shape, MISSING),
      });
      const before = await snapshot(t(), w);
      const variants = inPath
        ? HOSTILE_IDS.map((id) => [id, id, id])
        : [
            ...HOSTILE_IDS.map((id) => [id, `"${id}"`, id]),
            ...JSON_NUMBER_IDS.map((id) => [id, id, id]),
          ];
      for (const [shown, sent] of variants) {
        const res = await send(shape, shown, sent);
        expect({ id: sent, status: res.status, body: res.body as unknown }).toEqual({
          id: sent,
          status: shape.missing.status,
          body: expected(shape, shown),
        });
      }
      expect(await snapshot(t(), w)).toEqual(before);
    });

    it('answers a non-integer id as a wrong type (1030, or the operation’s validation code)', async () => {
      const cases: [Method, string, string | undefined, number, Record<string, unknown>][] = [
        [
          'get',
          '/v1/location_networks/abc',
          undefined,
          422,
          { msg: 'Invalid parameters', error_code: 1030, errors: 'id must be an integer number' },
        ],
        [
          'get',
          '/v1/location_networks/1.5',
          undefined,
          422,
          { msg: 'Invalid parameters', error_code: 1030, errors: 'id must be an integer number' },
        ],
        [
          'post',
          '/v1/network_ssids',
          '{"network_id":"x","network_ssid":{"ssid_name":"a"}}',
          422,
          {
            msg: 'SSID create failed',
            error_code: 1024,
            errors: 'network_id must be an integer number',
          },
        ],
        [
          'post',
          '/v1/access_points/provisioning',
          `{"mac_id":"${'AA:BB:CC:DD:EE:FF'}","network_id":true}`,
          422,
          {
            msg: 'Invalid parameters',
            error_code: 1030,
            errors: 'network_id must be an integer number',
          },
        ],
      ];
      for (const [method, path, body, status, expectedBody] of cases) {
        const res = await request(method, path, w.admin, { body });
        expect({ path, status: res.status, body: res.body as unknown }).toEqual({
          path,
          status,
          body: expectedBody,
        });
      }
      const upgrade = await request('get', '/upgrades/abc', w.admin, { json: true });
      expect({ status: upgrade.status, body: upgrade.body as unknown }).toEqual({
        status: 422,
        body: { message: 'id must be an integer number', status: 422 },
      });
    });

    it('matches a move_devices entry outside the id range with no device', async () => {
      for (const entry of [...HOSTILE_IDS, MISSING]) {
        const res = await request('post', '/v1/access_points/move_devices', w.admin, {
          body: JSON.stringify({ devices: [entry], existing_network_id: w.networkId }),
        }).expect(422);
        expect(res.body).toEqual({
          msg: 'Some devices could not be moved',
          error_code: 1020,
          devices: [],
          failed_devices: [entry],
        });
      }
    });
  });

  describe('page', () => {
    it.each(['/v1/location_networks/list_networks', '/v1/access_points/list_inventory'])(
      'answers 422 1030 on %s for a page above 2147483647',
      async (path) => {
        for (const page of ['2147483648', '1e21', '9223372036854775808', '1e400']) {
          const res = await request('get', `${path}?page=${page}`, w.admin).expect(422);
          expect(res.body).toEqual({
            msg: 'Invalid parameters',
            error_code: 1030,
            errors: expect.stringContaining('page must not be greater than 2147483647') as string,
          });
        }
      },
    );

    it('answers the last possible page (empty) and clamps a huge per_page', async () => {
      const res = await request(
        'get',
        '/v1/location_networks/list_networks?page=2147483647&per_page=1e21',
        w.admin,
      ).expect(200);
      expect(res.body).toEqual({
        data: {
          networks: [],
          meta: {
            current: 2147483647,
            previous: 2147483646,
            next: null,
            per_page: 1000,
            pages: 1,
            count: 1,
          },
        },
        status: 200,
      });
    });
  });

  describe('the NUL character', () => {
    const NUL = 'a\u0000b';
    const nul = (field: string) => `${field} must not contain the NUL character`;
    const cases: {
      name: string;
      method: Method;
      path: (w: World) => string;
      body?: (w: World) => unknown;
      caller?: (w: World) => Caller;
      json?: boolean;
      status: number;
      answer: Record<string, unknown>;
    }[] = [
      {
        name: 'create network (1004)',
        method: 'post',
        path: () => '/v1/location_networks',
        body: () => ({ location_network: { network_name: NUL, timezone: 'UTC' } }),
        status: 422,
        answer: {
          msg: 'Network could not be saved',
          error_code: 1004,
          errors: nul('location_network.network_name'),
        },
      },
      {
        name: 'create network, nested in tag_list (1004)',
        method: 'post',
        path: () => '/v1/location_networks',
        body: () => ({ location_network: { network_name: 'n', tag_list: ['ok', NUL] } }),
        status: 422,
        answer: {
          msg: 'Network could not be saved',
          error_code: 1004,
          errors: nul('location_network.tag_list.1'),
        },
      },
      {
        name: 'update network (1010)',
        method: 'put',
        path: (w) => `/v1/location_networks/${w.networkId}`,
        body: () => ({ location_network: { presence_url: NUL } }),
        status: 422,
        answer: {
          msg: 'Network could not be updated',
          error_code: 1010,
          errors: nul('location_network.presence_url'),
        },
      },
      {
        name: 'list_networks network_name (query)',
        method: 'get',
        path: () => '/v1/location_networks/list_networks?network_name=a%00b',
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('network_name') },
      },
      {
        name: 'create SSID (1024)',
        method: 'post',
        path: () => '/v1/network_ssids',
        body: (w) => ({ network_id: w.networkId, network_ssid: { ssid_name: NUL } }),
        status: 422,
        answer: {
          msg: 'SSID create failed',
          error_code: 1024,
          errors: nul('network_ssid.ssid_name'),
        },
      },
      {
        name: 'update SSID (1022)',
        method: 'patch',
        path: (w) => `/v1/network_ssids/${w.ssidId}`,
        body: () => ({ network_ssid: { dhcp_mappings: [{ IPADDR: '10.0.0.1', MAC: NUL }] } }),
        status: 422,
        answer: {
          msg: 'SSID update failed',
          error_code: 1022,
          errors: nul('network_ssid.dhcp_mappings.0.MAC'),
        },
      },
      {
        name: 'heartbeat',
        method: 'post',
        path: () => '/v1/access_points/heartbeat',
        body: (w) => ({ mac_id: w.device.mac_id, name: NUL }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('name') },
      },
      {
        name: 'get_devices_from_serial (query)',
        method: 'get',
        path: () => '/v1/access_points/get_devices_from_serial?serial=a%00b',
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('serial') },
      },
      {
        name: 'device tags',
        method: 'put',
        path: () => '/v1/access_points/tags',
        body: (w) => ({ mac_ids: w.device.mac_id, tag_list: [NUL] }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('tag_list.0') },
      },
      {
        name: 'device label',
        method: 'put',
        path: (w) => `/v1/access_points/${w.device.mac_id}/label`,
        body: () => ({ label: NUL }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('label') },
      },
      {
        name: 'init template',
        method: 'post',
        path: () => '/v1/init_templates',
        body: () => ({ init_template: { name: NUL, details: [{ uplink_type: '1' }] } }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('init_template.name') },
      },
      {
        name: 'network template, key of a free-form object',
        method: 'post',
        path: () => '/v1/network_templates',
        body: () => ({
          network_template: { name: 'n', configuration: { ssid_configuration: [{ [NUL]: 1 }] } },
        }),
        status: 422,
        answer: {
          msg: 'Invalid parameters',
          error_code: 1030,
          errors: nul('network_template.configuration.ssid_configuration.0'),
        },
      },
      {
        name: 'admin organisations',
        method: 'post',
        path: () => '/v1/admin/organisations',
        caller: (w) => w.superAdmin,
        body: () => ({ name: NUL }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('name') },
      },
      {
        name: 'admin master inventory',
        method: 'post',
        path: () => '/v1/admin/master_inventory',
        caller: (w) => w.superAdmin,
        body: () => ({ devices: [{ serial: NUL, mac_id: 'AA:BB:CC:00:00:01', part_number: 'P' }] }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('devices.0.serial') },
      },
      {
        name: 'admin upgrade data, a url key',
        method: 'post',
        path: () => '/v1/admin/upgrade_data',
        caller: (w) => w.superAdmin,
        body: () => ({ version: '2.0.0', url: { [NUL]: 'https://x' }, is_released: true }),
        status: 422,
        answer: { msg: 'Invalid parameters', error_code: 1030, errors: nul('url') },
      },
      {
        name: 'upgrade create ({message, status})',
        method: 'post',
        path: () => '/upgrades',
        json: true,
        body: () => ({ upgrade: { version: NUL, aps: ['AP:1'] } }),
        status: 422,
        answer: { message: nul('upgrade.version'), status: 422 },
      },
    ];

    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const before = await snapshot(t(), w);
      const res = await request(c.method, c.path(w), c.caller ? c.caller(w) : w.admin, {
        json: c.json,
        body: c.body ? JSON.stringify(c.body(w)) : undefined,
      });
      expect({ status: res.status, body: res.body as unknown }).toEqual({
        status: c.status,
        body: c.answer,
      });
      expect(await snapshot(t(), w)).toEqual(before);
    });
  });

  describe('JSON nesting', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const nestedObject = (depth: number) =>
      '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
    const post = (body: string) =>
      request('post', '/v1/admin/organisations', w.superAdmin, { body });

    it('answers 400 1032 for a body nested 65 levels deep (arrays or objects)', async () => {
      for (const body of [
        nested(65),
        nestedObject(65),
        `{"name":"x","deep":${nested(64)}}`,
        nested(100_000),
      ]) {
        const res = await post(body).expect(400);
        expect(res.body).toEqual({ msg: 'Malformed JSON body', error_code: 1032 });
      }
    });

    it('parses a body nested 64 levels deep and validates it as usual', async () => {
      const res = await post(`{"name":${nested(63)}}`).expect(422);
      expect(res.body).toMatchObject({ msg: 'Invalid parameters', error_code: 1030 });
      const object = await post(nestedObject(64)).expect(422);
      expect(object.body).toMatchObject({ error_code: 1030 });
    });

    it('does not count brackets inside strings', async () => {
      const name = unique('[[[[') + '['.repeat(100) + '\\"{{{';
      const res = await post(JSON.stringify({ name, allowed_device_count: 1 })).expect(200);
      expect(res.body).toMatchObject({ data: { name } });
    });
  });

  describe('bulk requests take at most 10,000 entries', () => {
    const MACS = Array.from(
      { length: 10_001 },
      (_, i) =>
        `0C:00:00:${[16, 8, 0].map((s) => ((i >> s) & 0xff).toString(16).padStart(2, '0')).join(':')}`,
    );
    const over = (field: string) => ({
      msg: `${field} takes at most 10000 entries`,
      error_code: 1030,
      errors: `${field} takes at most 10000 entries`,
    });
    const cases: [string, Method, string, (w: World) => unknown, Record<string, unknown>][] = [
      [
        'provisioning',
        'post',
        '/v1/access_points/provisioning',
        (w) => ({ mac_id: MACS.join(','), network_id: w.networkId }),
        over('mac_id'),
      ],
      [
        'create network',
        'post',
        '/v1/location_networks',
        () => ({
          location_network: { network_name: 'n', timezone: 'UTC', mac_id: MACS.join(',') },
        }),
        over('location_network.mac_id'),
      ],
      [
        'release_devices',
        'post',
        '/v1/access_points/release_devices',
        () => ({ devices: MACS }),
        over('devices'),
      ],
      [
        'remove_devices',
        'post',
        '/v1/access_points/remove_devices',
        () => ({ devices: MACS }),
        over('devices'),
      ],
      [
        'move_devices',
        'post',
        '/v1/access_points/move_devices',
        (w) => ({ devices: MACS, existing_network_id: w.networkId }),
        over('devices'),
      ],
      [
        'apply_configuration',
        'put',
        '/v1/access_points/apply_configuration',
        () => ({ mac_ids: MACS.join(','), init_template_id: 1 }),
        over('mac_ids'),
      ],
      [
        'device tags',
        'put',
        '/v1/access_points/tags',
        () => ({ mac_ids: MACS.join(','), tag_list: ['a'] }),
        over('mac_ids'),
      ],
    ];

    it.each(cases)(
      '%s answers 422 1030 for 10,001 entries',
      async (_n, method, path, body, answer) => {
        const before = await snapshot(t(), w);
        const res = await request(method, path, w.admin, { body: JSON.stringify(body(w)) });
        expect({ status: res.status, body: res.body as unknown }).toEqual({
          status: 422,
          body: answer,
        });
        expect(await snapshot(t(), w)).toEqual(before);
      },
    );

    it('master inventory answers 422 1030 for 10,001 entries', async () => {
      const devices = MACS.map((mac_id, i) => ({ serial: `S${i}`, mac_id, part_number: 'P' }));
      const res = await request('post', '/v1/admin/master_inventory', w.superAdmin, {
        body: JSON.stringify({ devices }),
      }).expect(422);
      expect(res.body).toEqual(over('devices'));
    });

    it('upgrades answer {message, status: 422, error_code: 1030} for 10,001 targets', async () => {
      const aps = MACS.map((_, i) => `AP:${i + 1}`);
      for (const [method, path] of [
        ['post', '/upgrades'],
        ['put', `/upgrades/${w.upgradeId}`],
      ] as const) {
        const before = await snapshot(t(), w);
        const res = await request(method, path, w.admin, {
          json: true,
          body: JSON.stringify({ upgrade: { aps } }),
        }).expect(422);
        expect(res.body).toEqual({
          message: 'aps takes at most 10000 entries',
          status: 422,
          error_code: 1030,
        });
        expect(await snapshot(t(), w)).toEqual(before);
      }
    });
  });

  describe('expires_in_days', () => {
    it.each([1e8, 3651, 0, -1, '1e21'])('answers 422 1030 for %p', async (days) => {
      const before = await snapshot(t(), w);
      const res = await request('post', '/v1/admin/tokens', w.superAdmin, {
        body: JSON.stringify({ user_id: w.admin.userId, expires_in_days: days }),
      }).expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: expect.stringMatching(/^expires_in_days must not be (greater|less) than (3650|1)$/),
      });
      expect(await snapshot(t(), w)).toEqual(before);
    });

    it('issues a token for 3650 days', async () => {
      const res = await request('post', '/v1/admin/tokens', w.superAdmin, {
        body: JSON.stringify({ user_id: w.admin.userId, expires_in_days: 3650 }),
      }).expect(200);
      const expires = Date.parse((res.body as { data: { expires_at: string } }).data.expires_at);
      expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(3650);
    });
  });

  it('answers 431 1033 as JSON for request headers that are too large', async () => {
    const res = await t().http().get('/health').set('X-Padding', 'x'.repeat(20_000)).expect(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ msg: 'Request headers too large', error_code: 1033 });
  });
});

describe('a request that arrives while the instance shuts down', () => {
  it('answers 503 1040 as JSON with Retry-After, after the in-flight request completes', async () => {
    const fastify = createFastifyAdapter(false).getInstance();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    let closingStarted: () => void = () => undefined;
    const closing = new Promise<void>((resolve) => (closingStarted = resolve));
    fastify.get('/slow', async () => {
      entered();
      await gate;
      return { ok: true };
    });
    fastify.get('/fast', () => ({ ok: true }));
    fastify.addHook('preClose', (done) => {
      closingStarted();
      done();
    });
    let answered: () => void = () => undefined;
    const secondAnswered = new Promise<void>((resolve) => (answered = resolve));
    fastify.addHook('onSend', (request, _reply, payload, done) => {
      if (request.url === '/fast') {
        answered();
      }
      done(null, payload);
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const { port } = fastify.server.address() as AddressInfo;

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await inFlight;
    const closed = fastify.close();
    await closing;
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
    // The server has answered the second request (queued behind the first): finish the first.
    await secondAnswered;
    release();
    await socketClosed;
    await closed;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    const [head, body] = second.split('\r\n\r\n');
    expect(head.toLowerCase()).toContain('retry-after: 5');
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body)).toEqual({
      msg: 'Service is shutting down, retry later',
      error_code: 1040,
    });
  });
});
