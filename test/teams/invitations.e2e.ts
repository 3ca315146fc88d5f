import { CLI } from '../../src/event-log/event-actor';
import { Invitation } from '../../src/teams/invitation.entity';
import { Membership } from '../../src/users/membership.entity';
import { UsersService } from '../../src/users/users.service';
import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const NOT_FOUND = { msg: 'Invitation not found', error_code: 1055 };
const OTHER_EMAIL = { msg: 'This invitation is for another e-mail address', error_code: 1029 };
const DAY_MS = 24 * 60 * 60 * 1000;

onBothDatabases('invitations (POST, GET, DELETE /v1/invitations and accept)', (t) => {
  const invite = (caller: Caller, invitation: unknown) =>
    t().http().post('/v1/invitations').set(caller.auth).send({ invitation });
  const pending = async (caller: Caller) =>
    (await t().http().get('/v1/invitations').set(caller.auth).expect(200)).body.data.invitations;
  const accept = (caller: Caller, token: unknown) =>
    t().http().post('/v1/invitations/accept').set(caller.auth).send({ token });
  const emailOf = async (caller: Caller) =>
    (await t().http().get('/v1/me').set(caller.auth).expect(200)).body.data.user.email as string;
  const events = async (caller: Caller, type: string) =>
    (await t().http().get('/v1/events').query({ after: 0, type }).set(caller.auth).expect(200)).body
      .data.events;
  const membershipsOf = async (userId: number) =>
    (
      await t()
        .dataSource.getRepository(Membership)
        .find({ where: { user_id: userId }, order: { organisation_id: 'ASC' } })
    ).map((m) => [m.organisation_id, m.role]);
  /** A user of an organisation of their own, with this e-mail. */
  const person = async (email: string) => {
    const org = await t().fixtures.organisation();
    const user = await t()
      .app.get(UsersService)
      .createUser({ organisation_id: org.id, email, role: 'admin' });
    const { token } = await t().app.get(UsersService).issueToken(user.id, CLI, 'own');
    return {
      userId: user.id,
      orgId: org.id,
      token,
      auth: { Authorization: `Bearer ${token}` },
    };
  };
  let n = 0;
  const address = () => `invitee-${Date.now().toString(36)}-${n++}@example.test`;

  it('creates an invitation with its token and link once; the list shows it without them', async () => {
    const admin = await t().fixtures.admin();
    const email = address();
    const res = await invite(admin, { email: email.toUpperCase(), role: 'admin' }).expect(200);
    const invitation = res.body.data.invitation;
    const record = {
      id: expect.any(Number),
      email,
      role: 'admin',
      invited_by: { id: admin.userId, email: await emailOf(admin) },
      created_at: ISO,
      expires_at: ISO,
    };
    expect(res.body).toEqual({
      data: {
        invitation: {
          ...record,
          token: expect.stringMatching(/^[\w-]{43,}$/),
          accept_url: `http://localhost:3000/invitations/accept?token=${invitation.token}`,
        },
      },
      status: 200,
    });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(7 * DAY_MS);
    expect(await pending(admin)).toEqual([{ ...record, id: invitation.id }]);
    const stored = await t()
      .dataSource.getRepository(Invitation)
      .findOneByOrFail({ id: invitation.id });
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(invitation.token);
    // member by default
    const plain = await invite(admin, { email: address() }).expect(200);
    expect(plain.body.data.invitation.role).toBe('member');
  });

  it('answers alike whether the address has an account, a membership or neither', async () => {
    const admin = await t().fixtures.admin();
    const colleague = await t().fixtures.member(admin.orgId);
    const outsider = await person(address());
    const shape = (body: { data: { invitation: Record<string, unknown> } }) =>
      Object.keys(body.data.invitation).sort();
    const answers = [
      await invite(admin, { email: address() }).expect(200),
      await invite(admin, { email: await emailOf(colleague) }).expect(200),
      await invite(admin, { email: await emailOf(outsider) }).expect(200),
    ];
    for (const res of answers) {
      expect(shape(res.body)).toEqual(shape(answers[0].body));
      expect(res.body.data.invitation.role).toBe('member');
    }
    // Accepting as a member already changes nothing (the role stays).
    const token = answers[1].body.data.invitation.token;
    const res = await accept(colleague, token).expect(200);
    expect(res.body.data.membership.role).toBe('member');
    expect(await membershipsOf(colleague.userId)).toEqual([[admin.orgId, 'member']]);
  });

  it('replaces a pending invitation of the same address, in any case', async () => {
    const admin = await t().fixtures.admin();
    const email = address();
    const first = (await invite(admin, { email }).expect(200)).body.data.invitation;
    const second = (await invite(admin, { email: email.toUpperCase(), role: 'admin' }).expect(200))
      .body.data.invitation;
    expect((await pending(admin)).map((i: { id: number }) => i.id)).toEqual([second.id]);
    const invited = await person(email);
    expect((await accept(invited, first.token).expect(404)).body).toEqual(NOT_FOUND);
    await accept(invited, second.token).expect(200);
  });

  it('accepts for the invited user, whatever organisation their token acts in, once', async () => {
    const admin = await t().fixtures.admin();
    const email = address();
    const invitation = (await invite(admin, { email, role: 'admin' }).expect(200)).body.data
      .invitation;
    const invited = await person(email.toUpperCase());
    const res = await accept(invited, invitation.token).expect(200);
    const orgName = (await t().http().get('/v1/me').set(admin.auth).expect(200)).body.data
      .organisation.name;
    expect(res.body).toEqual({
      data: { membership: { organisation: { id: admin.orgId, name: orgName }, role: 'admin' } },
      status: 200,
    });
    expect(await membershipsOf(invited.userId)).toEqual(
      [
        [invited.orgId, 'admin'],
        [admin.orgId, 'admin'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    expect(await pending(admin)).toEqual([]);
    expect((await accept(invited, invitation.token).expect(404)).body).toEqual(NOT_FOUND);
    expect(await events(admin, 'member.added')).toEqual([
      {
        id: expect.any(Number),
        type: 'member.added',
        occurred_at: ISO,
        network: null,
        device: null,
        actor: { type: 'user', id: invited.userId, email: email.toLowerCase(), via: 'api' },
        data: { user_id: invited.userId, role: 'admin' },
      },
    ]);
  });

  it('refuses another e-mail with 403 1029 and keeps the invitation pending', async () => {
    const admin = await t().fixtures.admin();
    const email = address();
    const invitation = (await invite(admin, { email }).expect(200)).body.data.invitation;
    const other = await person(address());
    expect((await accept(other, invitation.token).expect(403)).body).toEqual(OTHER_EMAIL);
    expect(await membershipsOf(other.userId)).toEqual([[other.orgId, 'admin']]);
    expect((await pending(admin)).map((i: { id: number }) => i.id)).toEqual([invitation.id]);
    await accept(await person(email), invitation.token).expect(200);
  });

  it('answers 404 1055 for an unknown, revoked or expired token, and for no token', async () => {
    const admin = await t().fixtures.admin();
    const email = address();
    const invited = await person(email);
    const revoked = (await invite(admin, { email }).expect(200)).body.data.invitation;
    const res = await t()
      .http()
      .delete(`/v1/invitations/${revoked.id}`)
      .set(admin.auth)
      .expect(200);
    expect(res.body).toEqual({
      data: {
        invitation: {
          id: revoked.id,
          email,
          role: 'member',
          invited_by: { id: admin.userId, email: await emailOf(admin) },
          created_at: ISO,
          expires_at: ISO,
        },
      },
      status: 200,
    });
    const expired = (await invite(admin, { email }).expect(200)).body.data.invitation;
    await t()
      .dataSource.getRepository(Invitation)
      .update({ id: expired.id }, { expires_at: new Date(Date.now() - 1000) });
    for (const token of [revoked.token, expired.token, 'x'.repeat(43), '', 12, undefined]) {
      expect((await accept(invited, token).expect(404)).body).toEqual(NOT_FOUND);
    }
    expect(await membershipsOf(invited.userId)).toEqual([[invited.orgId, 'admin']]);
  });

  it('revokes only pending invitations of the organisation (404 1055 otherwise), recording invitation.revoked', async () => {
    const admin = await t().fixtures.admin();
    const other = await t().fixtures.admin();
    const theirs = (await invite(other, { email: address() }).expect(200)).body.data.invitation;
    const ours = (await invite(admin, { email: address() }).expect(200)).body.data.invitation;
    const revoke = (id: number | string) =>
      t().http().delete(`/v1/invitations/${id}`).set(admin.auth);
    expect((await revoke(theirs.id).expect(404)).body).toEqual(NOT_FOUND);
    expect((await pending(other)).map((i: { id: number }) => i.id)).toEqual([theirs.id]);
    await revoke(ours.id).expect(200);
    expect((await revoke(ours.id).expect(404)).body).toEqual(NOT_FOUND);
    expect((await revoke(2147483647).expect(404)).body).toEqual(NOT_FOUND);
    expect((await revoke('abc').expect(422)).body.error_code).toBe(1030);
    expect(await events(admin, 'invitation.*')).toEqual([
      {
        id: expect.any(Number),
        type: 'invitation.created',
        occurred_at: ISO,
        network: null,
        device: null,
        actor: { type: 'user', id: admin.userId, email: await emailOf(admin), via: 'api' },
        data: { invitation_id: ours.id, role: 'member' },
      },
      {
        id: expect.any(Number),
        type: 'invitation.revoked',
        occurred_at: ISO,
        network: null,
        device: null,
        actor: { type: 'user', id: admin.userId, email: await emailOf(admin), via: 'api' },
        data: { invitation_id: ours.id },
      },
    ]);
  });

  it('never puts the invited address in an event', async () => {
    const admin = await t().fixtures.admin();
    const email = address();
    await invite(admin, { email }).expect(200);
    expect(JSON.stringify(await events(admin, 'invitation.*'))).not.toContain(email);
  });

  it('answers 422 1030 naming each bad value, and creates nothing', async () => {
    const admin = await t().fixtures.admin();
    const bad = await invite(admin, { email: 'not-an-address', role: 'owner' }).expect(422);
    expect(bad.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors:
        'invitation.email must be an email, invitation.role must be one of the following values: admin, member',
    });
    expect(
      (await invite(admin, { email: `${'a'.repeat(250)}@example.test` }).expect(422)).body.errors,
    ).toBe('invitation.email must be an email');
    const missing = await t().http().post('/v1/invitations').set(admin.auth).send({}).expect(422);
    expect(missing.body.error_code).toBe(1030);
    expect(await pending(admin)).toEqual([]);
  });
});
