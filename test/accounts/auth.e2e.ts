import { CLI } from '../../src/event-log/event-actor';
import { DataSource } from 'typeorm';
import { AccessToken } from '../../src/users/access-token.entity';
import { UsersService } from '../../src/users/users.service';
import { onBothDatabases } from '../harness/app';

const UNAUTHENTICATED = {
  msg: 'Missing, invalid, expired or revoked access token',
  error_code: 1028,
};
const route = '/v1/admin/organisations';

onBothDatabases('authentication', (t) => {
  it('answers 401 1028 with WWW-Authenticate: Bearer when no token is sent', async () => {
    const res = await t().http().post(route).send({ name: 'x' }).expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers 401 1028 for an unknown token', async () => {
    const res = await t()
      .http()
      .post(route)
      .set('Authorization', 'Bearer af_not-a-real-token')
      .send({})
      .expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it.each(['Bearer', 'Basic dXNlcjpwdw==', 'Token abc', ''])(
    'answers 401 1028 for the malformed header %p',
    async (header) => {
      const res = await t().http().post(route).set('Authorization', header).send({}).expect(401);
      expect(res.body).toEqual(UNAUTHENTICATED);
    },
  );

  it('answers 401 1028 for an expired token', async () => {
    const caller = await t().fixtures.superAdmin();
    await t()
      .app.get(DataSource)
      .getRepository(AccessToken)
      .update({ user_id: caller.userId }, { expires_at: new Date(Date.now() - 1000) });
    const res = await t().http().post(route).set(caller.auth).send({ name: 'expired' }).expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('accepts a token that expires in the future', async () => {
    const caller = await t().fixtures.superAdmin();
    const issued = await t().app.get(UsersService).issueToken(caller.userId, CLI, 'later', 1);
    expect(Date.parse(issued.expires_at!)).toBeGreaterThan(Date.now());
    await t()
      .http()
      .post(route)
      .set('Authorization', `Bearer ${issued.token}`)
      .send({ name: `org-${issued.id}` })
      .expect(200);
  });

  it('answers 401 1028 for a revoked token', async () => {
    const caller = await t().fixtures.superAdmin();
    const issued = await t().app.get(UsersService).issueToken(caller.userId, CLI, 'to-revoke');
    await t().app.get(UsersService).revokeToken(issued.id, CLI);
    const res = await t()
      .http()
      .post(route)
      .set('Authorization', `Bearer ${issued.token}`)
      .send({})
      .expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
    // the caller's other token still works
    await t()
      .http()
      .post(route)
      .set(caller.auth)
      .send({ name: `still-${issued.id}` })
      .expect(200);
  });

  it('accepts the token as an access_token query parameter', async () => {
    const caller = await t().fixtures.superAdmin();
    await t()
      .http()
      .post(`${route}?access_token=${caller.token}`)
      .send({ name: `q-${caller.userId}` })
      .expect(200);
  });

  it('accepts the token as an access_token body field', async () => {
    const caller = await t().fixtures.superAdmin();
    await t()
      .http()
      .post(route)
      .send({ name: `b-${caller.userId}`, access_token: caller.token })
      .expect(200);
  });

  it.each([
    ['a repeated access_token query parameter', 'query'],
    ['a number as the access_token body field', 'number'],
    ['an object as the access_token body field', 'object'],
  ])('answers 401 1028, not 500, to %s', async (_case, how) => {
    const caller = await t().fixtures.superAdmin();
    const req =
      how === 'query'
        ? t().http().post(`${route}?access_token=${caller.token}&access_token=${caller.token}`)
        : t().http().post(route);
    const res = await req
      .send(how === 'query' ? {} : { access_token: how === 'number' ? 5 : { a: 1 } })
      .expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('stores only the SHA-256 hash of a token', async () => {
    const caller = await t().fixtures.superAdmin();
    const rows = await t()
      .app.get(DataSource)
      .getRepository(AccessToken)
      .findBy({ user_id: caller.userId });
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(caller.token);
  });

  it('answers 403 1029 when an organisation admin calls a platform route', async () => {
    const caller = await t().fixtures.admin();
    const res = await t().http().post(route).set(caller.auth).send({ name: 'nope' }).expect(403);
    expect(res.body).toEqual({
      msg: 'Only a platform super administrator may do this',
      error_code: 1029,
    });
  });

  it('answers 403 1029 when a member calls a platform route', async () => {
    const org = await t().fixtures.organisation();
    const caller = await t().fixtures.member(org.id);
    const res = await t().http().post(route).set(caller.auth).send({ name: 'nope' }).expect(403);
    expect(res.body.error_code).toBe(1029);
  });

  it('checks authentication before validating the body', async () => {
    const res = await t().http().post(route).send({ name: 12 }).expect(401);
    expect(res.body.error_code).toBe(1028);
  });

  describe('in one statement, nothing cached', () => {
    const trivial = '/v1/location_networks/list_network_timezone';

    it('reads the token and its user in ONE statement; the first use a minute also records it', async () => {
      const caller = await t().fixtures.admin();
      const first = await t().statementsOf(() =>
        t().http().get(trivial).set(caller.auth).expect(200),
      );
      expect(first).toHaveLength(2);
      expect(first[1]).toMatch(/^UPDATE "access_tokens"/);
      for (const how of ['header', 'query'] as const) {
        const statements = await t().statementsOf(() =>
          how === 'header'
            ? t().http().get(trivial).set(caller.auth).expect(200)
            : t().http().get(`${trivial}?access_token=${caller.token}`).expect(200),
        );
        expect(statements).toHaveLength(1);
        expect(statements[0]).toMatch(/^SELECT .* FROM "access_tokens" "t" INNER JOIN "users"/);
      }
    });

    it('refuses a token at once when it is revoked or expires after it was used', async () => {
      const users = t().app.get(UsersService);
      for (const end of ['revoke', 'expire'] as const) {
        const caller = await t().fixtures.superAdmin();
        const issued = await users.issueToken(caller.userId, CLI, `to-${end}`);
        const call = () =>
          t()
            .http()
            .get('/v1/location_networks/list_network_timezone')
            .set({
              Authorization: `Bearer ${issued.token}`,
            });
        await call().expect(200);
        if (end === 'revoke') {
          await users.revokeToken(issued.id, CLI);
        } else {
          await t()
            .app.get(DataSource)
            .getRepository(AccessToken)
            .update({ id: issued.id }, { expires_at: new Date(Date.now() - 1) });
        }
        expect((await call().expect(401)).body).toEqual(UNAUTHENTICATED);
      }
    });
  });
});
