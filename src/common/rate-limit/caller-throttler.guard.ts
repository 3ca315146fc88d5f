import { ExecutionContext, Injectable } from '@nestjs/common';
import { normalizeIp, ThrottlerGuard } from '@nestjs/throttler';
import { FastifyRequest } from 'fastify';
import { isDevicePrincipal } from '../identity/device-principal';
import { hashToken } from '../identity/token-secret';

const ALLOWED = Promise.resolve(true);

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

/** The caller's address: the socket's, or X-Forwarded-For's as TRUST_PROXY allows (IPv6 per /64). */
export function clientIp(request: FastifyRequest): string {
  return normalizeIp(request.ip);
}

/**
 * RATE_LIMIT_PER_MINUTE per caller, one bucket across every route: per token
 * once BearerAuthGuard has accepted it, per device on device routes (also an unclaimed
 * device whose credentials are right, whatever the answer), per IP address
 * otherwise. It runs after BearerAuthGuard
 * (AuthModule orders the global guards), which reports each failed authentication here, so an
 * unknown or invalid token is counted against its sender's IP without any extra lookup.
 * `@SkipThrottle()` exempts a controller (health, metrics).
 */
@Injectable()
export class CallerThrottlerGuard extends ThrottlerGuard {
  /** RATE_LIMIT_PER_MINUTE=0: no limit, nothing to look up or count on any request. */
  private unlimited = false;

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.unlimited = this.throttlers.every((throttler) => throttler.limit === 0);
  }

  override canActivate(context: ExecutionContext): Promise<boolean> {
    return this.unlimited ? ALLOWED : super.canActivate(context);
  }

  /** Counts a failed authentication against the IP: ThrottlerException (429 1031) past the limit. */
  async countFailedAuthentication(context: ExecutionContext): Promise<void> {
    await this.canActivate(context);
  }

  /**
   * Counts a request of the device with this MAC (canonical form) that authenticated but has no
   * principal (an unclaimed device): ThrottlerException (429 1031) past the limit.
   */
  async countDevice(context: ExecutionContext, macId: string): Promise<void> {
    this.devicesOf.set(context.switchToHttp().getRequest<object>(), macId);
    await this.canActivate(context);
  }

  /** The device a request without a principal counts against (countDevice). */
  private readonly devicesOf = new WeakMap<object, string>();

  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const req = request as unknown as FastifyRequest & { user?: unknown };
    if (isDevicePrincipal(req.user)) {
      return Promise.resolve(`device:${req.user.mac_id}`);
    }
    const device = this.devicesOf.get(request);
    if (device !== undefined) {
      return Promise.resolve(`device:${device}`);
    }
    const token = req.user ? presentedToken(req) : undefined;
    return Promise.resolve(token ? `token:${hashToken(token)}` : `ip:${clientIp(req)}`);
  }

  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttlerName: string,
  ): string {
    return `rate-limit:${throttlerName}:${tracker}`;
  }
}
