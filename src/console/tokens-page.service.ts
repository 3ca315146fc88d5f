import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { userActor } from '../event-log/event-actor';
import { TokensService } from '../users/tokens.service';
import { UsersService } from '../users/users.service';
import { formRefusal } from '../web/form-refusal';
import { PageOutcome } from '../web/page-renderer';

const PAGE = 'console/views/tokens';
const MAX_NAME = 255;

/**
 * The signed-in user's own API tokens (issue 29, item 10): the list of TokensService (never a
 * secret), a new token shown once on the page that answers its creation (not in a redirect's
 * flash, which travels in the session cookie), and revocation. Every user may manage their own;
 * a token carries its user's role, so it gives no more than the console does.
 */
@Injectable()
export class TokensPageService {
  constructor(
    private readonly tokens: TokensService,
    private readonly users: UsersService,
  ) {}

  async list(user: AuthUser, issued: { token: string; name: string | null } | null = null) {
    return this.page(user, { issued });
  }

  async create(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    const days = typeof form.expires_in_days === 'string' ? form.expires_in_days.trim() : '';
    try {
      if (name.length > MAX_NAME) {
        throw new ValidationFailedError([`name must be at most ${MAX_NAME} characters`]);
      }
      const expires = days === '' ? null : Number(days);
      const issued = await this.users.issueToken(
        user.id,
        userActor(user, 'console'),
        name === '' ? null : name,
        expires === null || Number.isInteger(expires) ? expires : Number.NaN,
      );
      return this.page(user, { issued: { token: issued.token, name: name || null } });
    } catch (error) {
      const message = formRefusal(error);
      if (message === null) {
        throw error;
      }
      return this.page(user, { error: message, values: { name, expires_in_days: days } }, 422);
    }
  }

  async revoke(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.tokens.revokeOwn(user, id, 'console');
    return { kind: 'redirect', location: '/tokens', message: `Token ${id} revoked.` };
  }

  private async page(
    user: AuthUser,
    extra: Record<string, unknown>,
    status = 200,
  ): Promise<PageOutcome> {
    const tokens = await this.tokens.listOwn(user);
    return {
      kind: 'page',
      template: PAGE,
      status,
      context: {
        title: 'API tokens',
        section: 'tokens',
        tokens: tokens.map((token) => ({
          ...token,
          expired: token.expires_at !== null && Date.parse(token.expires_at) <= Date.now(),
        })),
        values: { name: '', expires_in_days: '' },
        ...extra,
      },
    };
  }
}
