import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { getStorageToken, ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG_KEY, AppConfig } from '../../config/app-config';
import { CallerThrottlerGuard } from './caller-throttler.guard';
import { createRedisClient, RateLimitStorage } from './rate-limit.storage';
import { SignInThrottle } from './sign-in-throttle';

/**
 * RATE_LIMIT_PER_MINUTE requests a minute per caller (0 disables every limit) and the failed
 * sign-in limits; counters in Redis when REDIS_URL is set, in memory while it is unreachable.
 * AuthModule installs CallerThrottlerGuard as a global guard, right after authentication.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (configService: ConfigService) => {
        const config = configService.getOrThrow<AppConfig>(APP_CONFIG_KEY);
        return {
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimitPerMinute }],
          skipIf: () => config.rateLimitPerMinute === 0,
          storage: new RateLimitStorage(
            config.redisUrl ? createRedisClient(config.redisUrl) : undefined,
          ),
        };
      },
    }),
  ],
  providers: [
    CallerThrottlerGuard,
    SignInThrottle,
    { provide: RateLimitStorage, useExisting: getStorageToken() },
  ],
  exports: [CallerThrottlerGuard, SignInThrottle, RateLimitStorage],
})
export class RateLimitModule {}
