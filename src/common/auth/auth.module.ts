import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CallerThrottlerGuard } from '../rate-limit/caller-throttler.guard';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { BearerStrategy } from './bearer.strategy';
import { BearerAuthGuard, RoleGuard } from './guards';

/**
 * Registers the bearer strategy and the global guards, in this order: authentication, rate limit
 * (per token once authenticated, so unknown tokens cannot open fresh buckets), then role.
 */
@Module({
  imports: [PassportModule.register({ session: false }), RateLimitModule],
  providers: [
    BearerStrategy,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useExisting: CallerThrottlerGuard },
    { provide: APP_GUARD, useClass: RoleGuard },
  ],
})
export class AuthModule {}
