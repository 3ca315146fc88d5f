process.env.TZ = 'UTC';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Device } from '../../src/devices/device.entity';
import { Upgrade, UpgradeStatus } from '../../src/firmware/upgrade.entity';
import { MasterInventory } from '../../src/catalogue/master-inventory.entity';
import { hashDeviceSecret } from '../../src/catalogue/device-secret';
import { basicAuth, macUser } from '../harness/device-gateway.helpers';
import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';
import { deviceFixtures } from '../harness/access-points.helpers';

onBothDatabases('fleet status', (t) => {
  const f = deviceFixtures(t);

  const statuses = (caller: Caller, query: Record<string, string | number> = {}) =>
    t().http().get('/v1/access_points/statuses').query(query).set(caller.auth);

  const overview = (caller: Caller) => t().http().get('/v1/overview').set(caller.auth);

  /** A device of the organisation with a record name (the name activation gives it). */
  const device = async (orgId: number, networkId: number | null, name: string | null = null) => {
    const made = await f.device(orgId, { networkId, part: null });
    if (name !== null) {
      await t().dataSource.getRepository(Device).update(made.id, { name });
      await t().fixtures.syncRevisions(orgId);
    }
    return { ...made, name };
  };

  /** The admin heartbeat: the device is UP from now. */
  const heartbeat = (admin: Caller, macId: string, fields: object = {}) =>
    t()
      .http()
      .post('/v1/access_points/heartbeat')
      .set(admin.auth)
      .send({ mac_id: macId, ...fields })
      .expect(200);

  /** A heartbeat received `secondsAgo` seconds ago (older than the timeout: DOWN). */
  const heartbeatAt = (deviceId: number, secondsAgo: number, fields: Partial<Heartbeat> = {}) =>
    t().fixtures.save(Heartbeat, {
      device_id: deviceId,
      received_at: new Date(Date.now() - secondsAgo * 1000),
      ...fields,
    });

  /** A device check-in, after giving the device a factory secret. */
  const checkIn = async (mac: string, body: object = {}) => {
    const secret = 'fleet-status-secret-0001';
    await t()
      .dataSource.getRepository(MasterInventory)
      .update({ mac_id: mac }, { secret_hash: hashDeviceSecret(secret) });
    return t()
      .http()
      .post('/device/v1/checkin')
      .set(basicAuth(macUser(mac), secret))
      .send(body)
      .expect(200);
  };

  const never = (
    d: { id: number; mac_id: string; name: string | null },
    networkId: number | null,
  ) => ({
    id: d.id,
    mac_id: d.mac_id,
    name: d.name,
    label: null,
    location_network_id: networkId,
    device_status: 'DOWN',
    last_seen_time: null,
    firmware_version: null,
    clients: null,
    uptime_seconds: null,
    config_in_sync: false,
  });

  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  /** An organisation: two networks, an UP and a DOWN device in each, one device in none. */
  const fleet = async () => {
    const admin = await t().fixtures.admin();
    const lobby = await f.network(admin.orgId);
    const roof = await f.network(admin.orgId);
    const a = await device(admin.orgId, lobby.id, lobby.network_name);
    const b = await device(admin.orgId, lobby.id, lobby.network_name);
    const c = await device(admin.orgId, roof.id, roof.network_name);
    const d = await device(admin.orgId, roof.id);
    const free = await device(admin.orgId, null);
    await heartbeat(admin, a.mac_id, { name: 'host-a', firmware_version: '2.1.0' });
    const first = await checkIn(a.mac_id);
    await checkIn(a.mac_id, {
      clients: 12,
      uptime_seconds: 3600,
      config_revision: first.body.config.revision,
    });
    const old = await heartbeatAt(b.id, 301, { firmware_version: '2.0.0' });
    await heartbeat(admin, c.mac_id);
    return { admin, lobby, roof, a, b, c, d, free, old };
  };

  describe('GET /v1/access_points/statuses', () => {
    it('answers every device ordered by id with its live status, and the summary', async () => {
      const { admin, lobby, roof, a, b, c, d, free, old } = await fleet();
      const before = Math.floor(Date.now() / 1000);
      const res = await statuses(admin).expect(200);
      expect(res.body).toEqual({
        data: {
          devices: [
            {
              id: a.id,
              mac_id: a.mac_id,
              name: lobby.network_name,
              label: null,
              location_network_id: lobby.id,
              device_status: 'UP',
              last_seen_time: expect.any(Number),
              firmware_version: '2.1.0',
              clients: 12,
              uptime_seconds: 3600,
              config_in_sync: true,
            },
            {
              ...never(b, lobby.id),
              last_seen_time: seconds(old.received_at),
              firmware_version: '2.0.0',
            },
            { ...never(c, roof.id), device_status: 'UP', last_seen_time: expect.any(Number) },
            never(d, roof.id),
            never(free, null),
          ],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 5 },
          summary: { up: 2, down: 3 },
        },
        status: 200,
      });
      for (const index of [0, 2]) {
        const seen = res.body.data.devices[index].last_seen_time as number;
        expect(seen).toBeGreaterThanOrEqual(before - 60);
        expect(seen).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
      }
    });

    it('paginates by id with the pagination meta', async () => {
      const { admin, c, d } = await fleet();
      const res = await statuses(admin, { page: 2, per_page: 2 }).expect(200);
      expect(res.body.data.devices.map((x: { id: number }) => x.id)).toEqual([c.id, d.id]);
      expect(res.body.data.meta).toEqual({
        current: 2,
        previous: 1,
        next: 3,
        per_page: 2,
        pages: 3,
        count: 5,
      });
      expect(res.body.data.summary).toEqual({ up: 2, down: 3 });
      const past = await statuses(admin, { page: 4, per_page: 2 }).expect(200);
      expect(past.body).toEqual({
        data: {
          devices: [],
          meta: { current: 4, previous: 3, next: null, per_page: 2, pages: 3, count: 5 },
          summary: { up: 2, down: 3 },
        },
        status: 200,
      });
    });

    it('filters by device_status, the summary still counting both', async () => {
      const { admin, a, b, c, d, free } = await fleet();
      const up = await statuses(admin, { device_status: 'UP' }).expect(200);
      expect(up.body.data.devices.map((x: { id: number }) => x.id)).toEqual([a.id, c.id]);
      expect(up.body.data.meta).toEqual({
        current: 1,
        previous: null,
        next: null,
        per_page: 100,
        pages: 1,
        count: 2,
      });
      expect(up.body.data.summary).toEqual({ up: 2, down: 3 });
      const down = await statuses(admin, { device_status: 'DOWN', per_page: 2 }).expect(200);
      expect(down.body.data.devices.map((x: { id: number }) => x.id)).toEqual([b.id, d.id]);
      expect(down.body.data.meta).toEqual({
        current: 1,
        previous: null,
        next: 2,
        per_page: 2,
        pages: 2,
        count: 3,
      });
      expect(down.body.data.summary).toEqual({ up: 2, down: 3 });
      const rest = await statuses(admin, { device_status: 'DOWN', per_page: 2, page: 2 });
      expect(rest.body.data.devices).toEqual([never(free, null)]);
    });

    it('filters by network, the summary counting that network only', async () => {
      const { admin, roof, c, d } = await fleet();
      const res = await statuses(admin, { network_id: roof.id }).expect(200);
      expect(res.body).toEqual({
        data: {
          devices: [
            { ...never(c, roof.id), device_status: 'UP', last_seen_time: expect.any(Number) },
            never(d, roof.id),
          ],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 2 },
          summary: { up: 1, down: 1 },
        },
        status: 200,
      });
      const down = await statuses(admin, {
        network_id: String(roof.id),
        device_status: 'DOWN',
      }).expect(200);
      expect(down.body.data.devices).toEqual([never(d, roof.id)]);
      expect(down.body.data.summary).toEqual({ up: 1, down: 1 });
    });

    it('shows a member the devices of the networks it may read, never devices in no network', async () => {
      const { admin, lobby, roof, a, b } = await fleet();
      const member = await t().fixtures.member(admin.orgId);
      const empty = await statuses(member).expect(200);
      expect(empty.body).toEqual({
        data: {
          devices: [],
          meta: { current: 1, previous: null, next: null, per_page: 100, pages: 0, count: 0 },
          summary: { up: 0, down: 0 },
        },
        status: 200,
      });
      await f.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      const res = await statuses(member).expect(200);
      expect(res.body.data.devices.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
      expect(res.body.data.summary).toEqual({ up: 1, down: 1 });
      const own = await statuses(member, { network_id: lobby.id, device_status: 'UP' });
      expect(own.status).toBe(200);
      expect(own.body.data.devices.map((x: { id: number }) => x.id)).toEqual([a.id]);
      const other = await statuses(member, { network_id: roof.id }).expect(404);
      expect(other.body).toEqual({ msg: 'Network not found', error_code: 1001 });
    });

    it('answers 404 1001 for an unknown network or one of another organisation', async () => {
      const admin = await t().fixtures.admin();
      const foreign = await f.network((await t().fixtures.organisation()).id);
      for (const networkId of [foreign.id, 2147483647, 0, '99999999999']) {
        const res = await statuses(admin, { network_id: networkId }).expect(404);
        expect(res.body).toEqual({ msg: 'Network not found', error_code: 1001 });
      }
    });

    it('answers 422 1030 for a device_status other than UP or DOWN, or a bad id or page', async () => {
      const admin = await t().fixtures.admin();
      for (const [query, errors] of [
        [{ device_status: 'up' }, 'device_status must be one of the following values: UP, DOWN'],
        [{ device_status: 'OFF' }, 'device_status must be one of the following values: UP, DOWN'],
        [{ device_status: '' }, 'device_status must be one of the following values: UP, DOWN'],
        [{ network_id: 'abc' }, 'network_id must be an integer number'],
        [{ page: 0 }, 'page must not be less than 1'],
      ] as const) {
        const res = await statuses(admin, query).expect(422);
        expect(res.body).toEqual({ msg: expect.any(String), error_code: 1030, errors });
      }
    });

    it("never shows another organisation's devices", async () => {
      const { a } = await fleet();
      const other = await t().fixtures.admin();
      const own = await device(other.orgId, null);
      await heartbeat(other, own.mac_id);
      const res = await statuses(other).expect(200);
      expect(res.body.data.devices.map((x: { id: number }) => x.id)).toEqual([own.id]);
      expect(res.body.data.summary).toEqual({ up: 1, down: 0 });
      const foreign = await statuses(other, { network_id: a.location_network_id! }).expect(404);
      expect(foreign.body).toEqual({ msg: 'Network not found', error_code: 1001 });
    });

    it('issues the same number of statements for 2 devices as for 8 (statuses and overview)', async () => {
      const counts: number[] = [];
      for (const size of [2, 8]) {
        const admin = await t().fixtures.admin();
        const member = await t().fixtures.member(admin.orgId);
        const net = await f.network(admin.orgId);
        await f.grant(admin.orgId, member.userId, net.id, 'full');
        for (let i = 0; i < size; i++) {
          const made = await device(admin.orgId, net.id);
          await heartbeatAt(made.id, i % 2 === 0 ? 0 : 400);
        }
        for (const [caller, query] of [
          [admin, {}],
          [member, {}],
          [member, { network_id: net.id, device_status: 'DOWN' }],
        ] as const) {
          const statements = await t().statementsOf(() => statuses(caller, query).expect(200));
          counts.push(statements.length);
        }
        counts.push((await t().statementsOf(() => overview(member).expect(200))).length);
      }
      expect(counts.slice(4)).toEqual(counts.slice(0, 4));
    });
  });

  describe('GET /v1/overview', () => {
    /** One upgrade per device in each status; a device has at most one pending upgrade. */
    const upgrade = (orgId: number, deviceId: number, status: UpgradeStatus) =>
      t().fixtures.save(Upgrade, {
        organisation_id: orgId,
        device_id: deviceId,
        version: '2.0.0',
        aps: [`AP:${deviceId}`],
        status,
      });

    it('counts the networks, devices, upgrades and running rollouts of the organisation', async () => {
      const { admin, a, b, c, d, free } = await fleet();
      await upgrade(admin.orgId, a.id, 'pending');
      await upgrade(admin.orgId, a.id, 'done');
      await upgrade(admin.orgId, b.id, 'in_progress');
      await upgrade(admin.orgId, c.id, 'failed');
      await upgrade(admin.orgId, c.id, 'failed');
      await upgrade(admin.orgId, d.id, 'cancelled');
      await upgrade(admin.orgId, free.id, 'done');
      const res = await overview(admin).expect(200);
      expect(res.body).toEqual({
        data: {
          networks: 2,
          devices: { total: 5, up: 2, down: 3 },
          upgrades: { pending: 1, in_progress: 1, done: 2, failed: 2, cancelled: 1 },
          rollouts: { running: 0 },
        },
        status: 200,
      });
    });

    it("gives a member the counts of the networks it may read and their devices' upgrades", async () => {
      const { admin, lobby, a, b, c, free } = await fleet();
      await upgrade(admin.orgId, a.id, 'done');
      await upgrade(admin.orgId, b.id, 'pending');
      await upgrade(admin.orgId, c.id, 'in_progress');
      await upgrade(admin.orgId, free.id, 'failed');
      const member = await t().fixtures.member(admin.orgId);
      await f.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      const res = await overview(member).expect(200);
      expect(res.body).toEqual({
        data: {
          networks: 1,
          devices: { total: 2, up: 1, down: 1 },
          upgrades: { pending: 1, in_progress: 0, done: 1, failed: 0, cancelled: 0 },
          rollouts: { running: 0 },
        },
        status: 200,
      });
    });

    it('counts nothing of another organisation', async () => {
      await fleet();
      const other = await t().fixtures.admin();
      const res = await overview(other).expect(200);
      expect(res.body).toEqual({
        data: {
          networks: 0,
          devices: { total: 0, up: 0, down: 0 },
          upgrades: { pending: 0, in_progress: 0, done: 0, failed: 0, cancelled: 0 },
          rollouts: { running: 0 },
        },
        status: 200,
      });
    });
  });
});
