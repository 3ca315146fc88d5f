import { get } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ServerProcess } from '../faults/support/server-process';
import { migratedPostgresDatabase, startApp } from '../harness/app';
import { waitUntil } from '../harness/ports';
import { basicAuth, gatewayFixtures, macUser } from '../harness/device-gateway.helpers';

/** GET on a connection of its own (node:cluster hands each connection to the next worker). */
function fetchOnNewConnection(url: string): Promise<{ status: number; worker?: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          worker: res.headers['x-airfleet-worker'] as string,
        }),
      );
    }).on('error', reject);
  });
}

/** The workers the primary said it started: worker number → pid. */
function startedWorkers(stdout: string): Map<number, number> {
  const workers = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    if (line.startsWith('{') && line.includes(' started"')) {
      const entry = JSON.parse(line) as { msg: string; worker: number; worker_pid: number };
      if (/^Worker \d+ started$/.test(entry.msg)) {
        workers.set(entry.worker, entry.worker_pid);
      }
    }
  }
  return workers;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** WEB_CONCURRENCY worker processes (node:cluster) serving one port, on PostgreSQL. */
describe('WEB_CONCURRENCY [postgres]', () => {
  let server: ServerProcess;
  let database: { url: string; release: () => Promise<void> };
  let device: { mac: string; auth: { Authorization: string } };

  beforeAll(async () => {
    database = await migratedPostgresDatabase();
    // Given a device by the app in this process, then served by the workers.
    const setup = await startApp('postgres', { DATABASE_URL: database.url });
    const admin = await setup.fixtures.admin();
    const ap = await gatewayFixtures(() => setup).device(admin.orgId);
    device = { mac: ap.device.mac_id, auth: basicAuth(macUser(ap.device.mac_id), ap.secret) };
    await setup.close();
    server = await ServerProcess.launch({
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.release();
  });

  it('answers from two workers on one port and prints one banner', async () => {
    expect([...startedWorkers(server.stdout).keys()]).toEqual([1, 2]);
    expect(server.stdout.split('Airfleet is listening').length - 1).toBe(1);
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const res = await fetchOnNewConnection(`${server.base}/health`);
      expect(res.status).toBe(200);
      seen.add(res.worker);
    }
    expect([...seen].sort()).toEqual(['1', '2']);
  });

  it('starts a new worker when one dies', async () => {
    const pid = startedWorkers(server.stdout).get(2)!;
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => startedWorkers(server.stdout).has(3), 60_000, 'worker 3');
    expect(server.stdout).toContain('Worker 2 exited (SIGKILL); starting another');
    const seen = new Set<string | undefined>();
    await waitUntil(
      async () => {
        seen.add((await fetchOnNewConnection(`${server.base}/health`)).worker);
        return seen.has('3');
      },
      60_000,
      'an answer from worker 3',
    );
    expect(seen.has('2')).toBe(false);
  }, 120_000);

  it('stops every worker on SIGTERM, each writing its buffered heartbeats first', async () => {
    const res = await fetch(`${server.base}/device/v1/checkin`, {
      method: 'POST',
      headers: { ...device.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'before-sigterm' }),
    });
    expect(res.status).toBe(200);
    const pids = [...startedWorkers(server.stdout).values()];
    await server.stop();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(pids.filter(alive)).toEqual([]);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT h."name" FROM "heartbeats" h JOIN "devices" d ON d."id" = h."device_id" WHERE d."mac_id" = $1',
        [device.mac],
      );
      expect(rows).toEqual([{ name: 'before-sigterm' }]);
    } finally {
      await client.end();
    }
  }, 60_000);
});

describe('WEB_CONCURRENCY [sqlite]', () => {
  it('serves from one process, saying why in one line', async () => {
    const server = await ServerProcess.launch({
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'airfleet-cluster-')), 'db.sqlite'),
      WEB_CONCURRENCY: '2',
    });
    try {
      expect(server.stdout).toContain(
        'WEB_CONCURRENCY=2 ignored: SQLite is served by one process (set DATABASE_URL to run several workers on PostgreSQL)',
      );
      const res = await fetchOnNewConnection(`${server.base}/health`);
      expect(res).toEqual({ status: 200, worker: undefined });
    } finally {
      await server.stop();
    }
  }, 180_000);
});
