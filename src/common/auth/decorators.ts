import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { AuthUser } from './auth-user';

export const IS_PUBLIC = 'airfleet:public';
export const REQUIRED_ROLE = 'airfleet:required-role';

/** Opens a route to unauthenticated callers (health, metrics, docs, sign-in). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export type RequiredRole = 'admin' | 'super_admin';

/** Requires role admin (`'admin'`) or the platform operator flag (`'super_admin'`). */
export const RequireRole = (role: RequiredRole) => SetMetadata(REQUIRED_ROLE, role);

/** The authenticated caller. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser => {
    const request = ctx.switchToHttp().getRequest<{ user: AuthUser }>();
    return request.user;
  },
);
