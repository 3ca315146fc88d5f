import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CallerThrottlerGuard } from '../rate-limit/caller-throttler.guard';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { BearerAuthGuard, RoleGuard } from './guards';

/**
 * Registers the global guards (the bearer strategy they use is registered by UsersModule), in this order: authentication, rate limit
 * (per token once authenticated, so unknown tokens cannot open fresh buckets), then role.
 */
@Module({
  imports: [PassportModule.register({ session: false }), RateLimitModule],
  providers: [
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useExisting: CallerThrottlerGuard },
    { provide: APP_GUARD, useClass: RoleGuard },
  ],
})
export class AuthModule {}
