import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';

const PING_TIMEOUT_MS = 1000;

/**
 * Whether the Redis of REDIS_URL answers, for `/health`: one long-lived client that
 * reconnects on its own, never queues commands while disconnected, and a ping that gives up after
 * one second, so that a Redis outage makes `/health` say `redis: "down"` at once, never hang.
 */
@Injectable()
export class RedisHealth implements OnModuleInit, OnModuleDestroy {
  private readonly client: Redis | null;

  constructor(config: ConfigService) {
    const url = config.getOrThrow<AppConfig>(APP_CONFIG_KEY).redisUrl;
    this.client = url
      ? new Redis(url, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: PING_TIMEOUT_MS,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
        })
      : null;
    // Connection errors are reported by ping(); without a listener ioredis prints each one.
    this.client?.on('error', () => undefined);
  }

  /** Whether REDIS_URL is set (the health body then reports Redis). */
  get configured(): boolean {
    return this.client !== null;
  }

  onModuleInit(): void {
    this.client?.connect().catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    this.client?.disconnect();
    return Promise.resolve();
  }

  async isUp(): Promise<boolean> {
    const client = this.client;
    if (!client) {
      return false;
    }
    let timer: NodeJS.Timeout | undefined;
    let onReady: (() => void) | undefined;
    try {
      if (client.status === 'reconnecting' || client.status === 'end') {
        return false; // its last connection attempt failed: down, no need to wait
      }
      if (client.status !== 'ready') {
        // Just started or reconnecting: wait for the connection, within the same limit.
        await new Promise<void>((resolve, reject) => {
          onReady = resolve;
          client.once('ready', onReady);
          timer = setTimeout(() => reject(new Error('not connected')), PING_TIMEOUT_MS);
        });
        clearTimeout(timer);
      }
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS);
      });
      return (await Promise.race([client.ping(), timeout])) === 'PONG';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      if (onReady) {
        client.off('ready', onReady);
      }
    }
  }
}
