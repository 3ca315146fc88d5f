import { Logger } from '@nestjs/common';
import { Client, Pool } from 'pg';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DATABASES, PG_ADMIN_URL, startApp, TestApp } from '../harness/app';
import { Caller } from '../harness/fixtures';
import { Browser, browserUser, signedIn } from '../harness/web-session';

const UNAVAILABLE = { msg: 'The database is unreachable, retry later', error_code: 1040 };

function expectUnavailable(res: {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual(UNAVAILABLE);
  expect(res.headers['retry-after']).toBe('5');
}

describe.each(DATABASES)('database gone for good [%s]', (db) => {
  let t: TestApp;
  let admin: Caller;
  let page: Browser;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    t = await startApp(db);
    admin = await t.fixtures.admin();
    page = await signedIn(t, await browserUser(t));
    await t.dataSource.destroy();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  }, 120_000);
  afterAll(async () => {
    warn.mockRestore();
    await t.close();
  });

  it('answers 503 1040 with Retry-After, not 401, to a token it can no longer check', async () => {
    expectUnavailable(await t.http().get('/v1/location_networks/list_networks').set(admin.auth));
    expectUnavailable(
      await t.http().get('/v1/location_networks/list_networks?access_token=af_unknown'),
    );
  });

  it('logs the outage with the request id and without the token', async () => {
    warn.mockClear();
    await t.http().get('/v1/location_networks/list_networks').set(admin.auth).expect(503);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ reqId: expect.any(String) }),
      'Database unreachable',
    );
    expect(JSON.stringify(warn.mock.calls)).not.toContain(admin.token);
  });

  it('still answers 401 1028 without a token: that needs no database', async () => {
    const res = await t.http().get('/v1/location_networks/list_networks').expect(401);
    expect(res.body.error_code).toBe(1028);
  });

  it('answers the pages with a 503 page and Retry-After, not a 500', async () => {
    const res = await page.get('/upgrades').expect(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.text).toContain('cannot reach its database');
  });

  it('answers 503 on /health', async () => {
    await t.http().get('/health').expect('Retry-After', '5').expect(503, {
      status: 'error',
      database: 'down',
      msg: 'The database is unreachable, retry later',
      error_code: 1040,
    });
  });
});

/** Points the pool at a port where nothing listens and ends its open connections. */
async function cutOff(t: TestApp): Promise<() => void> {
  const pool = (t.dataSource.driver as PostgresDriver).master as Pool & {
    options: { connectionString: string; port?: number };
  };
  const original = pool.options.connectionString;
  const dead = new URL(original);
  dead.port = '1';
  pool.options.connectionString = dead.toString();
  const database = new URL(original).pathname.slice(1);
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  await admin.end();
  return () => {
    pool.options.connectionString = original;
  };
}

describe('PostgreSQL unreachable, then back', () => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await startApp('postgres');
    admin = await t.fixtures.admin();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 1040 while it is unreachable and 200 again when it returns, without a restart', async () => {
    const list = () => t.http().get('/v1/location_networks/list_networks').set(admin.auth);
    await list().expect(200);
    const restore = await cutOff(t);
    try {
      for (let i = 0; i < 3; i++) {
        expectUnavailable(await list());
      }
      const write = await t
        .http()
        .post('/v1/location_networks')
        .set(admin.auth)
        .send({ location_network: { network_name: 'during the outage', timezone: 'UTC' } });
      expectUnavailable(write);
      await t.http().get('/health').expect('Retry-After', '5').expect(503, {
        status: 'error',
        database: 'down',
        msg: 'The database is unreachable, retry later',
        error_code: 1040,
      });
    } finally {
      restore();
    }
    await list().expect(200);
    await t.http().get('/health').expect(200, { status: 'ok', database: 'up' });
  });
});
