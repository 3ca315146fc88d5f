import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, In } from 'typeorm';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Device } from '../../src/devices/device.entity';
import { basicAuth, macUser } from '../harness/device-gateway.helpers';
import { sleep } from '../harness/ports';
import { startInProcess } from './support/in-process-app';
import { PostgresCluster } from './support/postgres-cluster';
import { ServerProcess } from './support/server-process';

const DEVICES = 24;
const SECRET = 'fault-test-secret-0123456789';

/** The last check-in of a device that was answered 200, and when it was sent and answered. */
interface Acknowledged {
  uptime: number;
  sent: number;
  answered: number;
}

/** Devices with a factory secret, claimed by one organisation, in the database that env names. */
async function seedDevices(env: Record<string, string>): Promise<{ id: number; mac: string }[]> {
  const app = await startInProcess(env);
  try {
    const admin = await app.fixtures.admin();
    const part = await app.fixtures.hardwarePart();
    const records = await app.fixtures.masterDevices(DEVICES, part, { secret: SECRET });
    const devices: { id: number; mac: string }[] = [];
    for (const record of records) {
      const device = await app.fixtures.save(Device, {
        organisation_id: admin.orgId,
        mac_id: record.mac_id,
        serial: record.serial,
        hardware_part_id: part.id,
      });
      devices.push({ id: device.id, mac: record.mac_id });
    }
    return devices;
  } finally {
    await app.close();
  }
}

/**
 * Every device checks in one request after another, each with a higher uptime, until `running`
 * says stop; returns each device's last check-in answered 200 (none if none was).
 */
function burst(base: string, devices: { mac: string }[], running: () => boolean) {
  const acknowledged = new Map<string, Acknowledged>();
  const statuses = new Set<number | 'network-error'>();
  const done = Promise.all(
    devices.map(async ({ mac }) => {
      const headers = { ...basicAuth(macUser(mac), SECRET), 'content-type': 'application/json' };
      for (let uptime = 1; running() && uptime < 100_000; uptime++) {
        const sent = Date.now();
        try {
          const res = await fetch(`${base}/device/v1/checkin`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ uptime_seconds: uptime, name: `up-${uptime}` }),
            signal: AbortSignal.timeout(10_000),
          });
          await res.text();
          statuses.add(res.status);
          if (res.status === 200) {
            acknowledged.set(mac, { uptime, sent, answered: Date.now() });
          }
        } catch {
          statuses.add('network-error');
          await sleep(20);
        }
      }
    }),
  );
  return { acknowledged, statuses, done };
}

/** Every acknowledged check-in is in the heartbeat record: its fields, or a later one's. */
async function expectStored(
  env: Record<string, string>,
  devices: { id: number; mac: string }[],
  acknowledged: Map<string, Acknowledged>,
) {
  const app = await startInProcess(env);
  try {
    const rows = await app.app
      .get(DataSource)
      .getRepository(Heartbeat)
      .findBy({ device_id: In(devices.map((d) => d.id)) });
    const byDevice = new Map(rows.map((row) => [row.device_id, row]));
    const lost: string[] = [];
    for (const { id, mac } of devices) {
      const ack = acknowledged.get(mac);
      if (!ack) {
        continue;
      }
      const row = byDevice.get(id);
      const uptime = row?.uptime_seconds ?? 0;
      const at = row?.checked_in_at?.getTime() ?? 0;
      if (!row || uptime < ack.uptime || at < ack.sent - 1000) {
        lost.push(`${mac}: answered uptime ${ack.uptime}, stored ${uptime}`);
      } else if (uptime === ack.uptime) {
        expect(row.name).toBe(`up-${ack.uptime}`);
        expect(at).toBeLessThanOrEqual(ack.answered + 1000);
      }
    }
    expect(lost).toEqual([]);
  } finally {
    await app.close();
  }
}

/** A check-in answered 200 is durable, whatever happens to the process afterwards. */
describe.each(['sqlite', 'postgres'] as const)('answered check-ins survive [%s]', (db) => {
  let cluster: PostgresCluster | undefined;
  let folder: string | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (db === 'postgres') {
      cluster = await PostgresCluster.create();
      env = { DATABASE_URL: await cluster.createDatabase('airfleet_checkins') };
    } else {
      folder = mkdtempSync(join(tmpdir(), 'airfleet-checkins-'));
      env = { DATABASE_PATH: join(folder, 'airfleet.sqlite') };
    }
    env = { ...env, DEMO: 'false', RATE_LIMIT_PER_MINUTE: '0' };
  }, 120_000);

  afterAll(async () => {
    await cluster?.destroy();
    if (folder) {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('kill -9 during a burst of check-ins: every check-in answered 200 is found afterwards', async () => {
    const devices = await seedDevices(env);
    const server = await ServerProcess.launch(env);
    let running = true;
    const load = burst(server.base, devices, () => running);
    try {
      await sleep(2000);
      server.signal('SIGKILL');
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      running = false;
      await load.done;
      await server.stop();
    }
    expect(load.statuses.has(200)).toBe(true);
    expect(load.acknowledged.size).toBe(DEVICES);
    await expectStored(env, devices, load.acknowledged);
  }, 180_000);

  if (db === 'postgres') {
    it('a graceful stop while PostgreSQL is down exits with no answered check-in unwritten', async () => {
      const devices = await seedDevices(env);
      const server = await ServerProcess.launch(env);
      let running = true;
      const load = burst(server.base, devices, () => running);
      try {
        await sleep(1500);
        cluster!.stop('fast');
        await sleep(2000);
        server.signal('SIGTERM');
        await server.exited;
      } finally {
        running = false;
        await load.done;
        await server.stop();
        cluster!.start();
      }
      // While it was down the check-ins were refused (503), never answered 200 and dropped.
      expect(load.statuses.has(503)).toBe(true);
      await expectStored(env, devices, load.acknowledged);
    }, 180_000);
  }
});
