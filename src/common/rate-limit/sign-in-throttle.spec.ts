import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY } from '../../config/app-config';
import { RateLimitStorage } from './rate-limit.storage';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
  SignInThrottle,
} from './sign-in-throttle';

function throttle(rateLimitPerMinute = 600) {
  const config = new ConfigService({ [APP_CONFIG_KEY]: { rateLimitPerMinute } });
  return new SignInThrottle(new RateLimitStorage(), config);
}

const wrong = () => Promise.resolve(null);
const right = () => Promise.resolve({ id: 1 });

describe('SignInThrottle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refuses an account after its failures, without checking the password, for the window', async () => {
    const signIns = throttle();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      expect(await signIns.attempt('a@example.test', `10.0.0.${i}`, wrong)).toEqual({
        refused: false,
        user: null,
      });
    }
    const verify = jest.fn(right);
    expect(await signIns.attempt(' A@Example.TEST ', '10.0.1.1', verify)).toEqual({
      refused: true,
      retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000,
    });
    expect(verify).not.toHaveBeenCalled();
    expect(await signIns.attempt('b@example.test', '10.0.1.1', right)).toEqual({
      refused: false,
      user: { id: 1 },
    });

    jest.advanceTimersByTime(SIGN_IN_WINDOW_MS);
    expect(await signIns.attempt('a@example.test', '10.0.1.1', right)).toEqual({
      refused: false,
      user: { id: 1 },
    });
  });

  it('refuses an address after its failures, whatever the account', async () => {
    const signIns = throttle();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_IP; i++) {
      await signIns.attempt(`user${i}@example.test`, '10.0.0.1', wrong);
    }
    expect(await signIns.attempt('someone@example.test', '10.0.0.1', right)).toEqual({
      refused: true,
      retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000,
    });
    expect(await signIns.attempt('someone@example.test', '10.0.0.2', right)).toEqual({
      refused: false,
      user: { id: 1 },
    });
  });

  it('does not count successful sign-ins', async () => {
    const signIns = throttle();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT * 2; i++) {
      await signIns.attempt('a@example.test', '10.0.0.1', right);
    }
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT - 1; i++) {
      await signIns.attempt('a@example.test', '10.0.0.1', wrong);
    }
    expect(await signIns.attempt('a@example.test', '10.0.0.1', right)).toEqual({
      refused: false,
      user: { id: 1 },
    });
  });

  it('is off when RATE_LIMIT_PER_MINUTE is 0', async () => {
    const signIns = throttle(0);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_IP + 1; i++) {
      await signIns.attempt('a@example.test', '10.0.0.1', wrong);
    }
    expect(await signIns.attempt('a@example.test', '10.0.0.1', right)).toEqual({
      refused: false,
      user: { id: 1 },
    });
  });
});
