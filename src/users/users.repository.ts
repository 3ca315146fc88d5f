import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, LessThan } from 'typeorm';
import { AccessToken } from './access-token.entity';
import { User } from './user.entity';

/** Users and their access tokens. Platform-level: used by auth, the CLI and the admin API. */
@Injectable()
export class UsersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get users() {
    return this.txHost.tx.getRepository(User);
  }

  private get tokens() {
    return this.txHost.tx.getRepository(AccessToken);
  }

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** The user of the organisation with this id, or null. */
  findInOrganisation(orgId: number, id: number): Promise<User | null> {
    return this.users.findOneBy({ id, organisation_id: orgId });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  createUser(
    fields: Pick<User, 'organisation_id' | 'email' | 'role' | 'super_admin' | 'password_hash'>,
  ): Promise<User> {
    return this.users.save(this.users.create({ ...fields, email: fields.email.toLowerCase() }));
  }

  /** Replaces the password hash only if it is still `current`; false when it changed meanwhile. */
  async replacePasswordHash(id: number, current: string, replacement: string): Promise<boolean> {
    const result = await this.users.update(
      { id, password_hash: current },
      { password_hash: replacement },
    );
    return (result.affected ?? 0) > 0;
  }

  createToken(
    fields: Pick<AccessToken, 'user_id' | 'name' | 'token_hash' | 'expires_at'>,
  ): Promise<AccessToken> {
    return this.tokens.save(this.tokens.create({ ...fields, revoked_at: null }));
  }

  findTokenById(id: number): Promise<AccessToken | null> {
    return this.tokens.findOneBy({ id });
  }

  async revokeToken(id: number, at: Date): Promise<boolean> {
    const result = await this.tokens.update({ id, revoked_at: IsNull() }, { revoked_at: at });
    return (result.affected ?? 0) > 0;
  }

  /** The user's tokens that are not revoked (expired ones included), oldest first. */
  findActiveTokensOfUser(userId: number): Promise<AccessToken[]> {
    return this.tokens.find({
      where: { user_id: userId, revoked_at: IsNull() },
      order: { id: 'ASC' },
    });
  }

  /** Revokes the user's own token if it is not revoked yet; false for any other id. */
  async revokeTokenOfUser(userId: number, id: number, at: Date): Promise<boolean> {
    const result = await this.tokens.update(
      { id, user_id: userId, revoked_at: IsNull() },
      { revoked_at: at },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * Sets `last_used_at` unless another request (on any instance) already did within the last
   * `resolutionMs`: one conditional UPDATE, which writes nothing when it was recent.
   */
  async touchToken(id: number, now: Date, resolutionMs: number): Promise<void> {
    await this.tokens
      .createQueryBuilder()
      .update()
      .set({ last_used_at: now })
      .where({ id })
      .andWhere([
        { last_used_at: IsNull() },
        { last_used_at: LessThan(new Date(now.getTime() - resolutionMs)) },
      ])
      .execute();
  }

  /** The token with this hash and its user, in one query. */
  findTokenByHash(tokenHash: string): Promise<AccessToken | null> {
    return this.tokens.findOne({ where: { token_hash: tokenHash }, relations: { user: true } });
  }
}
