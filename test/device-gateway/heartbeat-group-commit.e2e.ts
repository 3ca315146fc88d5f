process.env.TZ = 'UTC';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckinHeartbeat } from '../../src/device-state/checkin-heartbeat';
import { HeartbeatsRepository } from '../../src/device-state/heartbeats.repository';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { DATABASES, migratedPostgresDatabase, onBothDatabases, startApp } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';

/**
 * A check-in is answered only once its heartbeat is committed (group commit), so every
 * read right after the answer shows it, on the default configuration the users run.
 */
onBothDatabases('heartbeats by group commit', (t) => {
  const g = gatewayFixtures(t);
  const repository = () => t().app.get(HeartbeatsRepository);
  const status = async (auth: Record<string, string>, mac: string) =>
    (
      await t()
        .http()
        .get('/v1/access_points/current_status')
        .query({ mac_id: mac })
        .set(auth)
        .expect(200)
    ).body.data as Record<string, unknown>;

  it('shows an answered check-in at once in current_status, statuses and overview', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const ap = await g.device(admin.orgId, { networkId: network.id });
    await g
      .checkin(ap.auth, { name: 'ap-1', firmware_version: '1.0.0', clients: 2, uptime_seconds: 9 })
      .expect(200);
    expect(await status(admin.auth, ap.device.mac_id)).toEqual({
      name: 'ap-1',
      device_status: 'UP',
      firmware_version: '1.0.0',
      network_name: 'Lobby',
      hardware_model: null,
      public_ip: expect.stringMatching(/127\.0\.0\.1$/),
      last_seen_time: expect.any(Number),
    });
    const statuses = await t().http().get('/v1/access_points/statuses').set(admin.auth).expect(200);
    expect(statuses.body.data.devices).toEqual([
      expect.objectContaining({
        id: ap.device.id,
        device_status: 'UP',
        firmware_version: '1.0.0',
        clients: 2,
        uptime_seconds: 9,
      }),
    ]);
    expect(statuses.body.data.summary).toEqual({ up: 1, down: 0 });
    const overview = await t().http().get('/v1/overview').set(admin.auth).expect(200);
    expect(overview.body.data.devices).toEqual({ total: 1, up: 1, down: 0 });
  });

  it('shows the admin heartbeat that replaced a check-in at once, and the check-in after it', async () => {
    const admin = await t().fixtures.admin();
    const ap = await g.device(admin.orgId);
    await g.checkin(ap.auth, { name: 'from-device', firmware_version: '1.0.0' }).expect(200);
    await t()
      .http()
      .post('/v1/access_points/heartbeat')
      .set(admin.auth)
      .send({ mac_id: ap.device.mac_id, name: 'from-admin' })
      .expect(200);
    expect(await status(admin.auth, ap.device.mac_id)).toMatchObject({
      name: 'from-admin',
      firmware_version: null,
    });
    await g.checkin(ap.auth, { firmware_version: '1.0.1' }).expect(200);
    expect(await status(admin.auth, ap.device.mac_id)).toMatchObject({
      name: 'from-admin',
      firmware_version: '1.0.1',
    });
  });

  it('answers check-ins of many devices at once, each committed when answered', async () => {
    const admin = await t().fixtures.admin();
    const devices = [];
    for (let i = 0; i < 12; i++) {
      devices.push(await g.device(admin.orgId));
    }
    await Promise.all(
      devices.map((ap, i) => g.checkin(ap.auth, { name: `ap-${i}`, clients: i }).expect(200)),
    );
    const rows = await t()
      .dataSource.getRepository(Heartbeat)
      .find({
        order: { device_id: 'ASC' },
        where: devices.map((d) => ({ device_id: d.device.id })),
      });
    expect(rows.map((row) => [row.name, row.clients])).toEqual(
      devices.map((_, i) => [`ap-${i}`, i]),
    );
  });

  it('writes a batch of check-ins in one statement, one row per device, leaving out removed devices and other organisations’', async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin();
    const devices = [];
    for (let i = 0; i < 3; i++) {
      devices.push(await g.device(admin.orgId));
    }
    const elsewhere = await g.device(other.orgId);
    const at = new Date();
    const batch: CheckinHeartbeat[] = [
      ...devices.map(({ device }, i) => ({
        device_id: device.id,
        organisation_id: admin.orgId,
        at,
        name: `ap-${i}`,
        network_name: null,
        public_ip: '10.0.0.1',
        clients: i,
      })),
      {
        device_id: 2_000_000_000,
        organisation_id: admin.orgId,
        at,
        network_name: null,
        public_ip: '10.0.0.9',
      },
      // A device of another organisation than the row names: left out.
      {
        device_id: elsewhere.device.id,
        organisation_id: admin.orgId,
        at,
        network_name: null,
        public_ip: '10.0.0.8',
      },
    ];
    const statements = await t().statementsOf(() => repository().upsertCheckins(batch));
    expect(statements).toEqual([expect.stringMatching(/^INSERT INTO "heartbeats"/)]);
    expect(
      await t().dataSource.getRepository(Heartbeat).findBy({ device_id: elsewhere.device.id }),
    ).toEqual([]);
    const rows = await t()
      .dataSource.getRepository(Heartbeat)
      .find({
        order: { device_id: 'ASC' },
        where: devices.map((d) => ({ device_id: d.device.id })),
      });
    expect(rows.map((row) => [row.name, row.clients])).toEqual([
      ['ap-0', 0],
      ['ap-1', 1],
      ['ap-2', 2],
    ]);
  });

  it('splits a batch only past the bind-parameter limit (about 2,100 devices a statement)', async () => {
    const admin = await t().fixtures.admin();
    const { device } = await g.device(admin.orgId);
    const at = new Date();
    const batch = Array.from({ length: 2_400 }, (_, i) => ({
      device_id: i === 0 ? device.id : 2_000_000_000 - i,
      organisation_id: admin.orgId,
      at,
      network_name: null,
      public_ip: '10.0.0.1',
    }));
    const statements = await t().statementsOf(() => repository().upsertCheckins(batch));
    expect(statements).toHaveLength(2);
  });

  it('never lets an older check-in, buffered elsewhere, overwrite a later heartbeat', async () => {
    const admin = await t().fixtures.admin();
    const { device } = await g.device(admin.orgId);
    const later = new Date();
    const earlier = new Date(later.getTime() - 500);
    await repository().upsertCheckins([
      {
        device_id: device.id,
        organisation_id: admin.orgId,
        at: later,
        name: 'later',
        network_name: 'Hall',
        public_ip: '10.0.0.2',
        clients: 7,
      },
    ]);
    await repository().upsertCheckins([
      {
        device_id: device.id,
        organisation_id: admin.orgId,
        at: earlier,
        name: 'earlier',
        firmware_version: '1.0.0',
        network_name: 'Lobby',
        public_ip: '10.0.0.1',
        clients: 1,
      },
    ]);
    expect(await status(admin.auth, device.mac_id)).toMatchObject({
      name: 'later',
      firmware_version: null,
      network_name: 'Hall',
      public_ip: '10.0.0.2',
    });
    const [row] = await t().dataSource.getRepository(Heartbeat).findBy({ device_id: device.id });
    expect(row.clients).toBe(7);
  });

  it('stores a configuration report before the answer', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: network.id });
    const revision = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
    await g.checkin(ap.auth, { config_revision: revision }).expect(200);
    const record = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .query({ mac_id: ap.device.mac_id })
      .set(admin.auth)
      .expect(200);
    expect(record.body.data.devices[0].config).toEqual({
      revision,
      applied_revision: revision,
      in_sync: true,
      error: null,
    });
  });

  it('records a configuration error only about the current revision', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: network.id });
    const revision = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
    const configOf = async () =>
      (
        await t()
          .http()
          .get('/v1/access_points/list_inventory')
          .query({ mac_id: ap.device.mac_id })
          .set(admin.auth)
          .expect(200)
      ).body.data.devices[0].config as unknown;
    const old = 'b'.repeat(64);
    await g
      .checkin(ap.auth, {
        config_revision: old,
        config_error: { revision, message: 'wpa_key rejected' },
      })
      .expect(200);
    const failed = { revision, applied_revision: old, in_sync: false, error: 'wpa_key rejected' };
    expect(await configOf()).toEqual(failed);
    // An old revision's failure neither replaces nor clears the current one's.
    await g
      .checkin(ap.auth, {
        config_revision: old,
        config_error: { revision: old, message: 'radio busy' },
      })
      .expect(200);
    expect(await configOf()).toEqual(failed);
    const [row] = await t().dataSource.getRepository(Heartbeat).findBy({ device_id: ap.device.id });
    expect(row).toMatchObject({
      applied_revision: old,
      config_error_revision: revision,
      config_error_message: 'wpa_key rejected',
    });
  });

  it('takes an upgrade’s previous version from the last answered check-in', async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    await t().fixtures.upgradeData({
      version: '2.0.0',
      url: { [part.part_number]: 'https://fw.example/2.0.0.bin' },
    });
    const ap = await g.device(admin.orgId, { part });
    await g.checkin(ap.auth, { firmware_version: '1.0.0' }).expect(200);
    const created = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: { aps: [`AP:${ap.device.id}`], upgrade_type: 'manual', version: '2.0.0' },
      })
      .expect(200);
    const id = created.body.data.upgrades[0].id as number;
    await g.checkin(ap.auth, { upgrade: { id, state: 'downloading' } }).expect(200);
    const shown = await t().http().get(`/upgrades/${id}`).set(admin.auth).expect(200);
    expect(shown.body.data.upgrades).toMatchObject({
      status: 'in_progress',
      previous_version: '1.0.0',
    });
  });
});

describe.each(DATABASES)('graceful shutdown after check-ins [%s]', (db) => {
  it('finds every answered check-in after a restart', async () => {
    const postgres = db === 'postgres' ? await migratedPostgresDatabase() : null;
    const env = {
      ...(postgres
        ? { DATABASE_URL: postgres.url }
        : { DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-hb-')), 'db.sqlite') }),
    };
    try {
      const first = await startApp(db, env);
      const g = gatewayFixtures(() => first);
      const admin = await first.fixtures.admin();
      const ap = await g.device(admin.orgId);
      await g.checkin(ap.auth, { name: 'before-shutdown' }).expect(200);
      await first.close();

      const second = await startApp(db, env);
      try {
        const [row] = await second.dataSource
          .getRepository(Heartbeat)
          .findBy({ device_id: ap.device.id });
        expect(row).toMatchObject({ name: 'before-shutdown' });
      } finally {
        await second.close();
      }
    } finally {
      await postgres?.release();
    }
  }, 120_000);
});
