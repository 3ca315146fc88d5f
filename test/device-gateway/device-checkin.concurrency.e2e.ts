import { onDatabase } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';

// PostgreSQL runs transactions concurrently (SQLite queues them), so only it can race.
onDatabase('postgres', 'device check-ins under concurrency', (t) => {
  const g = gatewayFixtures(t);

  async function upgradeOf(admin: { auth: Record<string, string> }, deviceId: number) {
    const res = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${deviceId}`], upgrade_type: 'manual', version: '4.0.0' } })
      .expect(200);
    return res.body.data.upgrades[0].id as number;
  }

  it('leaves a consistent record when two check-ins of one device report different states at once', async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    await t().fixtures.upgradeData({
      version: '4.0.0',
      url: { [part.part_number]: 'https://fw/4' },
    });
    for (let round = 0; round < 8; round++) {
      const ap = await g.device(admin.orgId, { part });
      await g.checkin(ap.auth, { firmware_version: '3.9.0' }).expect(200);
      const id = await upgradeOf(admin, ap.device.id);
      const [a, b] = await Promise.all([
        g.checkin(ap.auth, { upgrade: { id, state: 'downloading', progress: 10 } }),
        g.checkin(ap.auth, { upgrade: { id, state: round % 2 ? 'done' : 'failed', error: 'x' } }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const record = (await t().http().get(`/upgrades/${id}`).set(admin.auth).expect(200)).body.data
        .upgrades;
      // Whichever came first, the record is one of the two orders' results, never a mixture.
      expect(record.previous_version).toBe('3.9.0');
      expect(Date.parse(record.started_at)).not.toBeNaN();
      if (record.status === 'in_progress') {
        expect(record).toMatchObject({ progress: 10, completed_at: null });
      } else {
        expect(record.status).toBe(round % 2 ? 'done' : 'failed');
        expect(Date.parse(record.completed_at)).not.toBeNaN();
      }
    }
  });

  it('never hands out an upgrade that a parallel check-in has just closed', async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    await t().fixtures.upgradeData({
      version: '4.0.0',
      url: { [part.part_number]: 'https://fw/4' },
    });
    for (let round = 0; round < 3; round++) {
      const ap = await g.device(admin.orgId, { part });
      await g.checkin(ap.auth, { firmware_version: '3.9.0' }).expect(200);
      const id = await upgradeOf(admin, ap.device.id);
      await g.checkin(ap.auth, { upgrade: { id, state: 'downloading' } }).expect(200);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => g.checkin(ap.auth, { upgrade: { id, state: 'done' } })),
      );
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
      // Each answer comes from the state its own transaction leaves: U is done in every one.
      expect(answers.filter((res) => res.body.upgrade !== null).map((res) => res.body)).toEqual([]);
      const record = (await t().http().get(`/upgrades/${id}`).set(admin.auth).expect(200)).body.data
        .upgrades;
      expect(record.status).toBe('done');
    }
  });

  it('takes 50 devices checking in at once while an admin changes the SSIDs of their network', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const devices = await Promise.all(
      Array.from({ length: 50 }, () =>
        g.device(admin.orgId, { networkId: network.id, part: null }),
      ),
    );
    const ssid = (name: string) =>
      t()
        .http()
        .post('/v1/network_ssids')
        .set(admin.auth)
        .send({ network_id: network.id, network_ssid: { ssid_name: name } });
    const results = await Promise.all([
      ...devices.map((d) => g.checkin(d.auth, { clients: 1 })),
      ssid('Guest-1'),
      ssid('Guest-2'),
      ...devices.map((d) => g.checkin(d.auth, { clients: 2 })),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Afterwards every device's current revision covers both SSIDs, and a device that reports it is in sync.
    for (const d of devices.slice(0, 5)) {
      const config = await t().http().get('/device/v1/config').set(d.auth).expect(200);
      expect(config.body.ssids.map((s: { ssid_name: string }) => s.ssid_name).sort()).toEqual([
        'Guest-1',
        'Guest-2',
      ]);
      const inSync = await g.checkin(d.auth, { config_revision: config.body.revision }).expect(200);
      expect(inSync.body.config).toBeNull();
    }
    const statusesRes = await t()
      .http()
      .get('/v1/access_points/statuses')
      .query({ network_id: network.id })
      .set(admin.auth)
      .expect(200);
    expect(statusesRes.body.data.summary).toEqual({ up: 50, down: 0 });
  });
});
