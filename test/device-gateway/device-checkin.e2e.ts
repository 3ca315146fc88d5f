process.env.TZ = 'UTC';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { onBothDatabases } from '../harness/app';
import { basicAuth, gatewayFixtures, macUser } from '../harness/device-gateway.helpers';

const UNAUTHENTICATED = { msg: 'Missing or invalid device credentials', error_code: 1036 };
const NOT_CLAIMED = {
  msg: "The device is in no organisation's inventory; it keeps checking in until it is claimed",
  error_code: 1037,
};
const REVISION = expect.stringMatching(/^[0-9a-f]{64}$/);

onBothDatabases('device identity', (t) => {
  const g = gatewayFixtures(t);

  it('takes the MAC as 12 hex digits or AA-BB-CC-DD-EE-FF in any case, and a secret with colons', async () => {
    const admin = await t().fixtures.admin();
    const { device, secret } = await g.device(admin.orgId);
    const dashedUpper = device.mac_id.replace(/:/g, '-');
    for (const user of [
      macUser(device.mac_id),
      macUser(device.mac_id, false),
      dashedUpper,
      dashedUpper.toLowerCase(),
    ]) {
      await g.checkin(basicAuth(user, secret)).expect(200);
    }
  });

  it('answers 401 1036 with the Basic challenge, the same for every kind of bad credentials', async () => {
    const admin = await t().fixtures.admin();
    const { device, secret } = await g.device(admin.orgId);
    const [withoutSecret] = await t().fixtures.masterDevices(1);
    const user = macUser(device.mac_id);
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: 'Basic' },
      { Authorization: 'Basic !!!notbase64' },
      { Authorization: `Basic ${Buffer.from(user).toString('base64')}` },
      basicAuth(user, `${secret}x`),
      basicAuth(user, ''),
      basicAuth('0a0000000000', secret),
      basicAuth(device.mac_id, secret),
      basicAuth(macUser(withoutSecret.mac_id), secret),
      admin.auth,
      { Authorization: `Digest ${admin.token}` },
    ];
    for (const headers of attempts) {
      const res = await g.checkin(headers).expect(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
      expect(res.headers['www-authenticate']).toBe('Basic realm="airfleet-device"');
    }
  });

  it('answers 403 1037 for a device in no inventory, until it is claimed; removal refuses it at once', async () => {
    const admin = await t().fixtures.admin();
    const loose = await g.device(null);
    expect((await g.checkin(loose.auth).expect(403)).body).toEqual(NOT_CLAIMED);
    const claimed = await g.device(admin.orgId);
    await g.checkin(claimed.auth).expect(200);
    await t()
      .http()
      .post('/v1/access_points/remove_devices')
      .set(admin.auth)
      .send({ devices: [claimed.device.mac_id] })
      .expect(200);
    expect((await g.checkin(claimed.auth).expect(403)).body).toEqual(NOT_CLAIMED);
  });

  it('refuses device credentials on user routes (401 1028)', async () => {
    const admin = await t().fixtures.admin();
    const { auth } = await g.device(admin.orgId);
    const res = await t().http().get('/v1/access_points/list_inventory').set(auth).expect(401);
    expect(res.body).toEqual({
      msg: 'Missing, invalid, expired or revoked access token',
      error_code: 1028,
    });
  });

  it('stores a master inventory secret only as a hash, keeps it when an upsert gives none and replaces it when one gives a new one', async () => {
    const operator = await t().fixtures.superAdmin();
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    const mac = t().fixtures.mac();
    const serial = `SN-${macUser(mac)}`;
    const upsert = (entry: Record<string, unknown>) =>
      t()
        .http()
        .post('/v1/admin/master_inventory')
        .set(operator.auth)
        .send({ devices: [{ serial, mac_id: mac, part_number: part.part_number, ...entry }] });
    const first = 'first-secret:0123456789';
    const upserted = await upsert({ secret: first }).expect(200);
    expect(JSON.stringify(upserted.body)).not.toContain(first);
    await t()
      .http()
      .post('/v1/access_points/provisioning')
      .set(admin.auth)
      .send({ mac_id: mac, network_id: (await t().fixtures.network(admin.orgId)).id })
      .expect(200);
    const stored = await t().dataSource.query(
      `SELECT "secret_hash" FROM "master_inventory" WHERE "mac_id" = '${mac}'`,
    );
    expect(stored[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].secret_hash).not.toContain(first);
    await g.checkin(basicAuth(macUser(mac), first)).expect(200);
    await upsert({}).expect(200);
    const kept = await t().dataSource.query(
      `SELECT "secret_hash" FROM "master_inventory" WHERE "mac_id" = '${mac}'`,
    );
    expect(kept[0].secret_hash).toBe(stored[0].secret_hash);
    await upsert({ secret: 'second-secret-0123456789' }).expect(200);
    const replaced = await t().dataSource.query(
      `SELECT "secret_hash" FROM "master_inventory" WHERE "mac_id" = '${mac}'`,
    );
    expect(replaced[0].secret_hash).not.toBe(stored[0].secret_hash);
  });

  it('refuses a bad secret with 422 1030, storing nothing', async () => {
    const operator = await t().fixtures.superAdmin();
    const part = await t().fixtures.hardwarePart();
    for (const secret of [
      'short',
      'x'.repeat(129),
      'sixteen chars ok',
      'non-ascii-secret-é',
      1234567890123456,
    ]) {
      const mac = t().fixtures.mac();
      const res = await t()
        .http()
        .post('/v1/admin/master_inventory')
        .set(operator.auth)
        .send({
          devices: [
            { serial: `SN-${macUser(mac)}`, mac_id: mac, part_number: part.part_number, secret },
          ],
        })
        .expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: expect.stringContaining('secret must be 16 to 128 printable ASCII characters'),
      });
      const rows = await t().dataSource.query(
        `SELECT COUNT(*) AS n FROM "master_inventory" WHERE "mac_id" = '${mac}'`,
      );
      expect(Number(rows[0].n)).toBe(0);
    }
  });
});

