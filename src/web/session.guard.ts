import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { ForbiddenError } from '../common/errors';
import { PAGE_ACCESS, PageAccess } from './page-access';
import { SessionService } from './session.service';
import { CsrfRejected, SignInRequired } from './web.errors';

/**
 * Guards HTML pages with the browser session: loads it (request.webSession, request.user),
 * redirects to /login without a signed-in user, checks the page's role, and rejects a POST whose
 * `_csrf` field is not the session's token.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access =
      this.reflector.getAllAndOverride<PageAccess | undefined>(PAGE_ACCESS, [
        context.getHandler(),
        context.getClass(),
      ]) ?? 'signed-in';
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const session = await this.sessions.load(request);
    request.webSession = session ?? undefined;
    if (session?.user) {
      request.user = session.user;
    }
    if (access !== 'anyone') {
      if (!session?.user) {
        throw new SignInRequired(request.method === 'GET' ? request.url : null);
      }
      if (access === 'admin' && session.user.role !== 'admin') {
        throw new ForbiddenError('Only an organisation admin may do this');
      }
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const body = request.body as Record<string, unknown> | undefined;
      if (!this.sessions.csrfValid(session, body?._csrf)) {
        throw new CsrfRejected();
      }
    }
    return true;
  }
}
