import { Injectable } from '@nestjs/common';
import { hashPassword, needsRehash, verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { Membership } from '../users/membership.entity';
import { MembershipsRepository } from '../users/memberships.repository';

/**
 * Compared against when the email is unknown or the user has no password, so that every case
 * costs the same scrypt: a hash with CURRENT_PARAMETERS of a random password that was thrown
 * away. A constant, not hashed on first use, which made the first such sign-in of each process
 * twice as slow as a known user's.
 */
export const DECOY_HASH =
  '$scrypt$ln=17,r=8,p=1$qVwA8hge9n/DeJwiF2Go1w==$5GVm8ltaZwNcEZw8nepchGJxXKmldxm62mmBoFW0w8wsxB+8IP+DU1GVeYQGKRPJ5GCS5b0EfKIruy3jPD7KiQ==';

/** A user who signed in, and the membership their session acts in first. */
export interface SignedIn {
  user: User;
  membership: Membership;
}

/** Email and password sign-in for the browser pages. */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UsersRepository,
    private readonly memberships: MembershipsRepository,
  ) {}

  /**
   * The user and their first membership when the password matches the stored scrypt hash, else
   * null (also for a user left with no membership). A hash of an older format or weaker
   * parameters is replaced by a current one on the way.
   */
  async authenticate(email: string, password: string): Promise<SignedIn | null> {
    const user = email ? await this.users.findByEmail(email.trim()) : null;
    const hash = user?.password_hash ?? DECOY_HASH;
    const matches = await verifyPassword(password, hash);
    const membership = user && (await this.memberships.first(user.id));
    if (!matches || !user?.password_hash || !membership) {
      return null;
    }
    if (needsRehash(user.password_hash)) {
      const upgraded = await hashPassword(password);
      if (await this.users.replacePasswordHash(user.id, user.password_hash, upgraded)) {
        user.password_hash = upgraded;
      }
    }
    return { user, membership };
  }
}
