process.env.TZ = 'UTC';
import { Device } from '../../src/devices/device.entity';
import { onBothDatabases } from '../harness/app';
import { bare, dashed, deviceFixtures } from '../harness/access-points.helpers';

onBothDatabases('access points: inventory and provisioning', (t) => {
  const f = deviceFixtures(t);

  afterEach(async () => {
    // Every write of these tests keeps the organisation's and networks' device counts true.
    expect(await t().fixtures.keptCountMismatches()).toEqual([]);
  });

  it('answers 401 1028 without a token', async () => {
    const res = await t().http().get('/v1/access_points/list_inventory').expect(401);
    expect(res.body).toEqual({ msg: expect.any(String), error_code: 1028 });
  });

  it('answers 403 1029 when a member tries a device write', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const net = await f.network(admin.orgId);
    await f.grant(admin.orgId, member.userId, net.id, 'full');
    const calls = [
      t().http().post('/v1/access_points/provisioning').send({ mac_id: 'x', network_id: net.id }),
      t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .send({ mac_ids: 'x', init_template_id: 1 }),
      t()
        .http()
        .post('/v1/access_points/release_devices')
        .send({ devices: ['x'] }),
      t()
        .http()
        .post('/v1/access_points/remove_devices')
        .send({ devices: ['x'] }),
      t()
        .http()
        .post('/v1/access_points/move_devices')
        .send({ devices: ['x'], existing_network_id: net.id }),
      t().http().post('/v1/access_points/heartbeat').send({ mac_id: 'x' }),
      t().http().put('/v1/access_points/tags').send({ mac_ids: 'x', tag_list: [] }),
      t().http().post('/v1/init_templates').send({}),
    ];
    for (const call of calls) {
      const res = await call.set(member.auth).expect(403);
      expect(res.body).toEqual({ msg: expect.any(String), error_code: 1029 });
    }
  });

  describe('list_inventory', () => {
    it('pages the organisation inventory by id with the device record', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId);
      const part = await t().fixtures.hardwarePart({ wifi_uplink: true });
      const first = await f.device(admin.orgId, { networkId: net.id, part });
      const second = await f.device(admin.orgId, { part });
      const third = await f.device(admin.orgId, { part: null });
      await f.device((await t().fixtures.organisation()).id);

      const res = await t()
        .http()
        .get('/v1/access_points/list_inventory?page=1&per_page=2')
        .set(admin.auth)
        .expect(200);
      expect(res.body).toEqual({
        data: {
          devices: [f.record(first, part, {}, net), f.record(second, part)],
          meta: { current: 1, previous: null, next: 2, per_page: 2, pages: 2, count: 3 },
        },
        status: 200,
      });
      const page2 = await t()
        .http()
        .get('/v1/access_points/list_inventory?page=2&per_page=2')
        .set(admin.auth)
        .expect(200);
      expect(page2.body.data).toEqual({
        devices: [f.record(third, null)],
        meta: { current: 2, previous: 1, next: null, per_page: 2, pages: 2, count: 3 },
      });
    });

    it('reads a page with its kept count in one statement, and the count alone past the last page', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId);
      for (let i = 0; i < 3; i++) {
        await f.device(admin.orgId, { networkId: i === 0 ? undefined : net.id });
      }
      const page = (query: string) =>
        t().http().get(`/v1/access_points/list_inventory?${query}`).set(admin.auth).expect(200);
      await page('per_page=2'); // the token's first use is recorded by a write of its own
      let first: { body: { data: { devices: unknown[]; meta: unknown } } } | undefined;
      let past: { body: { data: { devices: unknown[]; meta: unknown } } } | undefined;
      const onPage = await t().statementsOf(async () => (first = await page('per_page=2')));
      const pastEnd = await t().statementsOf(async () => (past = await page('page=3&per_page=2')));
      expect(first!.body.data.devices).toHaveLength(2);
      expect(first!.body.data.meta).toEqual({
        current: 1,
        previous: null,
        next: 2,
        per_page: 2,
        pages: 2,
        count: 3,
      });
      expect(past!.body.data).toEqual({
        devices: [],
        meta: { current: 3, previous: 2, next: null, per_page: 2, pages: 2, count: 3 },
      });
      // The token's lookup, then the page with its count; past the end, an empty page, then the
      // count.
      const counted = (statements: string[]) =>
        statements.filter((sql) => sql.includes('"device_count"'));
      expect(counted(onPage)).toEqual([expect.stringMatching(/kept_total[\s\S]*"devices" d/)]);
      expect(onPage).toHaveLength(2);
      expect(pastEnd).toHaveLength(3);
      expect(counted(pastEnd)).toHaveLength(2);
    });

    it('answers 422 1030 for a page or per_page that is not a positive integer', async () => {
      const admin = await t().fixtures.admin();
      for (const query of ['page=0', 'per_page=-1', 'page=abc']) {
        const res = await t()
          .http()
          .get(`/v1/access_points/list_inventory?${query}`)
          .set(admin.auth)
          .expect(422);
        expect(res.body).toEqual({
          msg: expect.any(String),
          error_code: 1030,
          errors: expect.any(String),
        });
      }
    });

    it('looks a device up by MAC in every accepted form, answering the stored form', async () => {
      const admin = await t().fixtures.admin();
      const part = await t().fixtures.hardwarePart();
      const device = await f.device(admin.orgId, { part });
      for (const form of [device.mac_id, dashed(device.mac_id), bare(device.mac_id)]) {
        const res = await t()
          .http()
          .get('/v1/access_points/list_inventory')
          .query({ mac_id: form })
          .set(admin.auth)
          .expect(200);
        expect(res.body).toEqual({ data: { devices: [f.record(device, part)] }, status: 200 });
      }
    });

    it("answers 404 1011 for an unknown MAC and for another organisation's device", async () => {
      const admin = await t().fixtures.admin();
      const other = await f.device((await t().fixtures.organisation()).id);
      for (const mac of [t().fixtures.mac(), other.mac_id, 'not-a-mac']) {
        const res = await t()
          .http()
          .get('/v1/access_points/list_inventory')
          .query({ mac_id: mac })
          .set(admin.auth)
          .expect(404);
        expect(res.body).toEqual({ msg: 'Device not found', error_code: 1011 });
      }
    });

    it('shows a member only the devices of networks granted to it, never unassigned ones', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const granted = await f.network(admin.orgId);
      const hidden = await f.network(admin.orgId);
      await f.grant(admin.orgId, member.userId, granted.id, 'read_only');
      const part = await t().fixtures.hardwarePart();
      const visible = await f.device(admin.orgId, { networkId: granted.id, part });
      const inHidden = await f.device(admin.orgId, { networkId: hidden.id, part });
      const unassigned = await f.device(admin.orgId, { part });

      const res = await t()
        .http()
        .get('/v1/access_points/list_inventory')
        .set(member.auth)
        .expect(200);
      expect(res.body.data.devices).toEqual([f.record(visible, part, {}, granted)]);
      expect(res.body.data.meta.count).toBe(1);
      for (const device of [inHidden, unassigned]) {
        await t()
          .http()
          .get('/v1/access_points/list_inventory')
          .query({ mac_id: device.mac_id })
          .set(member.auth)
          .expect(404);
        await t()
          .http()
          .get('/v1/access_points/current_status')
          .query({ mac_id: device.mac_id })
          .set(member.auth)
          .expect(404);
      }
    });
  });

  describe('provisioning', () => {
    it('activates master inventory MACs in any form under the network name', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId, 'Lobby');
      const part = await t().fixtures.hardwarePart();
      const [a, b] = await t().fixtures.masterDevices(2, part);
      const res = await t()
        .http()
        .post('/v1/access_points/provisioning')
        .set(admin.auth)
        .send({ mac_id: `${dashed(a.mac_id)}, ${bare(b.mac_id)}`, network_id: String(net.id) })
        .expect(200);
      const devices = await t()
        .dataSource.getRepository(Device)
        .find({ where: { organisation_id: admin.orgId }, order: { id: 'ASC' } });
      expect(devices.map((d) => d.mac_id)).toEqual([a.mac_id, b.mac_id]);
      expect(res.body).toEqual({
        msg: 'Devices provisioned into network Lobby',
        devices: devices.map((d) =>
          f.record(d, part, { location_network_id: net.id, name: 'Lobby', serial: d.serial }, net),
        ),
        status: 200,
      });
    });

    it('moves an unassigned device of the organisation into the network', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId, 'Hall');
      const part = await t().fixtures.hardwarePart();
      const device = await f.device(admin.orgId, { part });
      const res = await t()
        .http()
        .post('/v1/access_points/provisioning')
        .set(admin.auth)
        .send({ mac_id: device.mac_id, network_id: net.id })
        .expect(200);
      expect(res.body.devices).toEqual([
        f.record(device, part, { location_network_id: net.id, name: 'Hall' }, net),
      ]);
    });

    it('answers 422 1012 when mac_id is blank', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId);
      for (const body of [{ network_id: net.id }, { mac_id: ' , ', network_id: net.id }]) {
        const res = await t()
          .http()
          .post('/v1/access_points/provisioning')
          .set(admin.auth)
          .send(body)
          .expect(422);
        expect(res.body).toEqual({ msg: 'mac_id is required', error_code: 1012 });
      }
    });

    it("answers 404 1001 for another organisation's or a missing network before looking at MACs", async () => {
      const admin = await t().fixtures.admin();
      const foreign = await f.network((await t().fixtures.organisation()).id);
      for (const networkId of [foreign.id, 999999, 2147483648, '1e21', undefined]) {
        const res = await t()
          .http()
          .post('/v1/access_points/provisioning')
          .set(admin.auth)
          .send({ mac_id: 'garbage', network_id: networkId })
          .expect(404);
        expect(res.body).toEqual({ msg: 'Network not found', error_code: 1001 });
      }
    });

    it('answers 422 1030 for a network_id that is not an integer', async () => {
      const admin = await t().fixtures.admin();
      const res = await t()
        .http()
        .post('/v1/access_points/provisioning')
        .set(admin.auth)
        .send({ mac_id: 'garbage', network_id: 'abc' })
        .expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'network_id must be an integer number',
      });
    });

    it('answers 422 1006 naming invalid, unknown and already provisioned MACs, changing nothing', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId);
      const [fresh] = await t().fixtures.masterDevices(1);
      const assigned = await f.device(admin.orgId, { networkId: net.id });
      const foreign = await f.device((await t().fixtures.organisation()).id);
      const unknown = t().fixtures.mac();
      const res = await t()
        .http()
        .post('/v1/access_points/provisioning')
        .set(admin.auth)
        .send({
          mac_id: [fresh.mac_id, assigned.mac_id, foreign.mac_id, unknown, 'zz'].join(','),
          network_id: net.id,
        })
        .expect(422);
      expect(res.body).toEqual({
        msg: `Invalid or already provisioned MAC identifiers: zz, ${assigned.mac_id}, ${foreign.mac_id}, ${unknown}`,
        error_code: 1006,
      });
      expect(await t().dataSource.getRepository(Device).countBy({ mac_id: fresh.mac_id })).toBe(0);
    });

    it('answers 422 1005 when the organisation would pass its allowed device count', async () => {
      const org = await t().fixtures.organisation({ allowed_device_count: 1 });
      const admin = await t().fixtures.admin(org.id);
      const net = await f.network(org.id);
      const [a, b] = await t().fixtures.masterDevices(2);
      const res = await t()
        .http()
        .post('/v1/access_points/provisioning')
        .set(admin.auth)
        .send({ mac_id: `${a.mac_id},${b.mac_id}`, network_id: net.id })
        .expect(422);
      expect(res.body).toEqual({
        msg: 'Device limit reached: the organisation may hold 1 devices',
        error_code: 1005,
      });
      expect(await t().dataSource.getRepository(Device).countBy({ organisation_id: org.id })).toBe(
        0,
      );
    });
  });

  describe('get_devices_from_serial', () => {
    it('answers master inventory records for trimmed serials, whoever holds the device', async () => {
      const admin = await t().fixtures.admin();
      const part = await t().fixtures.hardwarePart({ usb: true });
      const [a, b] = await t().fixtures.masterDevices(2, part);
      await f.device((await t().fixtures.organisation()).id); // unrelated
      const res = await t()
        .http()
        .get('/v1/access_points/get_devices_from_serial')
        .query({ serial: ` ${a.serial} ,${b.serial}, unknown-serial` })
        .set(admin.auth)
        .expect(200);
      const partView = {
        id: part.id,
        part_number: part.part_number,
        wifi_uplink: false,
        usb: true,
      };
      expect(res.body).toEqual({
        data: {
          devices: [
            { id: a.id, serial: a.serial, mac_id: a.mac_id, hardware_part: partView },
            { id: b.id, serial: b.serial, mac_id: b.mac_id, hardware_part: partView },
          ],
        },
      });
    });

    it('answers 422 1027 when serial is blank', async () => {
      const admin = await t().fixtures.admin();
      for (const query of ['', '?serial=', '?serial=%20,%20']) {
        const res = await t()
          .http()
          .get(`/v1/access_points/get_devices_from_serial${query}`)
          .set(admin.auth)
          .expect(422);
        expect(res.body).toEqual({ msg: 'serial is required', error_code: 1027 });
      }
    });
  });
});
