import { randomBytes } from 'node:crypto';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_IP,
} from '../../src/common/rate-limit/sign-in-throttle';
import { onBothDatabases, TestApp } from '../harness/app';
import { unique } from '../harness/fixtures';
import { browser, browserUser, csrfOf } from '../harness/web-session';

// Rate limiting; test/platform/operability.e2e.ts covers the per-token and per-IP basics.

const LIST = '/v1/location_networks/list_networks';
const RATE_LIMITED = { msg: 'Rate limit exceeded, retry later', error_code: 1031 };
const UNAUTHENTICATED = {
  msg: 'Missing, invalid, expired or revoked access token',
  error_code: 1028,
};
const randomToken = () => `af_${randomBytes(32).toString('base64url')}`;

let addressCounter = 0;
/** A fresh client address for X-Forwarded-For, so that each test has its own IP bucket. */
const nextAddress = () => `203.0.113.${++addressCounter}`;

/** GET the list with a random token (header, query or body form), as if from `ip`. */
function guess(t: TestApp, ip: string, how: 'header' | 'query' = 'header') {
  const token = randomToken();
  const req =
    how === 'header'
      ? t.http().get(LIST).set('Authorization', `Bearer ${token}`)
      : t.http().get(`${LIST}?access_token=${token}`);
  return req.set('X-Forwarded-For', ip);
}

onBothDatabases(
  'rate limiting of unknown tokens behind a trusted proxy',
  (t) => {
    it('counts requests with unknown tokens against the IP: 429 1031 with Retry-After past the limit', async () => {
      const ip = nextAddress();
      for (const how of ['header', 'query', 'header'] as const) {
        const res = await guess(t(), ip, how).expect(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
      const res = await guess(t(), ip, 'query').expect(429);
      expect(res.body).toEqual(RATE_LIMITED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      // the same IP with no token shares the bucket; another IP has its own
      expect((await t().http().get(LIST).set('X-Forwarded-For', ip).expect(429)).body).toEqual(
        RATE_LIMITED,
      );
      await guess(t(), nextAddress()).expect(401);
    });

    it('keeps counting a valid token per token, even from an IP that is over its limit', async () => {
      const ip = nextAddress();
      const admin = await t().fixtures.admin();
      for (let i = 0; i < 4; i++) {
        await guess(t(), ip);
      }
      await guess(t(), ip).expect(429);
      await t().http().get(LIST).set(admin.auth).set('X-Forwarded-For', ip).expect(200);
    });

    it('counts a request without any statement beyond the token lookup', async () => {
      const admin = await t().fixtures.admin();
      const tokenLookupsOnly = (statements: string[]) => {
        expect(statements.length).toBeGreaterThan(0);
        expect(statements.filter((sql) => !sql.includes('"access_tokens"'))).toEqual([]);
      };
      tokenLookupsOnly(await t().statementsOf(() => guess(t(), nextAddress()).expect(401)));
      tokenLookupsOnly(
        await t().statementsOf(() =>
          t().http().post('/v1/admin/organisations').set(admin.auth).send({}).expect(403),
        ),
      );
    });

    it('never limits /health and /metrics', async () => {
      const ip = nextAddress();
      for (let i = 0; i < 4; i++) {
        await t().http().get(LIST).set('X-Forwarded-For', ip);
      }
      await t().http().get(LIST).set('X-Forwarded-For', ip).expect(429);
      for (let i = 0; i < 10; i++) {
        const health = await t().http().get('/health').set('X-Forwarded-For', ip).expect(200);
        expect(health.body).toMatchObject({ status: 'ok', database: 'up' });
        await t().http().get('/metrics').set('X-Forwarded-For', ip).expect(200);
      }
    });
  },
  { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' },
);

onBothDatabases(
  'rate limiting without TRUST_PROXY',
  (t) => {
    it('ignores a spoofed X-Forwarded-For: the socket address keeps its bucket', async () => {
      for (let i = 0; i < 3; i++) {
        await guess(t(), nextAddress()).expect(401);
      }
      const res = await guess(t(), nextAddress()).expect(429);
      expect(res.body).toEqual(RATE_LIMITED);
    });
  },
  { RATE_LIMIT_PER_MINUTE: '3' },
);

onBothDatabases(
  'rate limiting with REDIS_URL unreachable',
  (t) => {
    it('keeps serving and limits with per-instance counters', async () => {
      const admin = await t().fixtures.admin();
      const health = await t().http().get('/health').expect(200);
      expect(health.body).toMatchObject({ status: 'ok', database: 'up' });
      await t().http().get(LIST).set(admin.auth).expect(200);
      for (let i = 0; i < 2; i++) {
        await t().http().post('/v1/admin/organisations').set(admin.auth).send({}).expect(403);
      }
      const res = await t().http().get(LIST).set(admin.auth).expect(429);
      expect(res.body).toEqual(RATE_LIMITED);
      const ip = nextAddress();
      for (let i = 0; i < 3; i++) {
        await guess(t(), ip).expect(401);
      }
      await guess(t(), ip).expect(429);
    });
  },
  { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1', REDIS_URL: 'redis://127.0.0.1:1' },
);

onBothDatabases(
  'failed sign-in limits',
  (t) => {
    /** A browser with the sign-in form loaded; `post` sends the form as if from `ip`. */
    async function signInForm() {
      const agent = browser(t());
      const csrf = csrfOf((await agent.get('/login').expect(200)).text);
      return (ip: string, email: string, password: string) =>
        agent
          .post('/login')
          .set('X-Forwarded-For', ip)
          .type('form')
          .send({ _csrf: csrf, email, password });
    }

    /**
     * Makes `limit` failed attempts: the first `limit - 1` at once (each checks a real scrypt hash,
     * which runs on the thread pool), then the last alone, so that it proves the limit is not lower.
     */
    async function failures(limit: number, fail: () => Promise<unknown>) {
      await Promise.all(Array.from({ length: limit - 1 }, fail));
      await fail();
    }

    function expectRefused(res: { status: number; headers: Record<string, string>; text: string }) {
      expect(res.status).toBe(429);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['retry-after']).toBe('900');
      expect(res.text).toContain(
        'Too many failed sign-ins for this account or from this address. Try again in 15 minutes.',
      );
    }

    it('refuses an account after its failed sign-ins, even with the right password, from any IP', async () => {
      const user = await browserUser(t());
      const post = await signInForm();
      await failures(SIGN_IN_FAILURES_PER_ACCOUNT, async () => {
        const res = await post(nextAddress(), user.email, 'wrong password').expect(401);
        expect(res.text).toContain('Wrong email or password.');
      });
      expectRefused(await post(nextAddress(), user.email.toUpperCase(), user.password));
      const other = await browserUser(t());
      await post(nextAddress(), other.email, other.password).expect(303);
    });

    it('refuses an IP after its failed sign-ins, whatever the account', async () => {
      const user = await browserUser(t());
      const post = await signInForm();
      const ip = nextAddress();
      await failures(SIGN_IN_FAILURES_PER_IP, () =>
        post(ip, `${unique('nobody')}@example.test`, 'guess').expect(401),
      );
      expectRefused(await post(ip, user.email, user.password));
      await post(nextAddress(), user.email, user.password).expect(303);
    });

    it('does not count successful sign-ins', async () => {
      const user = await browserUser(t());
      const ip = nextAddress();
      for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT + 1; i++) {
        const post = await signInForm();
        await post(ip, user.email, user.password).expect(303);
      }
    });
  },
  { RATE_LIMIT_PER_MINUTE: '1000', TRUST_PROXY: '1' },
);
