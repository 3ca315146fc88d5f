import { Injectable, Logger } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ApiErrorCode, CodedError, ValidationFailedError } from '../common/errors';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { alreadyTaken, guardUnique } from '../database/unique-violation';
import { UnitOfWork } from '../database/unit-of-work';
import { hashPassword } from './password';
import { MAX_EXPIRES_IN_DAYS } from './token-expiry';
import { hashToken, newTokenSecret } from '../common/identity/token-secret';
import { UserRole } from '../common/auth/auth-user';
import { userView } from './user.view';
import { UsersRepository } from './users.repository';
import { MembershipsRepository } from './memberships.repository';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { ChangeRunner } from '../fleet-change/change-runner.service';

export interface NewUser {
  organisation_id: number;
  email: string;
  role?: UserRole;
  super_admin?: boolean;
  password?: string;
}

export interface IssuedToken {
  id: number;
  token: string;
  expires_at: string | null;
}

/** A user as create_user answers it: the same fields as the authenticated caller. */
export type UserView = AuthUser;

const DAY_MS = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most once per this interval and token. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** Users and access tokens: creation, issue, revocation and authentication. */
/**
 * Validation messages for an id that names no record. They do not repeat the id: an id outside
 * 1..2147483647 reads as UNMATCHED_ID and must answer exactly like any other missing id.
 */
export const ORGANISATION_MISSING = 'organisation_id does not name an organisation';
export const USER_MISSING = 'user_id does not name a user';
export const NOT_A_MEMBER = 'organisation_id does not name an organisation of the user';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly changes: ChangeRunner,
  ) {}

  createUser(input: NewUser): Promise<UserView> {
    return this.unitOfWork.run(async () => {
      const problems: string[] = [];
      if (!(await this.organisations.findById(input.organisation_id))) {
        problems.push(ORGANISATION_MISSING);
      }
      if (await this.users.findByEmail(input.email)) {
        problems.push(alreadyTaken('email'));
      }
      if (problems.length > 0) {
        throw new ValidationFailedError(problems);
      }
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const user = await guardUnique(
        () =>
          this.users.createUser({
            organisation_id: input.organisation_id,
            email: input.email,
            super_admin: input.super_admin ?? false,
            password_hash: passwordHash,
          }),
        () => new ValidationFailedError([alreadyTaken('email')]),
      );
      // The organisation a user is created in is their first membership.
      const membership = await this.memberships.add(
        input.organisation_id,
        user.id,
        input.role ?? 'member',
      );
      return userView(user, membership);
    });
  }

  /**
   * Issues a token that acts in `orgId` (the user's first membership when absent; an
   * organisation the user is not a member of: 422 1030); the secret is returned once and only its
   * SHA-256 hash is stored. Records `token.created` in that organisation, by `actor`.
   */
  issueToken(
    userId: number,
    actor: EventActor,
    name?: string | null,
    expiresInDays?: number | null,
    orgId?: number,
  ): Promise<IssuedToken> {
    if (
      expiresInDays !== undefined &&
      expiresInDays !== null &&
      !(
        Number.isInteger(expiresInDays) &&
        expiresInDays >= 1 &&
        expiresInDays <= MAX_EXPIRES_IN_DAYS
      )
    ) {
      return Promise.reject(
        new ValidationFailedError([`expires_in_days must be from 1 to ${MAX_EXPIRES_IN_DAYS}`]),
      );
    }
    return this.unitOfWork.run(async () => {
      const user = await this.users.findById(userId);
      if (!user) {
        throw new ValidationFailedError([USER_MISSING]);
      }
      const membership =
        orgId === undefined
          ? await this.memberships.first(userId)
          : await this.memberships.find(orgId, userId);
      if (!membership) {
        throw new ValidationFailedError([NOT_A_MEMBER]);
      }
      const token = newTokenSecret();
      const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * DAY_MS) : null;
      const saved = await this.users.createToken({
        user_id: userId,
        organisation_id: membership.organisation_id,
        name: name ?? null,
        token_hash: hashToken(token),
        expires_at: expiresAt,
      });
      await this.recordToken(membership.organisation_id, 'token.created', saved.id, actor);
      return { id: saved.id, token, expires_at: expiresAt ? expiresAt.toISOString() : null };
    });
  }

  /**
   * Revokes any token (the CLI's token:revoke); `token.revoked` only when it was not revoked yet,
   * so a second revocation records nothing.
   */
  revokeToken(id: number, actor: EventActor): Promise<{ id: number; revoked: true }> {
    return this.unitOfWork.run(async () => {
      const token = await this.users.findTokenById(id);
      if (!token) {
        throw new CodedError(ApiErrorCode.InvalidParameter, `token ${id} does not exist`, {
          errors: `token ${id} does not exist`,
        });
      }
      if (await this.users.revokeToken(id, new Date())) {
        await this.recordToken(token.organisation_id, 'token.revoked', id, actor);
      }
      return { id, revoked: true };
    });
  }

  /** `token.created` or `token.revoked` (`{token_id}`), last in the caller's transaction. */
  recordToken(
    orgId: number,
    type: 'token.created' | 'token.revoked',
    tokenId: number,
    actor: EventActor,
  ): Promise<void> {
    const about = { device: null, network: null };
    const event = eventOf(type, about, { token_id: tokenId }, { actor, at: new Date() });
    return this.changes.record(orgId, [event]);
  }

  /**
   * The user a token belongs to, or null when it is unknown, expired or revoked: one statement,
   * and at most once a minute per token a second one that records its use.
   */
  async authenticate(token: string, now = new Date()): Promise<AuthUser | null> {
    const found = await this.users.findUsableToken(
      hashToken(token),
      now,
      new Date(now.getTime() - LAST_USED_RESOLUTION_MS),
    );
    if (!found) {
      return null;
    }
    if (found.last_use_stale) {
      await this.recordUse(found.token_id, now);
    }
    return found.user;
  }

  /**
   * Keeps `last_used_at` to the minute without a write on every request. The lookup tells
   * whether it is unset or a minute old, so only such a request sends the UPDATE, and the
   * UPDATE's own condition (unset or a minute old) lets one of several concurrent requests or
   * instances write. It is awaited, a single short statement at most about once a minute per
   * token, so that the value is there when the response is; and it never fails the request: a
   * failure is logged (the token id only) and the request goes on.
   */
  private async recordUse(tokenId: number, now: Date): Promise<void> {
    try {
      await this.users.touchToken(tokenId, now, LAST_USED_RESOLUTION_MS);
    } catch (error) {
      this.logger.warn(
        `could not record the use of access token ${tokenId}: ${error instanceof Error ? error.name : 'error'}`,
      );
    }
  }
}
