import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource, IsNull, LessThan } from 'typeorm';
import { AuthUser, UserRole } from '../common/auth/auth-user';
import { Dialect } from '../database/dialect';
import { AccessToken } from './access-token.entity';
import { Membership } from './membership.entity';
import { User } from './user.entity';

/** A token that authenticates a request, and its user, as one statement reads them. */
export interface UsableToken {
  token_id: number;
  user: AuthUser;
  /** Whether its `last_used_at` is unset or older than the resolution asked for. */
  last_use_stale: boolean;
}

interface UsableTokenRow {
  token_id: number;
  user_id: number;
  organisation_id: number;
  email: string;
  role: UserRole;
  /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
  super_admin: boolean | number;
  last_use_stale: number;
}

/** Users and their access tokens. Platform-level: used by auth, the CLI and the admin API. */
@Injectable()
export class UsersRepository {
  /** The statement of findUsableToken, written once for the running database. */
  private readonly usableTokenSql: string;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dataSource: DataSource,
    private readonly dialect: Dialect,
  ) {
    // Numbered in their order of appearance, the order SQLite binds `?` in.
    const [staleBefore, hash, now] = [1, 2, 3].map((i) => dialect.placeholder(i));
    this.usableTokenSql =
      'SELECT "t"."id" AS "token_id", "u"."id" AS "user_id", "t"."organisation_id", "u"."email",' +
      ' "m"."role", "u"."super_admin",' +
      ` CASE WHEN "t"."last_used_at" IS NULL OR "t"."last_used_at" < ${staleBefore} THEN 1 ELSE 0 END AS "last_use_stale"` +
      ' FROM "access_tokens" "t" INNER JOIN "users" "u" ON "u"."id" = "t"."user_id"' +
      ' INNER JOIN "memberships" "m" ON "m"."user_id" = "t"."user_id" AND "m"."organisation_id" = "t"."organisation_id"' +
      ` WHERE "t"."token_hash" = ${hash} AND "t"."revoked_at" IS NULL` +
      ` AND ("t"."expires_at" IS NULL OR "t"."expires_at" > ${now})`;
  }

  private get users() {
    return this.txHost.tx.getRepository(User);
  }

  private get tokens() {
    return this.txHost.tx.getRepository(AccessToken);
  }

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** The user with this id if they are a member of the organisation, or null. */
  findInOrganisation(orgId: number, id: number): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .innerJoin(Membership, 'm', 'm.user_id = u.id AND m.organisation_id = :orgId', { orgId })
      .where('u.id = :id', { id })
      .getOne();
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  createUser(
    fields: Pick<User, 'organisation_id' | 'email' | 'super_admin' | 'password_hash'>,
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
    fields: Pick<AccessToken, 'user_id' | 'organisation_id' | 'name' | 'token_hash' | 'expires_at'>,
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

  /**
   * The user's tokens that act in the organisation and are not revoked (expired ones included),
   * oldest first.
   */
  findActiveTokensOfUser(orgId: number, userId: number): Promise<AccessToken[]> {
    return this.tokens.find({
      where: { organisation_id: orgId, user_id: userId, revoked_at: IsNull() },
      order: { id: 'ASC' },
    });
  }

  /**
   * Revokes the user's own token of the organisation if it is not revoked yet; false for any other
   * id.
   */
  async revokeTokenOfUser(orgId: number, userId: number, id: number, at: Date): Promise<boolean> {
    const result = await this.tokens.update(
      { id, organisation_id: orgId, user_id: userId, revoked_at: IsNull() },
      { revoked_at: at },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Revokes every token of the user that acts in the organisation, in one statement. */
  async revokeTokensInOrganisation(orgId: number, userId: number, at: Date): Promise<void> {
    await this.tokens.update(
      { organisation_id: orgId, user_id: userId, revoked_at: IsNull() },
      { revoked_at: at },
    );
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

  /**
   * The token with this hash if it is neither revoked nor expired at `now`, with its user, in ONE
   * statement (the token hash is unique): authentication's only statement on a request, so a
   * revocation or an expiry shows at once on every instance. Raw SQL, not a find
   * with a relation, which cost TypeORM a `SELECT DISTINCT` first and a query build every time;
   * outside any transaction (it runs in the guard, before any use case opens one).
   */
  async findUsableToken(
    tokenHash: string,
    now: Date,
    staleBefore: Date,
  ): Promise<UsableToken | null> {
    const rows = await this.dialect.queryOutsideTransaction<UsableTokenRow>(
      this.dataSource,
      this.usableTokenSql,
      [staleBefore, tokenHash, now],
    );
    const row = rows[0];
    if (!row) {
      return null;
    }
    return {
      token_id: row.token_id,
      user: {
        id: row.user_id,
        email: row.email,
        organisation_id: row.organisation_id,
        role: row.role,
        super_admin: Boolean(row.super_admin),
      },
      last_use_stale: Number(row.last_use_stale) === 1,
    };
  }
}