onBothDatabases(
  'device rate limiting',
  (t) => {
    const g = gatewayFixtures(t);

    it('counts per device, not per IP or token', async () => {
      const admin = await t().fixtures.admin();
      const a = await g.device(admin.orgId);
      const b = await g.device(admin.orgId);
      for (let i = 0; i < 3; i++) {
        await g.checkin(a.auth).expect(200);
      }
      const limited = await g.checkin(a.auth).expect(429);
      expect(limited.body).toEqual({ msg: expect.any(String), error_code: 1031 });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await g.checkin(b.auth).expect(200);
    });

    it('limits an unclaimed device too, per device, even once its address has used up its bucket', async () => {
      const a = await g.device(null);
      const b = await g.device(null);
      // The address's bucket: wrong secrets count against it (401, then 429).
      for (let i = 0; i < 4; i++) {
        await g.checkin({
          Authorization: basicAuth(macUser(a.device.mac_id), 'w'.repeat(16)).Authorization,
        });
      }
      for (let i = 0; i < 3; i++) {
        const refused = await g.checkin(a.auth).expect(403);
        expect(refused.body).toEqual({ msg: expect.any(String), error_code: 1037 });
      }
      const limited = await g.checkin(a.auth).expect(429);
      expect(limited.body).toEqual({ msg: expect.any(String), error_code: 1031 });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      await g.checkin(b.auth).expect(403);
    });
  },
  { RATE_LIMIT_PER_MINUTE: '3' },
);

