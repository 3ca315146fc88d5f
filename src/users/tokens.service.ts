import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { AccessToken } from './access-token.entity';
import { OwnTokenDto } from './dto/tokens.dto';
import { tokenNotFound } from './tokens.errors';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';
import { UnitOfWork } from '../database/unit-of-work';
import { RequestChannel, userActor } from '../event-log/event-actor';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const ownTokenView = (token: AccessToken): OwnTokenDto => ({
  id: token.id,
  name: token.name,
  created_at: token.created_at.toISOString(),
  expires_at: iso(token.expires_at),
  last_used_at: iso(token.last_used_at),
});

/**
 * A user's own access tokens of the organisation the caller acts in, for any signed-in user,
 * member or admin (a token of another of their organisations answers as missing). Listed are
 * the tokens not revoked, expired ones included: the user sees a token that stopped working
 * and can tidy it away. Never a secret or hash.
 */
@Injectable()
export class TokensService {
  constructor(
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async listOwn(user: AuthUser): Promise<OwnTokenDto[]> {
    return (await this.users.findActiveTokensOfUser(user.organisation_id, user.id)).map(
      ownTokenView,
    );
  }

  /**
   * Revokes one of the caller's tokens; refused at once on the next request, by every instance,
   * since each request reads the token row. Another user's, an unknown or an already revoked
   * id: 404 1041.
   */
  revokeOwn(
    user: AuthUser,
    id: number,
    via: RequestChannel = 'api',
  ): Promise<{ id: number; revoked: true }> {
    return this.unitOfWork.run(async () => {
      if (!(await this.users.revokeTokenOfUser(user.organisation_id, user.id, id, new Date()))) {
        throw tokenNotFound();
      }
      await this.usersService.recordToken(
        user.organisation_id,
        'token.revoked',
        id,
        userActor(user, via),
      );
      return { id, revoked: true as const };
    });
  }
}
