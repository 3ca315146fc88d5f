import { Logger } from '@nestjs/common';
import { RateLimitStorage } from '../../src/common/rate-limit/rate-limit.storage';
import { startApp, TestApp } from '../harness/app';
import { RedisServer } from './support/redis-server';

// Redis unreachable (REDIS_URL set) → the API keeps serving, rate limits fall back to
// per-instance counters (logged), and are shared again once Redis is back. Two instances share a
// private redis-server, which is SIGKILLed under load and started again on the same port.

const LIST = '/v1/location_networks/list_networks';
/** A request that does not answer within this is a hang (the old client waited up to 42 s). */
const HANG_MS = 2_000;
const LOAD_REQUESTS = 400;
const LOAD_WORKERS = 4;

let addressCounter = 0;
/** A fresh client address for each bucket (10.x.y.z, never repeated). */
const nextAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** An unauthenticated request (401, counted per IP) as if from `ip`, through the trusted proxy. */
const get = (app: TestApp, ip: string) =>
  app.http().get(LIST).set('X-Forwarded-For', ip).timeout(HANG_MS);

async function until(condition: () => boolean, what: string, limitMs = 15_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > limitMs) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('rate limiting when Redis dies under load', () => {
  let redis: RedisServer | undefined;
  const apps: TestApp[] = [];
  const redisStatus = (app: TestApp) => app.app.get(RateLimitStorage).redisStatus();
  const allRedis = (state: 'up' | 'down') => () => apps.every((app) => redisStatus(app) === state);

  /** The limit (3 a minute) holds across both instances: the counters are in Redis. */
  async function expectSharedCounters() {
    const [a, b] = apps;
    const ip = nextAddress();
    await get(a, ip).expect(401);
    await get(b, ip).expect(401);
    await get(a, ip).expect(401);
    const res = await get(b, ip).expect(429);
    expect(res.body).toEqual({ msg: 'Rate limit exceeded, retry later', error_code: 1031 });
  }

  beforeAll(async () => {
    redis = await RedisServer.create();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' };
    apps.push(await startApp('sqlite', env), await startApp('sqlite', env));
    await until(allRedis('up'), 'both instances to connect to Redis');
  });

  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    await redis?.destroy();
  });

  it('shares the counters of two instances through Redis', async () => {
    await expectSharedCounters();
  });

  it('answers every request while Redis is killed, limits per instance, and shares again once it is back', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const statuses = new Map<number, number>();
    let sent = 0;
    let killed: Promise<void> | undefined;
    const worker = async (app: TestApp) => {
      while (sent < LOAD_REQUESTS) {
        sent += 1;
        if (sent === LOAD_REQUESTS / 4) {
          killed = redis!.stop();
        }
        const res = await get(app, nextAddress());
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: LOAD_WORKERS }, (_, i) => worker(apps[i % 2])));
    await killed;
    // Random addresses stay under the limit: every request is a plain 401, none a 500 or a hang.
    expect(Object.fromEntries(statuses)).toEqual({ 401: LOAD_REQUESTS });
    await until(allRedis('down'), 'both instances to notice the outage');

    // Still limited, with this instance's own counters.
    const [a, b] = apps;
    const ip = nextAddress();
    for (let i = 0; i < 3; i++) {
      await get(a, ip).expect(401);
    }
    await get(a, ip).expect(429);
    await get(b, ip).expect(401);
    await a.http().get('/health').expect(200);

    await redis!.start();
    await until(allRedis('up'), 'both instances to reconnect to Redis');
    await expectSharedCounters();

    const messages = warn.mock.calls.map(([message]) => String(message));
    expect(messages.filter((m) => m.startsWith('Redis is unreachable'))).toHaveLength(2);
    expect(messages.filter((m) => m.startsWith('Redis is reachable again'))).toHaveLength(2);
    expect(messages.join('\n')).not.toContain(redis!.url);
  });
});
