import request from 'supertest';
import { needsRehash } from '../../src/users/password';
import { User } from '../../src/users/user.entity';
import { TestApp } from './app';
import { Caller } from './fixtures';

export const PASSWORD = 'correct horse battery staple';

export type BrowserUser = Caller & { email: string; password: string };
export type Browser = ReturnType<typeof request.agent>;

/**
 * hashPassword(PASSWORD) as it was once computed, with the production parameters: scrypt with
 * N = 2^17 costs about 0.4 s of CPU, and these users are many. browserUser refuses it once
 * CURRENT_PARAMETERS change (make a new one with hashPassword).
 */
const PASSWORD_HASH =
  '$scrypt$ln=17,r=8,p=1$FUnQIJe7fl9V71+TRHu9kA==$pdNkxMXYRqFx73qoyQL/9FNHlrcbbO35nIHxYX6nzgfnNRxbyP2Y1uWMb2l3/tto62p8t97l1KtOyq2x8KHxng==';

/**
 * A user who can sign in to the pages (fixtures.caller with a password, plus the email). Its stored
 * hash is a real one with the production parameters (PASSWORD_HASH).
 */
export async function browserUser(
  t: TestApp,
  options: { orgId?: number; role?: 'admin' | 'member'; super_admin?: boolean } = {},
): Promise<BrowserUser> {
  if (needsRehash(PASSWORD_HASH)) {
    throw new Error('PASSWORD_HASH has other parameters than CURRENT_PARAMETERS: make a new one');
  }
  const caller = await t.fixtures.caller(options);
  const users = t.dataSource.getRepository(User);
  await users.update(caller.userId, { password_hash: PASSWORD_HASH });
  const user = await users.findOneByOrFail({ id: caller.userId });
  return { ...caller, email: user.email, password: PASSWORD };
}

/** The `_csrf` value of the first form of a page. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) {
    throw new Error(`no CSRF token in the page:\n${html}`);
  }
  return match[1];
}

/** A supertest agent (keeps cookies like a browser) that is not signed in. */
export function browser(t: TestApp): Browser {
  return request.agent(t.app.getHttpServer());
}

/** A browser signed in as the user through the sign-in form. */
export async function signedIn(t: TestApp, user: BrowserUser): Promise<Browser> {
  const agent = browser(t);
  const form = await agent.get('/login').expect(200);
  await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfOf(form.text), email: user.email, password: user.password })
    .expect(303);
  return agent;
}

/** The CSRF token of a signed-in browser's session (from the list page's sign-out form). */
export async function csrfOfSession(agent: Browser): Promise<string> {
  const page = await agent.get('/upgrades').expect(200);
  return csrfOf(page.text);
}