onBothDatabases('device check-in', (t) => {
  const g = gatewayFixtures(t);
  const status = (auth: Record<string, string>, mac: string) =>
    t().http().get('/v1/access_points/current_status').query({ mac_id: mac }).set(auth).expect(200);

  it('answers the interval, a config hint until the device runs the current revision, and no upgrade', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const { auth } = await g.device(admin.orgId, { networkId: network.id });
    const first = await g.checkin(auth).expect(200);
    expect(first.body).toEqual({
      status: 200,
      checkin_interval: 60,
      config: { revision: REVISION, url: '/device/v1/config' },
      upgrade: null,
      commands: [],
    });
    const revision = first.body.config.revision as string;
    const stale = await g.checkin(auth, { config_revision: 'old' }).expect(200);
    expect(stale.body.config).toEqual({ revision, url: '/device/v1/config' });
    const inSync = await g.checkin(auth, { config_revision: revision }).expect(200);
    expect(inSync.body).toEqual({
      status: 200,
      checkin_interval: 60,
      config: null,
      upgrade: null,
      commands: [],
    });
  });

  it('takes a check-in without a body (and without a Content-Type) as a bare heartbeat, like {}', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const { device, auth } = await g.device(admin.orgId, { networkId: network.id });
    const bare = await t().http().post('/device/v1/checkin').set(auth).expect(200);
    expect(bare.body).toEqual({
      status: 200,
      checkin_interval: 60,
      config: { revision: REVISION, url: '/device/v1/config' },
      upgrade: null,
      commands: [],
    });
    expect((await g.checkin(auth, {}).expect(200)).body).toEqual(bare.body);
    const res = await status(admin.auth, device.mac_id);
    expect(res.body.data).toMatchObject({
      device_status: 'UP',
      last_seen_time: expect.any(Number),
    });
  });

  it('is a heartbeat: current_status answers UP with what it reported, omitted fields keeping theirs', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const { device, auth } = await g.device(admin.orgId, { networkId: network.id });
    await g
      .checkin(auth, {
        name: 'ap-lobby',
        firmware_version: '1.0.0',
        hardware_model: 'AX3000',
        clients: 4,
      })
      .expect(200);
    const before = Math.floor(Date.now() / 1000);
    await g.checkin(auth, { uptime_seconds: 60 }).expect(200);
    const res = await status(admin.auth, device.mac_id);
    expect(res.body).toEqual({
      status: 200,
      data: {
        name: 'ap-lobby',
        device_status: 'UP',
        firmware_version: '1.0.0',
        network_name: 'Lobby',
        hardware_model: 'AX3000',
        public_ip: expect.stringMatching(/127\.0\.0\.1$/),
        last_seen_time: expect.any(Number),
      },
    });
    expect(res.body.data.last_seen_time).toBeGreaterThanOrEqual(before - 1);
    await g.checkin(auth, { public_ip: '2001:db8::7', name: 'renamed' }).expect(200);
    const later = await status(admin.auth, device.mac_id);
    expect(later.body.data).toMatchObject({
      public_ip: '2001:db8::7',
      name: 'renamed',
      firmware_version: '1.0.0',
    });
  });

  it('shares the record with the admin heartbeat: whichever came last shows, omitted fields keep the other', async () => {
    const admin = await t().fixtures.admin();
    const { device, auth } = await g.device(admin.orgId);
    await t()
      .http()
      .post('/v1/access_points/heartbeat')
      .set(admin.auth)
      .send({
        mac_id: device.mac_id,
        name: 'from-admin',
        firmware_version: '0.9.0',
        network_name: 'Old',
      })
      .expect(200);
    await g.checkin(auth, { hardware_model: 'AX1800' }).expect(200);
    expect((await status(admin.auth, device.mac_id)).body.data).toMatchObject({
      name: 'from-admin',
      firmware_version: '0.9.0',
      hardware_model: 'AX1800',
      network_name: null,
    });
    await t()
      .http()
      .post('/v1/access_points/heartbeat')
      .set(admin.auth)
      .send({ mac_id: device.mac_id, name: 'admin-again' })
      .expect(200);
    expect((await status(admin.auth, device.mac_id)).body.data).toMatchObject({
      name: 'admin-again',
      firmware_version: null,
      hardware_model: null,
    });
  });

  it.each([
    ['firmware_version too long', { firmware_version: 'v'.repeat(65) }],
    ['name not a string', { name: 7 }],
    ['public_ip not an address', { public_ip: '300.1.1.1' }],
    ['negative uptime', { uptime_seconds: -1 }],
    ['fractional clients', { clients: 1.5 }],
    ['config_revision too long', { config_revision: 'r'.repeat(65) }],
    ['config_error without message', { config_error: { revision: 'r' } }],
    [
      'config_error message too long',
      { config_error: { revision: 'r', message: 'm'.repeat(1001) } },
    ],
    ['upgrade state unknown', { upgrade: { id: 1, state: 'rebooting' } }],
    ['upgrade progress above 100', { upgrade: { id: 1, state: 'downloading', progress: 101 } }],
    ['upgrade id not a number', { upgrade: { id: 'abc', state: 'done' } }],
    ['upgrade not an object', { upgrade: [1] }],
  ])('refuses %s with 422 1030 and records nothing', async (_case, body) => {
    const admin = await t().fixtures.admin();
    const { device, auth } = await g.device(admin.orgId);
    const res = await g.checkin(auth, { name: 'must-not-be-kept', ...body }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: expect.any(String),
    });
    expect((await status(admin.auth, device.mac_id)).body.data).toMatchObject({
      device_status: 'DOWN',
      name: null,
      last_seen_time: null,
    });
  });
});

