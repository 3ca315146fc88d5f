process.env.TZ = 'UTC';
import { Device } from '../../src/devices/device.entity';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Uplink } from '../../src/devices/uplink.entity';
import { Tag } from '../../src/devices/tag.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { onBothDatabases } from '../harness/app';
import { bare, dashed, deviceFixtures } from '../harness/access-points.helpers';

onBothDatabases('access points: device writes', (t) => {
  const f = deviceFixtures(t);
  const post = (path: string, auth: Record<string, string>, body: object) =>
    t().http().post(`/v1/access_points/${path}`).set(auth).send(body);

  afterEach(async () => {
    // Every write of these tests keeps the organisation's and networks' device counts true.
    expect(await t().fixtures.keptCountMismatches()).toEqual([]);
  });

  const template = async (
    auth: Record<string, string>,
    details: object[],
    name = `tpl-${Math.random()}`,
  ) =>
    (
      await t()
        .http()
        .post('/v1/init_templates')
        .set(auth)
        .send({ init_template: { name, details } })
        .expect(200)
    ).body.data as { id: number; name: string };

  describe('init templates', () => {
    it('creates and lists templates of the organisation only', async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const res = await t()
        .http()
        .post('/v1/init_templates')
        .set(admin.auth)
        .send({ init_template: { name: 'wan', details: [{ uplink_type: 1, vlan: 10 }] } })
        .expect(200);
      expect(res.body).toEqual({
        data: { id: expect.any(Number), name: 'wan', details: [{ uplink_type: '1', vlan: 10 }] },
        status: 200,
      });
      await template(other.auth, [{ uplink_type: '2' }], 'wan');
      const list = await t().http().get('/v1/init_templates').set(admin.auth).expect(200);
      expect(list.body).toEqual({ data: { init_templates: [res.body.data] }, status: 200 });
    });

    it('answers 422 1030 for a duplicate name or an uplink_type outside 1 to 4', async () => {
      const admin = await t().fixtures.admin();
      await template(admin.auth, [{ uplink_type: '1' }], 'dup');
      const dup = await t()
        .http()
        .post('/v1/init_templates')
        .set(admin.auth)
        .send({ init_template: { name: 'dup', details: [{ uplink_type: '1' }] } })
        .expect(422);
      expect(dup.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'name has already been taken',
      });
      const bad = await t()
        .http()
        .post('/v1/init_templates')
        .set(admin.auth)
        .send({ init_template: { name: 'bad', details: [{ uplink_type: '5' }, {}] } })
        .expect(422);
      expect(bad.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors:
          'details.0.uplink_type must be one of 1, 2, 3, 4, details.1.uplink_type must be one of 1, 2, 3, 4',
      });
      await t().http().post('/v1/init_templates').set(admin.auth).send({}).expect(422);
    });
  });

  describe('apply_configuration', () => {
    const details = [
      { uplink_type: '1', mode: 'dhcp' },
      { uplink_type: '2', ssid: 'up2' },
      { uplink_type: '3', ssid: 'up3' },
      { uplink_type: '4', modem: 'lte' },
    ];

    it.each([
      [false, false, ['1']],
      [true, false, ['1', '2', '3']],
      [false, true, ['1', '4']],
      [true, true, ['1', '2', '3', '4']],
    ])('applies uplinks by type for wifi_uplink=%s usb=%s: %j', async (wifi_uplink, usb, types) => {
      const admin = await t().fixtures.admin();
      const tpl = await template(admin.auth, details);
      const part = await t().fixtures.hardwarePart({ wifi_uplink, usb });
      const device = await f.device(admin.orgId, { part });
      const res = await t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .set(admin.auth)
        .send({ mac_ids: bare(device.mac_id), init_template_name: tpl.name })
        .expect(200);
      expect(res.body).toEqual({ msg: 'Uplink configuration applied', status: 200 });
      const list = await t()
        .http()
        .get('/v1/access_points/list_inventory')
        .query({ mac_id: device.mac_id })
        .set(admin.auth)
        .expect(200);
      expect(list.body.data.devices[0].uplinks).toEqual(
        details
          .filter((d) => types.includes(d.uplink_type))
          .map((d) => ({ ...d, id: expect.any(Number), is_deleted: false })),
      );
    });

    it('marks the previous uplinks deleted and shows only the live ones', async () => {
      const admin = await t().fixtures.admin();
      const first = await template(admin.auth, [{ uplink_type: '1', mode: 'dhcp' }]);
      const second = await template(admin.auth, [{ uplink_type: '1', mode: 'static' }]);
      const device = await f.device(admin.orgId);
      for (const tpl of [first, second]) {
        await t()
          .http()
          .put('/v1/access_points/apply_configuration')
          .set(admin.auth)
          .send({ mac_ids: dashed(device.mac_id), init_template_id: String(tpl.id) })
          .expect(200);
      }
      const rows = await t()
        .dataSource.getRepository(Uplink)
        .find({ where: { device_id: device.id }, order: { id: 'ASC' } });
      expect(rows.map((u) => [u.init_template_id, u.is_deleted])).toEqual([
        [first.id, true],
        [second.id, false],
      ]);
    });

    it('answers 422 with status 1016 naming devices without hardware part, configuring the others', async () => {
      const admin = await t().fixtures.admin();
      const tpl = await template(admin.auth, [{ uplink_type: '1' }]);
      const good = await f.device(admin.orgId);
      const partless = await f.device(admin.orgId, { part: null });
      const res = await t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .set(admin.auth)
        .send({ mac_ids: `${good.mac_id},${partless.mac_id}`, init_template_id: tpl.id })
        .expect(422);
      expect(res.body).toEqual({
        msg: `Uplink configuration not applied to: ${partless.mac_id}`,
        status: 1016,
      });
      expect(await t().dataSource.getRepository(Uplink).countBy({ device_id: good.id })).toBe(1);
      expect(await t().dataSource.getRepository(Uplink).countBy({ device_id: partless.id })).toBe(
        0,
      );
    });

    it("answers 404 1013 when no device of the organisation matches (another organisation's too)", async () => {
      const admin = await t().fixtures.admin();
      const tpl = await template(admin.auth, [{ uplink_type: '1' }]);
      const foreign = await f.device((await t().fixtures.organisation()).id);
      const res = await t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .set(admin.auth)
        .send({ mac_ids: `${foreign.mac_id},${t().fixtures.mac()}`, init_template_id: tpl.id })
        .expect(404);
      expect(res.body).toEqual({
        msg: 'No device of the organisation matches mac_ids',
        error_code: 1013,
      });
      expect(await t().dataSource.getRepository(Uplink).countBy({ device_id: foreign.id })).toBe(0);
    });

    it("answers 404 1014 for an unknown or another organisation's template", async () => {
      const admin = await t().fixtures.admin();
      const foreignTpl = await template((await t().fixtures.admin()).auth, [{ uplink_type: '1' }]);
      const device = await f.device(admin.orgId);
      for (const selector of [
        { init_template_id: foreignTpl.id },
        { init_template_name: foreignTpl.name },
      ]) {
        const res = await t()
          .http()
          .put('/v1/access_points/apply_configuration')
          .set(admin.auth)
          .send({ mac_ids: device.mac_id, ...selector })
          .expect(404);
        expect(res.body).toEqual({ msg: 'Init template not found', error_code: 1014 });
      }
    });

    it('answers 422 1015 when mac_ids or both template selectors are missing', async () => {
      const admin = await t().fixtures.admin();
      for (const body of [
        { init_template_id: 1 },
        { mac_ids: ' ', init_template_id: 1 },
        { mac_ids: 'AA' },
        { mac_ids: 'AA', init_template_name: '' },
      ]) {
        const res = await t()
          .http()
          .put('/v1/access_points/apply_configuration')
          .set(admin.auth)
          .send(body)
          .expect(422);
        expect(res.body).toEqual({
          msg: 'mac_ids and init_template_name or init_template_id are required',
          error_code: 1015,
        });
      }
    });
  });

  describe('current_status and heartbeat', () => {
    it('goes from DOWN to UP on a heartbeat, and DOWN again once it is older than the timeout', async () => {
      const admin = await t().fixtures.admin();
      const device = await f.device(admin.orgId);
      const status = () =>
        t()
          .http()
          .get('/v1/access_points/current_status')
          .query({ mac_id: bare(device.mac_id) })
          .set(admin.auth)
          .expect(200);
      expect((await status()).body).toEqual({
        status: 200,
        data: {
          name: null,
          device_status: 'DOWN',
          firmware_version: null,
          network_name: null,
          hardware_model: null,
          public_ip: null,
          last_seen_time: null,
        },
      });
      const before = Math.floor(Date.now() / 1000);
      const beat = await post('heartbeat', admin.auth, {
        mac_id: dashed(device.mac_id),
        name: 'ap-1',
        firmware_version: '2.1.0',
        public_ip: '203.0.113.7',
      }).expect(200);
      expect(beat.body).toEqual({ status: 200 });
      const up = (await status()).body;
      expect(up).toEqual({
        status: 200,
        data: {
          name: 'ap-1',
          device_status: 'UP',
          firmware_version: '2.1.0',
          network_name: null,
          hardware_model: null,
          public_ip: '203.0.113.7',
          last_seen_time: expect.any(Number),
        },
      });
      expect(up.data.last_seen_time).toBeGreaterThanOrEqual(before);
      expect(up.data.last_seen_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

      const old = new Date(Date.now() - 301_000);
      await t()
        .dataSource.getRepository(Heartbeat)
        .update({ device_id: device.id }, { received_at: old });
      const down = (await status()).body;
      expect(down.data).toEqual({
        ...up.data,
        device_status: 'DOWN',
        last_seen_time: Math.floor(old.getTime() / 1000),
      });
      expect(await t().dataSource.getRepository(Heartbeat).countBy({ device_id: device.id })).toBe(
        1,
      );
    });

    it("answers 404 {status, msg, error_code 1011} for an unknown or another organisation's device", async () => {
      const admin = await t().fixtures.admin();
      const foreign = await f.device((await t().fixtures.organisation()).id);
      for (const mac of [foreign.mac_id, t().fixtures.mac(), 'x']) {
        const res = await t()
          .http()
          .get('/v1/access_points/current_status')
          .query({ mac_id: mac })
          .set(admin.auth)
          .expect(404);
        expect(res.body).toEqual({ status: 404, msg: 'Device not found', error_code: 1011 });
      }
      const beat = await post('heartbeat', admin.auth, { mac_id: foreign.mac_id }).expect(404);
      expect(beat.body).toEqual({ msg: 'Device not found', error_code: 1011 });
      expect(await t().dataSource.getRepository(Heartbeat).countBy({ device_id: foreign.id })).toBe(
        0,
      );
    });

    it('records a heartbeat of a device recorded UP in one statement that also finds the device', async () => {
      const admin = await t().fixtures.admin();
      const device = await f.device(admin.orgId);
      // Authentication's own statements (access tokens) aside.
      const beat = async () =>
        (
          await t().statementsOf(() =>
            post('heartbeat', admin.auth, { mac_id: device.mac_id }).expect(200),
          )
        ).filter((sql) => !sql.includes('"access_tokens"'));
      // The first makes the device UP: the guarded statement finds no record UP, so the
      // heartbeat is written again in a transaction with its device.up.
      expect((await beat()).filter((sql) => !/^(BEGIN|COMMIT|START)/.test(sql))).toEqual([
        expect.stringMatching(/^INSERT INTO "heartbeats"/),
        expect.stringMatching(/^INSERT INTO "heartbeats"/),
        expect.stringMatching(/^UPDATE "heartbeats" SET "up" = true/),
        expect.stringMatching(/^SELECT d."id", d."mac_id", d."name"/),
        ...(t().db === 'postgres' ? [expect.stringMatching(/^SELECT pg_advisory_xact_lock/)] : []),
        expect.stringMatching(/^INSERT INTO "events"/),
        expect.stringMatching(/^SELECT w."id", w."event_types" FROM "webhooks"/), // none subscribes
      ]);
      // The steady state: one statement.
      expect(await beat()).toEqual([expect.stringMatching(/^INSERT INTO "heartbeats"/)]);
      expect(await beat()).toHaveLength(1);
    });
  });

  describe('release_devices', () => {
    it('releases assigned devices; missing MACs go into failed_devices with 200', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId);
      const a = await f.device(admin.orgId, { networkId: net.id });
      const foreign = await f.device((await t().fixtures.organisation()).id, {});
      const missing = t().fixtures.mac();
      const res = await post('release_devices', admin.auth, {
        devices: [bare(a.mac_id), missing, foreign.mac_id, 'junk'],
      }).expect(200);
      expect(res.body).toEqual({
        msg: 'Devices released',
        success_devices: [a.mac_id],
        failed_devices: [missing, foreign.mac_id, 'junk'],
      });
      expect((await f.deviceRow(a.id))!.location_network_id).toBeNull();
    });

    it('answers 422 with both lists when some found devices are unassigned', async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network(admin.orgId);
      const a = await f.device(admin.orgId, { networkId: net.id });
      const free = await f.device(admin.orgId);
      const res = await post('release_devices', admin.auth, {
        devices: [a.mac_id, free.mac_id],
      }).expect(422);
      expect(res.body).toEqual({
        msg: 'Some devices could not be released',
        success_devices: [a.mac_id],
        failed_devices: [free.mac_id],
      });
      expect((await f.deviceRow(a.id))!.location_network_id).toBeNull();
    });

    it('answers 422 1017 when none was released', async () => {
      const admin = await t().fixtures.admin();
      const free = await f.device(admin.orgId);
      const missing = t().fixtures.mac();
      const res = await post('release_devices', admin.auth, {
        devices: [free.mac_id, missing],
      }).expect(422);
      expect(res.body).toEqual({
        msg: 'No device could be released',
        error_code: 1017,
        success_devices: [],
        failed_devices: [free.mac_id, missing],
      });
    });

    it("answers 422 {msg} only when no device is found (another organisation's included)", async () => {
      const admin = await t().fixtures.admin();
      const net = await f.network((await t().fixtures.organisation()).id);
      const foreign = await f.device(net.organisation_id, { networkId: net.id });
      const res = await post('release_devices', admin.auth, { devices: [foreign.mac_id] }).expect(
        422,
      );
      expect(res.body).toEqual({ msg: 'No devices found' });
      expect((await f.deviceRow(foreign.id))!.location_network_id).toBe(net.id);
    });

    it('answers 422 1026 when devices is blank', async () => {
      const admin = await t().fixtures.admin();
      for (const path of ['release_devices', 'remove_devices']) {
        for (const body of [{}, { devices: [] }, { devices: [' '] }]) {
          const res = await post(path, admin.auth, body).expect(422);
          expect(res.body).toEqual({ msg: 'No devices given', error_code: 1026 });
        }
      }
    });
  });

  describe('remove_devices', () => {
    it('destroys devices with their uplinks, tags, heartbeat and pending upgrade', async () => {
      const admin = await t().fixtures.admin();
      const tpl = await template(admin.auth, [{ uplink_type: '1' }]);
      const device = await f.device(admin.orgId);
      const keep = await f.device(admin.orgId);
      await t()
        .http()
        .put('/v1/access_points/apply_configuration')
        .set(admin.auth)
        .send({ mac_ids: device.mac_id, init_template_id: tpl.id })
        .expect(200);
      await t()
        .http()
        .put('/v1/access_points/tags')
        .set(admin.auth)
        .send({ mac_ids: device.mac_id, tag_list: ['lobby'] })
        .expect(200);
      await post('heartbeat', admin.auth, { mac_id: device.mac_id }).expect(200);
      await t().fixtures.save(Upgrade, {
        organisation_id: admin.orgId,
        device_id: device.id,
        version: '1.0.0',
        aps: [`AP:${device.id}`],
      });
      const missing = t().fixtures.mac();

      const res = await post('remove_devices', admin.auth, {
        devices: [dashed(device.mac_id), missing],
      }).expect(200);
      expect(res.body).toEqual({
        msg: 'Devices removed',
        success_devices: [device.mac_id],
        failed_devices: [missing],
      });
      const ds = t().dataSource;
      expect(await ds.getRepository(Device).countBy({ id: device.id })).toBe(0);
      expect(await ds.getRepository(Uplink).countBy({ device_id: device.id })).toBe(0);
      expect(await ds.getRepository(Heartbeat).countBy({ device_id: device.id })).toBe(0);
      expect(await ds.getRepository(Upgrade).countBy({ device_id: device.id })).toBe(0);
      expect(
        Number(
          (
            await ds.query('SELECT COUNT(*) AS n FROM device_tags WHERE device_id = ' + device.id)
          )[0].n,
        ),
      ).toBe(0);
      expect(await ds.getRepository(Tag).countBy({ organisation_id: admin.orgId })).toBe(1);
      expect(await ds.getRepository(Device).countBy({ id: keep.id })).toBe(1);
    });

    it('answers 422 with both lists, and 1018 when none removed, for devices being upgraded', async () => {
      const admin = await t().fixtures.admin();
      const busy = await f.device(admin.orgId);
      const free = await f.device(admin.orgId);
      await t().fixtures.save(Upgrade, {
        organisation_id: admin.orgId,
        device_id: busy.id,
        version: '1.0.0',
        aps: [],
        status: 'in_progress',
      });

      const none = await post('remove_devices', admin.auth, { devices: [busy.mac_id] }).expect(422);
      expect(none.body).toEqual({
        msg: 'No device could be removed',
        error_code: 1018,
        success_devices: [],
        failed_devices: [busy.mac_id],
      });
      const mixed = await post('remove_devices', admin.auth, {
        devices: [busy.mac_id, free.mac_id],
      }).expect(422);
      expect(mixed.body).toEqual({
        msg: 'Some devices could not be removed',
        success_devices: [free.mac_id],
        failed_devices: [busy.mac_id],
      });
      expect(await f.deviceRow(busy.id)).not.toBeNull();
      expect(await f.deviceRow(free.id)).toBeNull();
    });

    it("never removes another organisation's device", async () => {
      const admin = await t().fixtures.admin();
      const foreign = await f.device((await t().fixtures.organisation()).id);
      const res = await post('remove_devices', admin.auth, { devices: [foreign.mac_id] }).expect(
        422,
      );
      expect(res.body).toEqual({ msg: 'No devices found' });
      expect(await f.deviceRow(foreign.id)).not.toBeNull();
    });
  });

  describe('move_devices', () => {
    it('moves devices matched by id first, then by MAC, from a network or from none', async () => {
      const admin = await t().fixtures.admin();
      const from = await f.network(admin.orgId);
      const to = await f.network(admin.orgId, 'Target');
      const part = await t().fixtures.hardwarePart();
      const a = await f.device(admin.orgId, { networkId: from.id, part });
      const b = await f.device(admin.orgId, { part });
      const res = await post('move_devices', admin.auth, {
        devices: [a.id, bare(b.mac_id)],
        existing_network_id: String(to.id),
      }).expect(200);
      expect(res.body).toEqual({
        msg: 'Devices moved to network Target',
        devices: [a, b].map((d) => f.record(d, part, { location_network_id: to.id }, to)),
      });
    });

    it('answers 422 1020 with the moved devices and the entries that matched nothing', async () => {
      const admin = await t().fixtures.admin();
      const to = await f.network(admin.orgId);
      const part = await t().fixtures.hardwarePart();
      const a = await f.device(admin.orgId, { part });
      const foreign = await f.device((await t().fixtures.organisation()).id);
      const missing = t().fixtures.mac();
      const res = await post('move_devices', admin.auth, {
        devices: [a.mac_id, foreign.id, dashed(missing), foreign.mac_id],
        existing_network_id: to.id,
      }).expect(422);
      expect(res.body).toEqual({
        msg: 'Some devices could not be moved',
        error_code: 1020,
        devices: [f.record(a, part, { location_network_id: to.id }, to)],
        failed_devices: [String(foreign.id), missing, foreign.mac_id],
      });
      expect((await f.deviceRow(foreign.id))!.location_network_id).toBeNull();
    });

    it("answers 404 1019 for a missing or another organisation's target network", async () => {
      const admin = await t().fixtures.admin();
      const a = await f.device(admin.orgId);
      const foreign = await f.network((await t().fixtures.organisation()).id);
      for (const target of [foreign.id, 999999, undefined]) {
        const res = await post('move_devices', admin.auth, {
          devices: [a.mac_id],
          existing_network_id: target,
        }).expect(404);
        expect(res.body).toEqual({ msg: 'Target network not found', error_code: 1019 });
      }
      expect((await f.deviceRow(a.id))!.location_network_id).toBeNull();
    });

    it('answers 422 1026 when devices is blank', async () => {
      const admin = await t().fixtures.admin();
      const to = await f.network(admin.orgId);
      for (const body of [
        { existing_network_id: to.id },
        { devices: [], existing_network_id: to.id },
      ]) {
        const res = await post('move_devices', admin.auth, body).expect(422);
        expect(res.body).toEqual({ msg: 'No devices given', error_code: 1026 });
      }
    });
  });
});

onBothDatabases(
  'access points: HEARTBEAT_TIMEOUT_SECONDS',
  (t) => {
    const f = deviceFixtures(t);

    it('uses the configured timeout to tell UP from DOWN', async () => {
      const admin = await t().fixtures.admin();
      const device = await f.device(admin.orgId);
      const statusAfter = async (secondsAgo: number) => {
        await t().fixtures.save(Heartbeat, {
          device_id: device.id,
          received_at: new Date(Date.now() - secondsAgo * 1000),
        });
        const res = await t()
          .http()
          .get('/v1/access_points/current_status')
          .query({ mac_id: device.mac_id })
          .set(admin.auth)
          .expect(200);
        return (res.body as { data: { device_status: string } }).data.device_status;
      };
      expect(await statusAfter(5)).toBe('UP');
      expect(await statusAfter(15)).toBe('DOWN');
    });
  },
  { HEARTBEAT_TIMEOUT_SECONDS: '10' },
);
