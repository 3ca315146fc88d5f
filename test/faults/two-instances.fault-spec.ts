import { Client } from 'pg';
import { PostgresCluster } from './support/postgres-cluster';
import { RedisServer } from './support/redis-server';
import { DemoCredentials, ServerProcess } from './support/server-process';

const RATE_LIMIT = 40;
const ALLOWED_DEVICES = 5;

async function send(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Two instances on one PostgreSQL database and one Redis, started at the same time
 * on an empty database with DEMO=true.
 */
describe('two instances on one database and one Redis', () => {
  let cluster: PostgresCluster | undefined;
  let redis: RedisServer | undefined;
  let servers: ServerProcess[] = [];
  let databaseUrl: string;
  let demo: DemoCredentials;

  beforeAll(async () => {
    cluster = await PostgresCluster.create();
    redis = await RedisServer.create();
    databaseUrl = await cluster.createDatabase('airfleet_fault');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    };
    servers = await Promise.all([ServerProcess.spawn(env), ServerProcess.spawn(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.destroy();
    await cluster?.destroy();
  }, 60_000);

  async function query<T extends object>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  it('starts both on an empty database at once: both run, exactly one demo organisation', async () => {
    await Promise.all(servers.map((s) => s.ready()));
    const printed = servers.map((s) => s.demo()).filter((d) => d !== null);
    expect(printed).toHaveLength(1);
    demo = printed[0];
    expect(await query('SELECT id FROM organisations')).toHaveLength(1);
    for (const s of servers) {
      expect((await send(s.base, 'GET', '/health')).body).toEqual({
        status: 'ok',
        database: 'up',
        redis: 'up',
      });
      expect(s.running).toBe(true);
    }
  }, 180_000);

  it('never passes the allowed device count under concurrent provisioning on both', async () => {
    await query('UPDATE organisations SET allowed_device_count = $1', [ALLOWED_DEVICES]);
    const network = await send(servers[0].base, 'POST', '/v1/location_networks', demo.token, {
      location_network: { network_name: 'Provisioning race', timezone: 'UTC' },
    });
    expect(network.status).toBe(200);
    const networkId = (network.body.data as { id: number }).id;
    // The demo organisation holds one device already (its demo access point).
    const held = (await query('SELECT id FROM devices')).length;
    expect(held).toBe(1);
    const macs = (
      await query<{ mac_id: string }>(
        'SELECT mac_id FROM master_inventory WHERE mac_id NOT IN (SELECT mac_id FROM devices) ORDER BY id',
      )
    ).map((row) => row.mac_id);
    expect(macs.length).toBeGreaterThan(ALLOWED_DEVICES * 2);

    const results = await Promise.all(
      macs.map((mac, i) =>
        send(servers[i % 2].base, 'POST', '/v1/access_points/provisioning', demo.token, {
          mac_id: mac,
          network_id: String(networkId),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(ALLOWED_DEVICES - held);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused).toEqual({ status: 422, body: expect.objectContaining({ error_code: 1005 }) });
    }
    expect(await query('SELECT id FROM devices')).toHaveLength(ALLOWED_DEVICES);
  });

  it('shares the rate limit: requests to both count against one budget', async () => {
    // Unauthenticated requests count per IP address; all of these come from 127.0.0.1.
    const path = '/v1/location_networks/list_networks';
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await send(servers[i % 2].base, 'GET', path);
      expect(res.status).toBe(401);
    }
    for (const s of servers) {
      const res = await send(s.base, 'GET', path);
      expect(res).toEqual({
        status: 429,
        body: { msg: 'Rate limit exceeded, retry later', error_code: 1031 },
      });
    }
  });
});
