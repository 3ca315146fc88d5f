import { Injectable, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { FastifyRequest } from 'fastify';
import { APP_CONFIG_KEY, AppConfig } from '../../config/app-config';
import { hashToken } from '../../users/token-secret';

/** The token a request carries, from the header, the query or the body (as passport reads it). */
function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    return header.slice(7).trim();
  }
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const fromParams =
    query?.access_token ?? (typeof body === 'object' ? body?.access_token : undefined);
  return typeof fromParams === 'string' ? fromParams : undefined;
}

/** Counts requests per token, and per IP address for requests without one (CONTRACT 1). */
@Injectable()
class TokenThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const req = request as unknown as FastifyRequest;
    const token = presentedToken(req);
    return Promise.resolve(token ? `token:${hashToken(token)}` : `ip:${req.ip}`);
  }
}

/** RATE_LIMIT_PER_MINUTE requests a minute (0 disables); counters in Redis when REDIS_URL is set. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (configService: ConfigService) => {
        const config = configService.getOrThrow<AppConfig>(APP_CONFIG_KEY);
        return {
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimitPerMinute }],
          skipIf: () => config.rateLimitPerMinute === 0,
          storage: config.redisUrl ? new ThrottlerStorageRedisService(config.redisUrl) : undefined,
        };
      },
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: TokenThrottlerGuard }],
})
export class RateLimitModule {}
