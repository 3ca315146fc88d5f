import { CLI } from '../../src/event-log/event-actor';
import { AccessToken } from '../../src/users/access-token.entity';
import { UsersRepository } from '../../src/users/users.repository';
import { UsersService } from '../../src/users/users.service';
import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const UNAUTHENTICATED = {
  msg: 'Missing, invalid, expired or revoked access token',
  error_code: 1028,
};
const TOKEN_NOT_FOUND = { msg: 'Token not found', error_code: 1041 };

onBothDatabases('own access tokens (GET and DELETE /v1/tokens)', (t) => {
  const tokens = () => t().dataSource.getRepository(AccessToken);
  const issue = (userId: number, name: string, days?: number) =>
    t().app.get(UsersService).issueToken(userId, CLI, name, days);
  const list = (caller: Caller) => t().http().get('/v1/tokens').set(caller.auth);
  const revoke = (caller: Caller, id: number | string) =>
    t().http().delete(`/v1/tokens/${id}`).set(caller.auth);

  it('lists the caller own unrevoked tokens, expired ones included, never a secret', async () => {
    const member = await t().fixtures.member((await t().fixtures.organisation()).id);
    const [own] = await tokens().find({ where: { user_id: member.userId } });
    const expiring = await issue(member.userId, 'ci', 30);
    const expired = await issue(member.userId, 'old');
    await tokens().update(expired.id, { expires_at: new Date(Date.now() - 1000) });
    const revoked = await issue(member.userId, 'gone');
    await tokens().update(revoked.id, { revoked_at: new Date() });
    await t().fixtures.member(member.orgId); // another user's token

    const res = await list(member).expect(200);
    expect(res.body).toEqual({
      data: {
        tokens: [
          { id: own.id, name: 'test', created_at: ISO, expires_at: null, last_used_at: ISO },
          {
            id: expiring.id,
            name: 'ci',
            created_at: ISO,
            expires_at: expiring.expires_at,
            last_used_at: null,
          },
          { id: expired.id, name: 'old', created_at: ISO, expires_at: ISO, last_used_at: null },
        ],
      },
      status: 200,
    });
    expect(JSON.stringify(res.body)).not.toContain(member.token);
    expect(JSON.stringify(res.body)).not.toContain('hash');
  });

  it('sets last_used_at on use, and writes it again only once it is a minute old', async () => {
    const admin = await t().fixtures.admin();
    const [token] = await tokens().find({ where: { user_id: admin.userId } });
    expect(token.last_used_at).toBeNull();

    await t().http().get('/v1/tags').set(admin.auth).expect(200);
    const first = (await tokens().findOneByOrFail({ id: token.id })).last_used_at;
    expect(first).toBeInstanceOf(Date);

    await t().http().get('/v1/tags').set(admin.auth).expect(200);
    expect((await tokens().findOneByOrFail({ id: token.id })).last_used_at).toEqual(first);
    // The UPDATE's own condition holds too (another instance that read the row earlier).
    await t().app.get(UsersRepository).touchToken(token.id, new Date(), 60_000);
    expect((await tokens().findOneByOrFail({ id: token.id })).last_used_at).toEqual(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await tokens().update(token.id, { last_used_at: twoMinutesAgo });
    await t().http().get('/v1/tags').set(admin.auth).expect(200);
    const later = (await tokens().findOneByOrFail({ id: token.id })).last_used_at!;
    expect(later.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  it('revokes one of the caller tokens; that token is refused on the very next request', async () => {
    const member = await t().fixtures.member((await t().fixtures.organisation()).id);
    const second = await issue(member.userId, 'second');
    const secondAuth = { Authorization: `Bearer ${second.token}` };
    await t().http().get('/v1/tokens').set(secondAuth).expect(200);

    const res = await revoke(member, second.id).expect(200);
    expect(res.body).toEqual({ data: { id: second.id, revoked: true }, status: 200 });

    const refused = await t().http().get('/v1/tokens').set(secondAuth).expect(401);
    expect(refused.body).toEqual(UNAUTHENTICATED);
    const listed = await list(member).expect(200);
    expect(
      (listed.body as { data: { tokens: { id: number }[] } }).data.tokens.map((tk) => tk.id),
    ).not.toContain(second.id);
    expect((await tokens().findOneByOrFail({ id: second.id })).revoked_at).toBeInstanceOf(Date);
  });

  it('lets a caller revoke the token it is using, refused from the next request on', async () => {
    const admin = await t().fixtures.admin();
    const [own] = await tokens().find({ where: { user_id: admin.userId } });
    await revoke(admin, own.id).expect(200);
    expect((await list(admin).expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('answers 404 1041 for another user token, an unknown id and an already revoked one', async () => {
    const admin = await t().fixtures.admin();
    const colleague = await t().fixtures.member(admin.orgId);
    const [theirs] = await tokens().find({ where: { user_id: colleague.userId } });
    const revoked = await issue(admin.userId, 'revoked');
    await revoke(admin, revoked.id).expect(200);

    for (const id of [theirs.id, 2147483647, revoked.id, '2147483648', '9223372036854775808']) {
      const res = await revoke(admin, id).expect(404);
      expect(res.body).toEqual(TOKEN_NOT_FOUND);
    }
    expect((await tokens().findOneByOrFail({ id: theirs.id })).revoked_at).toBeNull();
    await list(colleague).expect(200);
  });

  it('answers 422 1030 for an id that is not an integer, and 401 1028 without a token', async () => {
    const admin = await t().fixtures.admin();
    const res = await revoke(admin, 'abc').expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'id must be an integer number',
    });
    expect((await t().http().get('/v1/tokens').expect(401)).body).toEqual(UNAUTHENTICATED);
    expect((await t().http().delete('/v1/tokens/1').expect(401)).body).toEqual(UNAUTHENTICATED);
  });
});
