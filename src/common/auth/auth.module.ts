import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { CallerThrottlerGuard } from '../rate-limit/caller-throttler.guard';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { BearerAuthenticator } from './bearer-authenticator';
import { BearerAuthGuard, RoleGuard } from './guards';

/**
 * Registers the global guards, in this order: authentication, rate limit (per token once
 * authenticated, so unknown tokens cannot open fresh buckets), then role. The bearer token lookup
 * is registered in BearerAuthenticator by UsersModule; the device strategy (passport, by name) by
 * DeviceGatewayModule.
 */
@Module({
  imports: [PassportModule.register({ session: false }), RateLimitModule],
  providers: [
    BearerAuthenticator,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useExisting: CallerThrottlerGuard },
    { provide: APP_GUARD, useClass: RoleGuard },
  ],
  exports: [BearerAuthenticator],
})
export class AuthModule {}