onBothDatabases('firmware lifecycle through check-ins', (t) => {
  const g = gatewayFixtures(t);

  async function fleet() {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    const network = await t().fixtures.network(admin.orgId, { timezone: 'Europe/Paris' });
    await t().fixtures.upgradeData({
      version: '2.0.0',
      url: { [part.part_number]: `https://fw.example/2.0.0/${part.part_number}.bin` },
    });
    const ap = await g.device(admin.orgId, { part, networkId: network.id });
    return { admin, part, network, ap };
  }

  const createUpgrade = async (
    auth: Record<string, string>,
    deviceId: number,
    fields: object = {},
  ) => {
    const res = await t()
      .http()
      .post('/upgrades')
      .set(auth)
      .send({
        upgrade: { aps: [`AP:${deviceId}`], upgrade_type: 'manual', version: '2.0.0', ...fields },
      })
      .expect(200);
    return res.body.data.upgrades[0] as { id: number };
  };
  const show = async (auth: Record<string, string>, id: number) =>
    (await t().http().get(`/upgrades/${id}`).set(auth).expect(200)).body.data.upgrades;

  it('hands out the due upgrade and follows it from downloading to done', async () => {
    const { admin, part, ap } = await fleet();
    await g.checkin(ap.auth, { firmware_version: '1.0.0' }).expect(200);
    const upgrade = await createUpgrade(admin.auth, ap.device.id, { save_prev_config: true });
    const handed = await g.checkin(ap.auth, { firmware_version: '1.0.0' }).expect(200);
    expect(handed.body.upgrade).toEqual({
      id: upgrade.id,
      version: '2.0.0',
      url: `https://fw.example/2.0.0/${part.part_number}.bin`,
      save_prev_config: true,
    });
    await g
      .checkin(ap.auth, { upgrade: { id: String(upgrade.id), state: 'downloading', progress: 30 } })
      .expect(200);
    const downloading = await show(admin.auth, upgrade.id);
    expect(downloading).toMatchObject({
      status: 'in_progress',
      progress: 30,
      error: null,
      previous_version: '1.0.0',
      completed_at: null,
    });
    expect(Date.parse(downloading.started_at)).not.toBeNaN();
    const resumed = await g.checkin(ap.auth, {}).expect(200);
    expect(resumed.body.upgrade).toEqual(handed.body.upgrade);
    await g
      .checkin(ap.auth, { upgrade: { id: upgrade.id, state: 'installing', progress: 90 } })
      .expect(200);
    const rebooted = await g.checkin(ap.auth, { firmware_version: '2.0.0' }).expect(200);
    expect(rebooted.body.upgrade).toBeNull();
    const done = await show(admin.auth, upgrade.id);
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      previous_version: '1.0.0',
      started_at: downloading.started_at,
    });
    expect(Date.parse(done.completed_at)).not.toBeNaN();
  });

  it('moves a pending upgrade straight to failed with the error, and ignores reports on closed or foreign upgrades', async () => {
    const { admin, ap } = await fleet();
    const upgrade = await createUpgrade(admin.auth, ap.device.id);
    await g
      .checkin(ap.auth, {
        upgrade: { id: upgrade.id, state: 'failed', error: 'checksum mismatch' },
      })
      .expect(200);
    const failed = await show(admin.auth, upgrade.id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'checksum mismatch',
      previous_version: null,
    });
    await g.checkin(ap.auth, { upgrade: { id: upgrade.id, state: 'done' } }).expect(200);
    expect(await show(admin.auth, upgrade.id)).toEqual(failed);

    const other = await fleet();
    const foreign = await createUpgrade(other.admin.auth, other.ap.device.id);
    const before = await show(other.admin.auth, foreign.id);
    const res = await g
      .checkin(ap.auth, { upgrade: { id: foreign.id, state: 'done' } })
      .expect(200);
    expect(res.body.upgrade).toBeNull();
    expect(await show(other.admin.auth, foreign.id)).toEqual(before);
    await g.checkin(ap.auth, { upgrade: { id: 2147483648, state: 'done' } }).expect(200);
  });

  it('hands out a later upgrade only once its wall-clock time in its time zone has passed', async () => {
    const { admin, ap } = await fleet();
    const upgrade = await createUpgrade(admin.auth, ap.device.id, {
      schedule_type: 'later',
      schedule_at: '2999-01-01T00:00:00',
      time_zone: 'Europe/Paris',
    });
    expect((await show(admin.auth, upgrade.id)).schedule_at).toBe('2998-12-31T23:00:00.000Z');
    expect((await g.checkin(ap.auth).expect(200)).body.upgrade).toBeNull();
    const local = new Date(Date.now() - 60_000).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo' });
    await t()
      .http()
      .patch(`/upgrades/${upgrade.id}`)
      .set(admin.auth)
      .send({ upgrade: { schedule_at: local.replace(' ', 'T'), time_zone: 'Asia/Tokyo' } })
      .expect(200);
    expect((await g.checkin(ap.auth).expect(200)).body.upgrade).toMatchObject({ id: upgrade.id });
  });

  it('filters upgrades by status and rollout, refusing an unknown status', async () => {
    const { admin, part, ap } = await fleet();
    const second = await g.device(admin.orgId, { part });
    const failed = await createUpgrade(admin.auth, ap.device.id);
    await g.checkin(ap.auth, { upgrade: { id: failed.id, state: 'failed' } }).expect(200);
    const pending = await createUpgrade(admin.auth, second.device.id);
    const list = (query: object) => t().http().get('/upgrades').query(query).set(admin.auth);
    expect(
      (await list({ status: 'failed' }).expect(200)).body.data.upgrades.map(
        (u: { id: number }) => u.id,
      ),
    ).toEqual([failed.id]);
    expect(
      (await list({ status: 'pending' }).expect(200)).body.data.upgrades.map(
        (u: { id: number }) => u.id,
      ),
    ).toEqual([pending.id]);
    expect((await list({ rollout_id: 1 }).expect(200)).body.data.upgrades).toEqual([]);
    expect((await list({ status: 'stuck' }).expect(422)).body).toEqual({
      message: 'status must be one of: pending, in_progress, done, failed, cancelled',
      status: 422,
    });
  });

  it('filters upgrades by device, with the status filter, refusing a device id that is not one', async () => {
    const { admin, part, ap } = await fleet();
    const second = await g.device(admin.orgId, { part });
    const failed = await createUpgrade(admin.auth, ap.device.id);
    await g.checkin(ap.auth, { upgrade: { id: failed.id, state: 'failed' } }).expect(200);
    const again = await createUpgrade(admin.auth, ap.device.id);
    const others = await createUpgrade(admin.auth, second.device.id);
    const other = await fleet();
    const theirs = await createUpgrade(other.admin.auth, other.ap.device.id);
    const ids = async (query: object, auth = admin.auth) =>
      (await t().http().get('/upgrades').query(query).set(auth).expect(200)).body.data.upgrades.map(
        (u: { id: number }) => u.id,
      );
    expect(await ids({ device_id: ap.device.id })).toEqual([failed.id, again.id]);
    expect(await ids({ device_id: String(second.device.id) })).toEqual([others.id]);
    expect(await ids({ device_id: ap.device.id, status: 'pending' })).toEqual([again.id]);
    // another organisation's device, and an id out of range, name no upgrade of the caller
    expect(await ids({ device_id: other.ap.device.id })).toEqual([]);
    expect(await ids({ device_id: other.ap.device.id }, other.admin.auth)).toEqual([theirs.id]);
    expect(await ids({ device_id: '2147483648' })).toEqual([]);
    for (const bad of ['abc', '1.5', '']) {
      expect(
        (await t().http().get('/upgrades').query({ device_id: bad }).set(admin.auth).expect(422))
          .body,
      ).toEqual({ message: 'device_id must be an integer number', status: 422 });
    }
  });
});

