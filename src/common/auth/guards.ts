import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { CallerThrottlerGuard } from '../rate-limit/caller-throttler.guard';
import {
  DeviceNotClaimedError,
  DeviceUnauthenticatedError,
  ForbiddenError,
  UnauthenticatedError,
} from '../errors';
import { AuthUser } from './auth-user';
import { IS_PUBLIC, REQUIRED_ROLE, RequiredRole } from './decorators';
import { IS_DEVICE_ROUTE } from '../identity/device-principal';

/**
 * HTTP Basic device credentials through the `device` passport strategy, which
 * DeviceGatewayModule registers. Anything that is not a device's valid credentials (a user's
 * bearer token included) answers 401 1036 with the Basic challenge; 403 1037 passes through.
 */
export class DeviceAuthGuard extends AuthGuard('device') {
  override handleRequest<TUser>(err: unknown, device: TUser | false): TUser {
    if (err) {
      throw err instanceof Error ? err : new Error('Device authentication failed', { cause: err });
    }
    if (!device) {
      throw new DeviceUnauthenticatedError();
    }
    return device;
  }
}

/**
 * Deny by default: every route needs a valid bearer token unless it is marked @Public(); a
 * @DeviceRoute() needs device credentials instead (DeviceAuthGuard), so a device's credentials
 * open no user route (no bearer token: 401 1028) and a user's token opens no device route. A
 * failed authentication counts against the caller's IP (429 1031 instead of 401 past the limit);
 * an unclaimed device's right credentials (403 1037) count against that device.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  private readonly deviceGuard = new DeviceAuthGuard();

  constructor(
    private readonly reflector: Reflector,
    private readonly throttler: CallerThrottlerGuard,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      return true;
    }
    const isDeviceRoute = this.reflector.getAllAndOverride<boolean>(IS_DEVICE_ROUTE, targets);
    try {
      return (await (isDeviceRoute
        ? this.deviceGuard.canActivate(context)
        : super.canActivate(context))) as boolean;
    } catch (error) {
      if (error instanceof UnauthenticatedError || error instanceof DeviceUnauthenticatedError) {
        await this.throttler.countFailedAuthentication(context);
      } else if (error instanceof DeviceNotClaimedError) {
        // Device routes are limited per device, whatever the answer.
        await this.throttler.countDevice(context, error.macId);
      }
      throw error;
    }
  }

  /**
   * `err` is a failure of the lookup itself (the database unreachable, say), not a bad token:
   * it propagates to the filters (503 1040, or a logged 500) instead of answering 401.
   */
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false): TUser {
    if (err) {
      throw err instanceof Error ? err : new Error('Authentication failed', { cause: err });
    }
    if (!user) {
      throw new UnauthenticatedError();
    }
    return user;
  }
}

/** Checks @RequireRole after authentication: 403 1029 when the caller lacks it. */
@Injectable()
export class RoleGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const role = this.reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!role) {
      return true;
    }
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    const allowed = role === 'super_admin' ? user?.super_admin === true : user?.role === 'admin';
    if (!allowed) {
      throw new ForbiddenError(
        role === 'super_admin'
          ? 'Only a platform super administrator may do this'
          : 'Only an organisation admin may do this',
      );
    }
    return true;
  }
}
