import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimitStorage, REDIS_RETRY_AFTER_FAILURE_MS } from './rate-limit.storage';

const MINUTE = 60_000;

/** A real ioredis client that never connects; its status and commands are set by each test. */
function fakeRedis(status: Redis['status'] = 'ready') {
  const redis = new Redis({ lazyConnect: true });
  Object.defineProperty(redis, 'status', { value: status, writable: true });
  const call = jest.spyOn(redis, 'call');
  const disconnect = jest.spyOn(redis, 'disconnect').mockImplementation(() => undefined);
  const setStatus = (next: Redis['status']) => Object.assign(redis, { status: next });
  return { redis, call, disconnect, setStatus };
}

/** Redis's answer to the throttler script: hits, ms to expire, blocked flag, ms of block left. */
const redisRecord = (hits: number) => [hits, 59_000, 0, 0];

describe('RateLimitStorage', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('counts in memory without Redis, blocking past the limit', async () => {
    const storage = new RateLimitStorage();
    const hit = () => storage.increment('k', MINUTE, 2, MINUTE, 'default');
    await hit();
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 60 });
    expect(await storage.blockedFor('k', 'default')).toBe(60);
    expect(await storage.blockedFor('other', 'default')).toBe(0);
    expect(storage.redisStatus()).toBeUndefined();
    storage.onApplicationShutdown();
  });

  it('counts in Redis while it answers', async () => {
    const { redis, call } = fakeRedis();
    call.mockResolvedValue(redisRecord(7));
    const storage = new RateLimitStorage(redis);
    expect(await storage.increment('k', MINUTE, 10, MINUTE, 'default')).toEqual({
      totalHits: 7,
      timeToExpire: 59,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    expect(call).toHaveBeenCalledWith(
      'eval',
      expect.any(String),
      2,
      '{k:default}:hits',
      '{k:default}:blocked',
      'default',
      MINUTE,
      10,
      MINUTE,
    );
    expect(storage.redisStatus()).toBe('up');
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads a block from Redis without counting', async () => {
    const { redis, call } = fakeRedis();
    const pttl = jest.spyOn(redis, 'pttl').mockResolvedValue(90_500);
    const storage = new RateLimitStorage(redis);
    expect(await storage.blockedFor('k', 'sign-in')).toBe(91);
    expect(pttl).toHaveBeenCalledWith('{k:sign-in}:blocked');
    pttl.mockResolvedValue(-2);
    expect(await storage.blockedFor('k', 'sign-in')).toBe(0);
    expect(call).not.toHaveBeenCalled();
  });

  it('falls back to memory when a command fails, logs it once, and skips Redis for a while', async () => {
    const { redis, call } = fakeRedis();
    call.mockRejectedValue(new Error('Command timed out'));
    const storage = new RateLimitStorage(redis);
    const hit = () => storage.increment('k', MINUTE, 10, MINUTE, 'default');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(call).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "Redis is unreachable (Error): rate limits fall back to this instance's memory",
    );
    expect(storage.redisStatus()).toBe('down');

    jest.advanceTimersByTime(REDIS_RETRY_AFTER_FAILURE_MS);
    call.mockResolvedValue(redisRecord(1));
    expect(await hit()).toMatchObject({ totalHits: 1 });
    expect(call).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith(
      'Redis is reachable again: rate limits are shared between instances again',
    );
    expect(storage.redisStatus()).toBe('up');
  });

  it('does not wait on a disconnected client, logs the outage once, and returns on ready', async () => {
    const { redis, call, setStatus } = fakeRedis();
    const storage = new RateLimitStorage(redis);
    setStatus('reconnecting');
    redis.emit('close');
    redis.emit('error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    redis.emit('error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "Redis is unreachable (closed): rate limits fall back to this instance's memory",
    );
    expect(await storage.increment('k', MINUTE, 1, MINUTE, 'default')).toMatchObject({
      totalHits: 1,
    });
    expect(await storage.increment('k', MINUTE, 1, MINUTE, 'default')).toMatchObject({
      isBlocked: true,
    });
    expect(await storage.blockedFor('k', 'default')).toBe(60);
    expect(call).not.toHaveBeenCalled();
    expect(storage.redisStatus()).toBe('down');

    setStatus('ready');
    redis.emit('ready');
    call.mockResolvedValue(redisRecord(1));
    expect(await storage.increment('k', MINUTE, 1, MINUTE, 'default')).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(storage.redisStatus()).toBe('up');
  });

  it('uses memory until the first connection without calling it an outage', async () => {
    const { redis, call } = fakeRedis('connecting');
    const storage = new RateLimitStorage(redis);
    expect(await storage.increment('k', MINUTE, 5, MINUTE, 'default')).toMatchObject({
      totalHits: 1,
    });
    expect(call).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('disconnects on shutdown without logging an outage', () => {
    const { redis, disconnect } = fakeRedis();
    const storage = new RateLimitStorage(redis);
    storage.onApplicationShutdown();
    redis.emit('close');
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
