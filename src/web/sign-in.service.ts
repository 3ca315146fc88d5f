import { Injectable } from '@nestjs/common';
import { hashPassword, needsRehash, verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

/** Email and password sign-in for the browser pages (CONTRACT 3). */
@Injectable()
export class SignInService {
  /** Compared against when the email is unknown, so that both cases take as long. */
  private decoyHash?: Promise<string>;

  constructor(private readonly users: UsersRepository) {}

  /**
   * The user when the password matches the stored scrypt hash, else null. A hash of an older
   * format or weaker parameters is replaced by a current one on the way (CONTRACT 9).
   */
  async authenticate(email: string, password: string): Promise<User | null> {
    const user = email ? await this.users.findByEmail(email.trim()) : null;
    const hash = user?.password_hash ?? (await (this.decoyHash ??= hashPassword('decoy')));
    const matches = await verifyPassword(password, hash);
    if (!matches || !user?.password_hash) {
      return null;
    }
    if (needsRehash(user.password_hash)) {
      const upgraded = await hashPassword(password);
      if (await this.users.replacePasswordHash(user.id, user.password_hash, upgraded)) {
        user.password_hash = upgraded;
      }
    }
    return user;
  }
}
