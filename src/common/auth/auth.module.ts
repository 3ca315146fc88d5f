import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BearerStrategy } from './bearer.strategy';
import { BearerAuthGuard, RoleGuard } from './guards';

/** Registers the bearer strategy and the global guards (authentication, then role). */
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [
    BearerStrategy,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useClass: RoleGuard },
  ],
})
export class AuthModule {}
