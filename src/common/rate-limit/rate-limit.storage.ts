import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';

type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The longest a request waits on Redis before it is counted in memory instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 150;
/** After a failed command, requests skip Redis this long (a silent partition costs one timeout per period). */
export const REDIS_RETRY_AFTER_FAILURE_MS = 2_000;

/**
 * A client that fails fast: no offline queue (a command while disconnected fails at once instead
 * of waiting for a reconnection), a command timeout, and reconnection in the background forever.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  });
}

/**
 * Rate-limit counters: in Redis when REDIS_URL is set, shared by every instance;
 * in this process's memory without Redis, and while Redis is unreachable (logged once when it goes
 * and once when it comes back). A rate-limit store never takes the API down.
 */
export class RateLimitStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new ThrottlerStorageService();
  private readonly shared?: ThrottlerStorageRedisService;
  /** Unknown until the first connection or failure, then the last state seen. */
  private redisUp?: boolean;
  private skipRedisUntil = 0;
  private closing = false;

  constructor(private readonly redis?: Redis) {
    if (redis) {
      this.shared = new ThrottlerStorageRedisService(redis);
      redis.on('ready', () => this.markUp());
      redis.on('error', (error: Error) => this.markDown(error));
      redis.on('close', () => this.markDown());
    }
  }

  /** `up` or `down` when REDIS_URL is set, else undefined (for /health). */
  redisStatus(): 'up' | 'down' | undefined {
    if (!this.redis) {
      return undefined;
    }
    return this.redis.status === 'ready' && this.redisUp !== false ? 'up' : 'down';
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<StorageRecord> {
    if (this.shared && this.redisUsable()) {
      try {
        const record = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
        this.markUp();
        return record;
      } catch (error) {
        this.markDown(error as Error);
      }
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  /** Seconds until the counter's block ends (0: not blocked), without counting a hit. */
  async blockedFor(key: string, throttlerName: string): Promise<number> {
    if (this.redis && this.redisUsable()) {
      try {
        // the key under which ThrottlerStorageRedisService keeps the block
        const ms = await this.redis.pttl(`{${key}:${throttlerName}}:blocked`);
        this.markUp();
        return ms > 0 ? Math.ceil(ms / 1000) : 0;
      } catch (error) {
        this.markDown(error as Error);
      }
    }
    const record = this.memory.storage.get(key);
    const ms = record?.isBlocked ? record.blockExpiresAt - Date.now() : 0;
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  onApplicationShutdown(): void {
    this.closing = true;
    this.redis?.disconnect();
    this.memory.onApplicationShutdown();
  }

  private redisUsable(): boolean {
    return this.redis?.status === 'ready' && Date.now() >= this.skipRedisUntil;
  }

  private markUp(): void {
    this.skipRedisUntil = 0;
    if (this.redisUp === false) {
      this.logger.warn('Redis is reachable again: rate limits are shared between instances again');
    }
    this.redisUp = true;
  }

  private markDown(error?: Error): void {
    if (this.closing) {
      return;
    }
    this.skipRedisUntil = Date.now() + REDIS_RETRY_AFTER_FAILURE_MS;
    if (this.redisUp !== false) {
      const cause = (error as { code?: string } | undefined)?.code ?? error?.name ?? 'closed';
      this.logger.warn(
        `Redis is unreachable (${cause}): rate limits fall back to this instance's memory`,
      );
    }
    this.redisUp = false;
  }
}
