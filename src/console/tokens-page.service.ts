import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { userActor } from '../event-log/event-actor';
import { TokensService } from '../users/tokens.service';
import { UsersService } from '../users/users.service';
import { formFields, orFormAgain, trimmed } from '../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../web/page-outcome';
import { TOKENS_PAGE, TokensModel } from './console-views';

const MAX_NAME = 255;

/**
 * The signed-in user's own API tokens: the list of TokensService (never a secret), a new token
 * shown once on the page that answers its creation (not in a redirect's flash, which travels in
 * the session cookie), and revocation. Every user may manage their own; a token carries its
 * user's role, so it gives no more than the console does.
 */
@Injectable()
export class TokensPageService {
  constructor(
    private readonly tokens: TokensService,
    private readonly users: UsersService,
  ) {}

  list(user: AuthUser): Promise<Shown<TokensModel>> {
    return this.page(user, {});
  }

  create(user: AuthUser, body: unknown): Promise<PageOutcome<TokensModel>> {
    const form = formFields(body);
    const name = trimmed(form.name);
    const days = trimmed(form.expires_in_days);
    return orFormAgain(
      async () => {
        if (name.length > MAX_NAME) {
          throw new ValidationFailedError([`name must be at most ${MAX_NAME} characters`]);
        }
        const expires = days === '' ? null : Number(days);
        const issued = await this.users.issueToken(
          user.id,
          userActor(user, 'console'),
          name === '' ? null : name,
          expires === null || Number.isInteger(expires) ? expires : Number.NaN,
          user.organisation_id,
        );
        return this.page(user, { issued: { token: issued.token, name: name || null } });
      },
      (messages) =>
        this.page(user, { error: messages.join(', '), values: { name, expires_in_days: days } }),
    );
  }

  async revoke(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.tokens.revokeOwn(user, id, 'console');
    return redirectTo('/tokens', `Token ${id} revoked.`);
  }

  private async page(
    user: AuthUser,
    shown: Partial<Pick<TokensModel, 'issued' | 'error' | 'values'>>,
  ): Promise<Shown<TokensModel>> {
    const tokens = await this.tokens.listOwn(user);
    const model: TokensModel = {
      title: 'API tokens',
      section: 'tokens',
      tokens: tokens.map((token) => ({
        ...token,
        expired: token.expires_at !== null && Date.parse(token.expires_at) <= Date.now(),
      })),
      values: { name: '', expires_in_days: '' },
      issued: null,
      error: null,
      ...shown,
    };
    return show(TOKENS_PAGE, model, model.error === null ? 200 : 422);
  }
}
