import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG_KEY, AppConfig } from '../../config/app-config';
import { RateLimitStorage } from './rate-limit.storage';

/** Failed sign-ins are limited per account and per IP, over this window. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 10;
export const SIGN_IN_FAILURES_PER_IP = 30;
const THROTTLER_NAME = 'sign-in';

/** A sign-in attempt: refused outright (too many failures), or checked with its result. */
export type SignInAttempt<T> =
  { refused: true; retryAfterSeconds: number } | { refused: false; user: T | null };

/**
 * Counts failed sign-ins in the rate-limit storage (shared through Redis between instances).
 * Once an account (its email, whether or not it exists) has SIGN_IN_FAILURES_PER_ACCOUNT failures,
 * or an address SIGN_IN_FAILURES_PER_IP, within SIGN_IN_WINDOW_MS, attempts are refused without
 * checking the password for the rest of the window. Successful sign-ins do not count.
 * RATE_LIMIT_PER_MINUTE=0 switches this off with every other limit.
 */
@Injectable()
export class SignInThrottle {
  private readonly enabled: boolean;

  constructor(
    @InjectThrottlerStorage() private readonly storage: RateLimitStorage,
    @Inject(ConfigService) config: ConfigService,
  ) {
    this.enabled = config.getOrThrow<AppConfig>(APP_CONFIG_KEY).rateLimitPerMinute > 0;
  }

  async attempt<T>(
    email: string,
    ip: string,
    verify: () => Promise<T | null>,
  ): Promise<SignInAttempt<T>> {
    if (!this.enabled) {
      return { refused: false, user: await verify() };
    }
    const counters = [
      { key: `sign-in:account:${accountKey(email)}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT },
      { key: `sign-in:ip:${ip}`, limit: SIGN_IN_FAILURES_PER_IP },
    ];
    const waits = await Promise.all(
      counters.map(({ key }) => this.storage.blockedFor(key, THROTTLER_NAME)),
    );
    const retryAfterSeconds = Math.max(...waits);
    if (retryAfterSeconds > 0) {
      return { refused: true, retryAfterSeconds };
    }
    const user = await verify();
    if (!user) {
      // The limit-th failure sets the block (the storage blocks once hits exceed its limit).
      await Promise.all(
        counters.map(({ key, limit }) =>
          this.storage.increment(
            key,
            SIGN_IN_WINDOW_MS,
            limit - 1,
            SIGN_IN_WINDOW_MS,
            THROTTLER_NAME,
          ),
        ),
      );
    }
    return { refused: false, user };
  }
}

/** Emails compare case-insensitively; the key holds a hash, not the address. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
