import { CLI } from '../../src/event-log/event-actor';
import { UsersService } from '../../src/users/users.service';
import { onBothDatabases } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';

/** token.created and token.revoked, in the token user's organisation. */
onBothDatabases('token events', (t) => {
  const e = eventFixtures(t);
  const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  it('records token.created by the super admin who issued it, in the organisation of the user', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const operator = await t().fixtures.superAdmin();
    const res = await t()
      .http()
      .post('/v1/admin/tokens')
      .set(operator.auth)
      .send({ user_id: member.userId, name: 'ci' })
      .expect(200);

    const events = await e.events(admin.auth, { type: 'token.*' });
    expect(events[0]).toEqual({
      id: expect.any(Number),
      type: 'token.created',
      occurred_at: ISO,
      network: null,
      device: null,
      actor: {
        type: 'user',
        id: operator.userId,
        email: expect.stringMatching(/@example\.test$/),
        via: 'api',
      },
      data: { token_id: res.body.data.id },
    });
    expect(JSON.stringify(events)).not.toContain(res.body.data.token);
    const own = await e.events(operator.auth, { type: 'token.*' });
    expect(own.map((event) => event.data.token_id)).not.toContain(res.body.data.id);
    // A member reads only events of networks it may read: a token event has none.
    expect(await e.events(member.auth, { type: 'token.*' })).toEqual([]);
  });

  it('records token.revoked by the user who revoked it, and nothing for a refused revocation', async () => {
    const admin = await t().fixtures.admin();
    const issued = await t().app.get(UsersService).issueToken(admin.userId, CLI, 'spare');
    await t().http().delete(`/v1/tokens/${issued.id}`).set(admin.auth).expect(200);
    await t().http().delete(`/v1/tokens/${issued.id}`).set(admin.auth).expect(404);

    const events = await e.events(admin.auth, { after: 0, type: 'token.*' });
    expect(events.map((event) => [event.type, event.actor, event.data])).toEqual([
      ['token.created', { type: 'cli' }, { token_id: issued.id }],
      [
        'token.revoked',
        {
          type: 'user',
          id: admin.userId,
          email: expect.stringMatching(/@example\.test$/),
          via: 'api',
        },
        { token_id: issued.id },
      ],
    ]);
  });

  it('records the command line revocation once, by the cli', async () => {
    const admin = await t().fixtures.admin();
    const issued = await t().app.get(UsersService).issueToken(admin.userId, CLI, 'spare');
    await t().app.get(UsersService).revokeToken(issued.id, CLI);
    await t().app.get(UsersService).revokeToken(issued.id, CLI);

    const events = await e.events(admin.auth, { after: 0, type: 'token.revoked' });
    expect(events.map((event) => [event.actor, event.data])).toEqual([
      [{ type: 'cli' }, { token_id: issued.id }],
    ]);
  });
});
