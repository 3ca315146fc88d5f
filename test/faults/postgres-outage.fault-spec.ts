import { InProcessApp, startInProcess } from './support/in-process-app';
import { sleep } from '../harness/ports';
import { committedNetworkNames, PostgresCluster } from './support/postgres-cluster';

interface Outcome {
  name?: string;
  method: 'GET' | 'POST';
  status: number | 'network-error';
  body: unknown;
  retryAfter: string | null;
  started: number;
  ended: number;
}

const WRITERS = 4;
const MAX_REQUESTS_PER_CLIENT = 3000;

/**
 * Outages: PostgreSQL stopped and started again under a bounded write load. While
 * it is down every request answers 503 1040 with Retry-After, fast; within 5 s of its return the
 * service answers 200 again by itself; every write acknowledged with 200 is in the database.
 */
describe('PostgreSQL stopped and started under load', () => {
  let cluster: PostgresCluster | undefined;
  let server: InProcessApp | undefined;
  let databaseUrl: string;

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    databaseUrl = await cluster.createDatabase('airfleet_fault');
    server = await startInProcess({ DATABASE_URL: databaseUrl });
  }, 120_000);

  afterAll(async () => {
    try {
      if (cluster && server) {
        cluster.start(); // closing the app is quicker with its database up
      }
    } catch {
      // already running
    }
    await server?.close().catch(() => undefined);
    await cluster?.destroy();
  }, 60_000);

  it('answers 503 1040 fast while it is down, 200 within 5 s of its return, and loses no acknowledged write', async () => {
    const app = server!;
    const admin = await app.fixtures.admin();
    const headers = { ...admin.auth, 'content-type': 'application/json' };
    const outcomes: Outcome[] = [];
    let running = true;
    let sequence = 0;

    async function call(method: 'GET' | 'POST', path: string, name?: string): Promise<void> {
      const started = Date.now();
      try {
        const res = await fetch(`${app.base}${path}`, {
          method,
          headers,
          body: name
            ? JSON.stringify({ location_network: { network_name: name, timezone: 'UTC' } })
            : undefined,
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        outcomes.push({
          name,
          method,
          status: res.status,
          body: text ? (JSON.parse(text) as unknown) : null,
          retryAfter: res.headers.get('retry-after'),
          started,
          ended: Date.now(),
        });
      } catch (error) {
        outcomes.push({
          name,
          method,
          status: 'network-error',
          body: String(error),
          retryAfter: null,
          started,
          ended: Date.now(),
        });
      }
    }

    const writer = async (id: number) => {
      for (let i = 0; running && i < MAX_REQUESTS_PER_CLIENT; i++) {
        await call('POST', '/v1/location_networks', `load-${id}-${sequence++}`);
      }
    };
    const reader = async () => {
      for (let i = 0; running && i < MAX_REQUESTS_PER_CLIENT; i++) {
        await call('GET', '/v1/location_networks/list_networks?per_page=5');
      }
    };
    const clients = [...Array.from({ length: WRITERS }, (_, id) => writer(id)), reader()];

    await sleep(1500);
    cluster!.stop('fast');
    const downFrom = Date.now();
    await sleep(3000);
    const downUntil = Date.now();
    cluster!.start();
    const upAt = Date.now();
    let recoveredAt: number | null = null;
    while (recoveredAt === null && Date.now() - upAt < 10_000) {
      const res = await fetch(`${app.base}/v1/location_networks/list_networks?per_page=1`, {
        headers,
      });
      await res.text();
      if (res.status === 200) {
        recoveredAt = Date.now();
      } else {
        await sleep(50);
      }
    }
    await sleep(1500);
    running = false;
    await Promise.all(clients);

    // back by itself within 5 s of the database's return
    expect(recoveredAt).not.toBeNull();
    expect(recoveredAt! - upAt).toBeLessThan(5000);

    // never a 401, a 500 or a broken connection: 200 or 503 1040 with Retry-After
    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(o.body).toEqual({ msg: 'The database is unreachable, retry later', error_code: 1040 });
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }

    // every request made entirely while it was down answered 503, each in under 2 s
    const duringOutage = outcomes.filter((o) => o.started >= downFrom && o.ended <= downUntil);
    expect(duringOutage.length).toBeGreaterThan(WRITERS);
    expect(duringOutage.filter((o) => o.status !== 503)).toEqual([]);
    expect(duringOutage.filter((o) => o.ended - o.started >= 2000)).toEqual([]);

    // load ran before and after the outage
    expect(outcomes.some((o) => o.status === 200 && o.ended < downFrom)).toBe(true);
    expect(outcomes.some((o) => o.status === 200 && o.method === 'POST' && o.started > upAt)).toBe(
      true,
    );

    // no acknowledged write is lost
    const acknowledged = outcomes
      .filter((o) => o.method === 'POST' && o.status === 200)
      .map((o) => o.name!);
    expect(await committedNetworkNames(databaseUrl, acknowledged)).toEqual(
      [...acknowledged].sort(),
    );
  });
});
