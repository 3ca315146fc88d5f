import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  DATABASES,
  DatabaseKind,
  migratedPostgresDatabase,
  startApp,
  TestApp,
} from '../harness/app';
import { BrowserSession } from '../../src/web/browser-session.entity';
import { SESSION_TTL_SECONDS } from '../../src/web/session.service';
import { BrowserUser, browserUser, csrfOf } from '../harness/web-session';

/** One database for several app instances: a PostgreSQL database, or an SQLite file. */
async function sharedDatabase(
  db: DatabaseKind,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (db === 'postgres') {
    const postgres = await migratedPostgresDatabase();
    return { env: { DATABASE_URL: postgres.url }, drop: postgres.release };
  }
  const dir = mkdtempSync(join(tmpdir(), 'airfleet-sessions-'));
  return {
    env: { DATABASE_PATH: join(dir, 'airfleet.sqlite') },
    drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

const nameValue = (cookie: string) => cookie.split(';')[0];

/** Signs in through the form of `app` and returns the `airfleet_session=…` Set-Cookie line. */
async function signIn(app: TestApp, user: BrowserUser, headers: Record<string, string> = {}) {
  const http = () => request(app.app.getHttpServer());
  const form = await http().get('/login').set(headers).expect(200);
  const res = await http()
    .post('/login')
    .set(headers)
    // Set by hand: a cookie jar would not send a Secure cookie back over plain HTTP.
    .set('Cookie', nameValue(sessionCookieOf(form)))
    .type('form')
    .send({ _csrf: csrfOf(form.text), email: user.email, password: user.password })
    .expect(303);
  return { cookie: sessionCookieOf(res), res };
}

function sessionCookieOf(res: request.Response): string {
  const cookies = res.headers['set-cookie'] as unknown as string[];
  return cookies.find((c) => c.startsWith('airfleet_session='))!;
}

function page(app: TestApp, cookie: string) {
  return request(app.app.getHttpServer()).get('/upgrades').set('Cookie', nameValue(cookie));
}

async function signOut(app: TestApp, cookie: string): Promise<void> {
  const list = await page(app, cookie).expect(200);
  await request(app.app.getHttpServer())
    .post('/logout')
    .set('Cookie', nameValue(cookie))
    .type('form')
    .send({ _csrf: csrfOf(list.text) })
    .expect(303)
    .expect('location', '/login');
}

describe.each(DATABASES)('browser sessions stored by the service [%s]', (db) => {
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let env: Record<string, string>;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await sharedDatabase(db);
    env = {
      ...database.env,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      TRUST_PROXY: '1',
    };
    first = await startApp(db, env);
    second = await startApp(db, env);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('refuses a signed-out cookie on every instance', async () => {
    const user = await browserUser(first, { role: 'admin' });
    const { cookie } = await signIn(first, user);
    await page(second, cookie).expect(200);
    await signOut(second, cookie);
    await page(first, cookie).expect(303).expect('location', '/login?next=%2Fupgrades');
    await page(second, cookie).expect(303).expect('location', '/login?next=%2Fupgrades');
  });

  it('keeps a session across a restart, and keeps a signed-out one refused', async () => {
    const user = await browserUser(first, { role: 'admin' });
    const kept = (await signIn(first, user)).cookie;
    const ended = (await signIn(first, user)).cookie;
    await signOut(first, ended);
    await first.close();
    first = await startApp(db, env);
    await page(first, kept).expect(200);
    await page(first, ended).expect(303).expect('location', '/login?next=%2Fupgrades');
  }, 60_000);

  it('stores only a hash of the cookie, and removes expired sessions at the next sign-in', async () => {
    const user = await browserUser(first, { role: 'admin' });
    const { cookie } = await signIn(first, user);
    const rows = () =>
      first.dataSource.getRepository(BrowserSession).findBy({ user_id: user.userId });
    const [stored] = await rows();
    expect(stored.session_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(nameValue(cookie))).not.toContain(stored.session_hash);
    const later = Date.now() + (SESSION_TTL_SECONDS + 60) * 1000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await page(first, cookie).expect(303);
      await signIn(first, user);
    } finally {
      clock.mockRestore();
    }
    expect((await rows()).map((row) => row.id)).toEqual([expect.any(Number)]);
    expect((await rows())[0].id).not.toBe(stored.id);
  });

  it('marks the cookie Secure and sends HSTS only when the request came over HTTPS', async () => {
    const user = await browserUser(first, { role: 'admin' });
    const plain = await signIn(first, user);
    expect(plain.cookie).not.toMatch(/;\s*Secure/i);
    expect(plain.res.headers['strict-transport-security']).toBeUndefined();
    const https = await signIn(first, user, { 'X-Forwarded-Proto': 'https' });
    expect(https.cookie).toMatch(/; Secure/);
    expect(https.res.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