onBothDatabases(
  'upgrade timeout',
  (t) => {
    const g = gatewayFixtures(t);

    it('fails an in-progress upgrade whose device stopped checking in, on every read, and ignores later reports', async () => {
      const admin = await t().fixtures.admin();
      const part = await t().fixtures.hardwarePart();
      await t().fixtures.upgradeData({
        version: '3.0.0',
        url: { [part.part_number]: 'https://fw/3' },
      });
      const ap = await g.device(admin.orgId, { part });
      const created = await t()
        .http()
        .post('/upgrades')
        .set(admin.auth)
        .send({
          upgrade: { aps: [`AP:${ap.device.id}`], upgrade_type: 'manual', version: '3.0.0' },
        })
        .expect(200);
      const id = created.body.data.upgrades[0].id as number;
      await g.checkin(ap.auth, { upgrade: { id, state: 'downloading' } }).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const list = await t()
        .http()
        .get('/upgrades')
        .query({ status: 'failed' })
        .set(admin.auth)
        .expect(200);
      expect(list.body.data.upgrades).toEqual([
        expect.objectContaining({
          id,
          status: 'failed',
          error: 'timed out',
          completed_at: expect.any(String),
        }),
      ]);
      const res = await g.checkin(ap.auth, { upgrade: { id, state: 'done' } }).expect(200);
      expect(res.body.upgrade).toBeNull();
      expect(
        (await t().http().get(`/upgrades/${id}`).set(admin.auth).expect(200)).body.data.upgrades,
      ).toMatchObject({
        status: 'failed',
        error: 'timed out',
      });
    });
  },
  { UPGRADE_TIMEOUT_SECONDS: '1' },
);

