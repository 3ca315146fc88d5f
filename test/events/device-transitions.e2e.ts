import { DeviceTransitionsService } from '../../src/device-state/device-transitions.service';
import { migratedPostgresDatabase, onBothDatabases, startApp, TestApp } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { rolloutFixtures } from '../harness/rollouts.helpers';

const TIMEOUT_MS = 300_000; // HEARTBEAT_TIMEOUT_SECONDS, default

onBothDatabases('device.up and device.down', (t) => {
  const g = gatewayFixtures(t);
  const e = eventFixtures(t);

  it("records a device's first check-in as its device.up, once, by the device", async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const ap = await g.device(admin.orgId, { networkId: network.id, name: 'lobby-ap' });
    const before = Date.now();
    await g.checkin(ap.auth).expect(200);
    await g.checkin(ap.auth).expect(200);
    const events = await e.events(admin.auth);
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'device.up',
        occurred_at: expect.any(String),
        network: { id: network.id, network_name: 'Lobby' },
        device: { id: ap.device.id, mac_id: ap.device.mac_id, name: 'lobby-ap' },
        actor: { type: 'device' },
        data: { down_since: null },
      },
    ]);
    const at = Date.parse(events[0].occurred_at);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('records device.down when the timeout passes, at the last heartbeat + the timeout, and the next device.up says since when', async () => {
    const admin = await t().fixtures.admin();
    const ap = await g.device(admin.orgId);
    await g.checkin(ap.auth).expect(200);
    const seen = await e.age(ap.device.id, 301);
    const down = await e.eventually(
      async () => (await e.events(admin.auth, { type: 'device.down' }))[0],
    );
    expect(down).toMatchObject({
      type: 'device.down',
      occurred_at: new Date(seen.getTime() + TIMEOUT_MS).toISOString(),
      network: null,
      device: { id: ap.device.id, mac_id: ap.device.mac_id, name: null },
      actor: { type: 'system' },
      data: { last_seen_time: Math.floor(seen.getTime() / 1000) },
    });
    await g.checkin(ap.auth).expect(200);
    const all = await e.events(admin.auth, { after: 0 });
    expect(all.map((event) => event.type)).toEqual(['device.up', 'device.down', 'device.up']);
    expect(all[2].data).toEqual({ down_since: down.occurred_at });
  });

  it('records one device.up however many check-ins of a DOWN device arrive at once', async () => {
    const admin = await t().fixtures.admin();
    const ap = await g.device(admin.orgId);
    await g.checkin(ap.auth).expect(200);
    await e.age(ap.device.id, 400);
    await t().app.get(DeviceTransitionsService).sweep();
    await Promise.all(Array.from({ length: 20 }, () => g.checkin(ap.auth).expect(200)));
    const types = (await e.events(admin.auth, { after: 0 })).map((event) => event.type);
    expect(types).toEqual(['device.up', 'device.down', 'device.up']);
  });

  it("records the admin heartbeat's device.up with the user who sent it", async () => {
    const admin = await t().fixtures.admin();
    const ap = await g.device(admin.orgId);
    const send = () =>
      t()
        .http()
        .post('/v1/access_points/heartbeat')
        .set(admin.auth)
        .send({ mac_id: ap.device.mac_id, name: 'ap' })
        .expect(200);
    await send();
    await send();
    const events = await e.events(admin.auth);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'device.up',
      actor: { type: 'user', id: admin.userId, email: expect.any(String), via: 'api' },
      data: { down_since: null },
    });
  });

  it('records nothing for a device that is not recorded UP, and nothing of another organisation', async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin();
    const ap = await g.device(other.orgId);
    await g.checkin(ap.auth).expect(200);
    await t().app.get(DeviceTransitionsService).sweep();
    expect(await e.events(admin.auth)).toEqual([]);
    expect(await e.events(other.auth)).toHaveLength(1);
  });
});

describe('device transitions on two instances (PostgreSQL)', () => {
  it('records each transition once while both instances sweep and take check-ins', async () => {
    const database = await migratedPostgresDatabase();
    const apps: TestApp[] = [];
    try {
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      const [one, two] = apps;
      const g1 = gatewayFixtures(() => one);
      const g2 = gatewayFixtures(() => two);
      const e = eventFixtures(() => one);
      const admin = await one.fixtures.admin();
      const ap = await g1.device(admin.orgId);
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          Array.from({ length: 20 }, (_, k) => (k % 2 ? g1 : g2).checkin(ap.auth).expect(200)),
        );
        await e.age(ap.device.id, 400);
        await Promise.all([
          one.app.get(DeviceTransitionsService).sweep(),
          two.app.get(DeviceTransitionsService).sweep(),
        ]);
      }
      const types = (await e.events(admin.auth, { after: 0 })).map((event) => event.type);
      expect(types).toEqual([
        'device.up',
        'device.down',
        'device.up',
        'device.down',
        'device.up',
        'device.down',
      ]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.release();
    }
  }, 120_000);
});

describe('events under concurrent changes of one organisation (PostgreSQL)', () => {
  it('answers every check-in and upgrade write while both write events (no deadlock on the organisation row)', async () => {
    const database = await migratedPostgresDatabase();
    const app = await startApp('postgres', { DATABASE_URL: database.url });
    try {
      const r = rolloutFixtures(() => app);
      const { admin, devices } = await r.fleet(24);
      const statuses = await Promise.all([
        ...devices.map((ap) =>
          r.g.checkin(ap.auth, { firmware_version: '1.0.0' }).then((res) => res.status),
        ),
        ...[0, 1, 2, 3, 4, 5].map((k) =>
          app
            .http()
            .post('/upgrades')
            .set(admin.auth)
            .send({
              upgrade: {
                aps: devices.slice(k * 4, k * 4 + 4).map((d) => `AP:${d.device.id}`),
                upgrade_type: 'manual',
                version: '2.0.0',
              },
            })
            .then((res) => res.status),
        ),
      ]);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await app.close();
      await database.release();
    }
  }, 120_000);
});