onBothDatabases('check-in cost', (t) => {
  const g = gatewayFixtures(t);
  const ssids = async (auth: Record<string, string>, networkId: number, count: number) => {
    for (let i = 0; i < count; i++) {
      await t()
        .http()
        .post('/v1/network_ssids')
        .set(auth)
        .send({ network_id: networkId, network_ssid: { ssid_name: `ssid-${i}` } })
        .expect(200);
    }
  };
  const statements = (work: () => Promise<unknown>) =>
    t()
      .statementsOf(work)
      .then((list) =>
        list.filter((sql) => !/^(BEGIN|COMMIT|START TRANSACTION|ROLLBACK)/i.test(sql)),
      );

  it('reads the device in one statement and writes its heartbeat in one more, whatever the size of the network', async () => {
    const admin = await t().fixtures.admin();
    const small = await t().fixtures.network(admin.orgId);
    const large = await t().fixtures.network(admin.orgId);
    await ssids(admin.auth, small.id, 1);
    await ssids(admin.auth, large.id, 8);
    const a = await g.device(admin.orgId, { networkId: small.id });
    const b = await g.device(admin.orgId, { networkId: large.id });
    // Credentials not cached yet: the statement that reads them also reads the device. Never
    // heard from, it becomes UP: its heartbeat, its recorded state and its device.up, in one
    // transaction, under the organisation's event-order lock on PostgreSQL, and
    // the read of the webhooks that may want it (none here, so nothing queued).
    const first = await statements(() => g.checkin(a.auth).expect(200));
    expect(first).toEqual([
      expect.stringMatching(/^SELECT mi."secret_hash", mi."mac_id"/),
      expect.stringMatching(/^INSERT INTO "heartbeats"/),
      expect.stringMatching(/^UPDATE "heartbeats" SET "up" = true/),
      ...(t().db === 'postgres' ? [expect.stringMatching(/^SELECT pg_advisory_xact_lock/)] : []),
      expect.stringMatching(/^INSERT INTO "events"/),
      expect.stringMatching(
        /^SELECT w."id", w."event_types" FROM "webhooks" w WHERE w."organisation_id" = /,
      ),
    ]);
    await g.checkin(b.auth).expect(200);
    // Cached, as a device's steady state is; its heartbeat is a group commit's batch of one.
    const steadyA = await statements(() => g.checkin(a.auth, { clients: 3 }).expect(200));
    const steadyB = await statements(() => g.checkin(b.auth, { clients: 3 }).expect(200));
    expect(steadyA).toEqual([
      expect.stringMatching(/^SELECT d."id"/),
      expect.stringMatching(/^INSERT INTO "heartbeats"/),
    ]);
    expect(steadyB.length).toBe(steadyA.length);
  });

  it('stays at one statement and a heartbeat while its only upgrade is scheduled for later', async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    await t().fixtures.upgradeData({
      version: '2.0.0',
      url: { [part.part_number]: 'https://fw.example/2.0.0.bin' },
    });
    const ap = await g.device(admin.orgId, { part });
    await g.checkin(ap.auth, { firmware_version: '1.0.0' }).expect(200);
    const upgrade = (schedule_at: string) =>
      t()
        .http()
        .post('/upgrades')
        .set(admin.auth)
        .send({
          upgrade: {
            aps: [`AP:${ap.device.id}`],
            upgrade_type: 'manual',
            version: '2.0.0',
            schedule_type: 'later',
            schedule_at,
            time_zone: 'UTC',
          },
        })
        .expect(200);
    const later = (await upgrade('2099-01-01T00:00:00Z')).body.data.upgrades[0].id as number;
    const steady = await statements(() =>
      g.checkin(ap.auth, { firmware_version: '1.0.0' }).expect(200),
    );
    expect(steady).toEqual([
      expect.stringMatching(/^SELECT d."id"/),
      expect.stringMatching(/^INSERT INTO "heartbeats"/),
    ]);
    // Once it is due, the check-in hands it out.
    await t()
      .dataSource.getRepository(Upgrade)
      .update(later, { schedule_at: new Date('2000-01-01T00:00:00Z') });
    const due = await g.checkin(ap.auth, { firmware_version: '1.0.0' }).expect(200);
    expect(due.body.upgrade).toEqual({
      id: later,
      version: '2.0.0',
      url: 'https://fw.example/2.0.0.bin',
      save_prev_config: false,
    });
  });

  it('answers the configuration in one statement', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    await ssids(admin.auth, network.id, 3);
    const a = await g.device(admin.orgId, { networkId: network.id });
    const read = () => t().http().get('/device/v1/config').set(a.auth).expect(200);
    expect(await statements(read)).toHaveLength(1);
    expect(await statements(read)).toHaveLength(1);
  });
});
