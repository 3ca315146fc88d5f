import { AccessToken } from '../../src/users/access-token.entity';
import { Membership } from '../../src/users/membership.entity';
import { NetworkAccessGrant } from '../../src/networks/network-access-grant.entity';
import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const FORBIDDEN = { msg: 'Only an organisation admin may do this', error_code: 1029 };
const MEMBER_NOT_FOUND = { msg: 'Member not found', error_code: 1054 };
const NO_ADMIN_LEFT = { msg: 'The organisation would have no admin left', error_code: 1053 };

onBothDatabases('members (GET, PATCH and DELETE /v1/members)', (t) => {
  const list = (caller: Caller, query = '') =>
    t().http().get(`/v1/members${query}`).set(caller.auth);
  const patch = (caller: Caller, userId: number | string, body: unknown) =>
    t()
      .http()
      .patch(`/v1/members/${userId}`)
      .set(caller.auth)
      .send(body as object);
  const remove = (caller: Caller, userId: number | string) =>
    t().http().delete(`/v1/members/${userId}`).set(caller.auth);
  const emailOf = async (caller: Caller) =>
    (await t().http().get('/v1/me').set(caller.auth).expect(200)).body.data.user.email as string;
  const roles = async (orgId: number) =>
    (
      await t()
        .dataSource.getRepository(Membership)
        .find({ where: { organisation_id: orgId }, order: { user_id: 'ASC' } })
    ).map((m) => [m.user_id, m.role]);
  const events = async (caller: Caller, type: string) =>
    (await t().http().get('/v1/events').query({ after: 0, type }).set(caller.auth).expect(200)).body
      .data.events;

  it('lists the members by e-mail with their role, paginated', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const elsewhere = await t().fixtures.admin();
    await t().fixtures.joined(elsewhere, admin.orgId, 'member');
    const rows = [
      { user_id: admin.userId, email: await emailOf(admin), role: 'admin', created_at: ISO },
      { user_id: member.userId, email: await emailOf(member), role: 'member', created_at: ISO },
      {
        user_id: elsewhere.userId,
        email: await emailOf(elsewhere),
        role: 'member',
        created_at: ISO,
      },
    ].sort((a, b) => a.email.localeCompare(b.email));
    expect((await list(admin).expect(200)).body).toEqual({
      data: {
        members: rows,
        meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 3 },
      },
      status: 200,
    });
    expect((await list(admin, '?per_page=2&page=2').expect(200)).body).toEqual({
      data: {
        members: [rows[2]],
        meta: { current: 2, previous: 1, next: null, per_page: 2, pages: 2, count: 3 },
      },
      status: 200,
    });
    expect((await list(admin, '?per_page=x').expect(422)).body.error_code).toBe(1030);
  });

  it('refuses members every route but accept with 403 1029', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    expect((await list(member).expect(403)).body).toEqual(FORBIDDEN);
    expect(
      (await patch(member, admin.userId, { member: { role: 'member' } }).expect(403)).body,
    ).toEqual(FORBIDDEN);
    expect((await remove(member, admin.userId).expect(403)).body).toEqual(FORBIDDEN);
    for (const [method, path] of [
      ['get', '/v1/invitations'],
      ['post', '/v1/invitations'],
      ['delete', '/v1/invitations/1'],
    ] as const) {
      const res = await t()
        .http()
        [method](path)
        .set(member.auth)
        .send({ invitation: { email: 'x@example.test' } })
        .expect(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect(await roles(admin.orgId)).toEqual([
      [admin.userId, 'admin'],
      [member.userId, 'member'],
    ]);
  });

  it('changes a role and records member.updated with the change', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const res = await patch(admin, member.userId, { member: { role: 'admin' } }).expect(200);
    expect(res.body).toEqual({
      data: {
        member: {
          user_id: member.userId,
          email: await emailOf(member),
          role: 'admin',
          created_at: ISO,
        },
      },
      status: 200,
    });
    // The same role again: answered as it is, nothing recorded.
    await patch(admin, member.userId, { member: { role: 'admin' } }).expect(200);
    expect(await events(admin, 'member.updated')).toEqual([
      {
        id: expect.any(Number),
        type: 'member.updated',
        occurred_at: ISO,
        network: null,
        device: null,
        actor: { type: 'user', id: admin.userId, email: await emailOf(admin), via: 'api' },
        data: { user_id: member.userId, changes: { role: { from: 'member', to: 'admin' } } },
      },
    ]);
  });

  it('answers 422 1030 naming a bad role, and 404 1054 for a user who is not a member', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const stranger = await t().fixtures.admin();
    for (const body of [{ member: { role: 'owner' } }, { member: {} }, { member: { role: 7 } }]) {
      expect((await patch(admin, member.userId, body).expect(422)).body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'member.role must be one of the following values: admin, member',
      });
    }
    expect((await patch(admin, member.userId, {}).expect(422)).body.error_code).toBe(1030);
    expect(
      (await patch(admin, 'abc', { member: { role: 'admin' } }).expect(422)).body.error_code,
    ).toBe(1030);
    for (const id of [stranger.userId, 2147483647]) {
      expect((await patch(admin, id, { member: { role: 'admin' } }).expect(404)).body).toEqual(
        MEMBER_NOT_FOUND,
      );
      expect((await remove(admin, id).expect(404)).body).toEqual(MEMBER_NOT_FOUND);
    }
    expect(await roles(admin.orgId)).toEqual([
      [admin.userId, 'admin'],
      [member.userId, 'member'],
    ]);
    expect(await roles(stranger.orgId)).toEqual([[stranger.userId, 'admin']]);
  });

  it('keeps the last admin: demoting or removing them answers 422 1053 and changes nothing', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    expect(
      (await patch(admin, admin.userId, { member: { role: 'member' } }).expect(422)).body,
    ).toEqual(NO_ADMIN_LEFT);
    expect((await remove(admin, admin.userId).expect(422)).body).toEqual(NO_ADMIN_LEFT);
    expect(await roles(admin.orgId)).toEqual([
      [admin.userId, 'admin'],
      [member.userId, 'member'],
    ]);
    expect(await events(admin, 'member.*')).toEqual([]);
    // With a second admin, one may step down or leave.
    await patch(admin, member.userId, { member: { role: 'admin' } }).expect(200);
    await patch(admin, admin.userId, { member: { role: 'member' } }).expect(200);
    await patch(admin, admin.userId, { member: { role: 'member' } }).expect(403);
    expect((await remove(member, member.userId).expect(422)).body).toEqual(NO_ADMIN_LEFT);
    await patch(member, admin.userId, { member: { role: 'admin' } }).expect(200);
    const left = await remove(member, member.userId).expect(200);
    expect(left.body.data.member).toMatchObject({ user_id: member.userId, role: 'admin' });
    expect(await roles(admin.orgId)).toEqual([[admin.userId, 'admin']]);
  });

  it("removes a member: grants and this organisation's tokens go, member.removed is recorded", async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const elsewhere = await t().fixtures.organisation();
    const there = await t().fixtures.joined(member, elsewhere.id, 'member');
    const net = await t().fixtures.network(admin.orgId);
    const otherNet = await t().fixtures.network(elsewhere.id);
    await t().fixtures.grant(admin.orgId, member.userId, net.id, 'full');
    await t().fixtures.grant(elsewhere.id, member.userId, otherNet.id, 'read_only');
    const email = await emailOf(member);

    const res = await remove(admin, member.userId).expect(200);
    expect(res.body).toEqual({
      data: { member: { user_id: member.userId, email, role: 'member', created_at: ISO } },
      status: 200,
    });
    const grants = await t()
      .dataSource.getRepository(NetworkAccessGrant)
      .find({ where: { user_id: member.userId } });
    expect(grants.map((g) => g.location_network_id)).toEqual([otherNet.id]);
    const tokens = await t()
      .dataSource.getRepository(AccessToken)
      .find({ where: { user_id: member.userId }, order: { id: 'ASC' } });
    expect(tokens.map((token) => [token.organisation_id, token.revoked_at !== null])).toEqual([
      [admin.orgId, true],
      [elsewhere.id, false],
    ]);
    await t().http().get('/v1/me').set(member.auth).expect(401);
    await t().http().get(`/v1/location_networks/${otherNet.id}`).set(there.auth).expect(200);
    expect(await events(admin, 'member.removed')).toEqual([
      {
        id: expect.any(Number),
        type: 'member.removed',
        occurred_at: ISO,
        network: null,
        device: null,
        actor: { type: 'user', id: admin.userId, email: await emailOf(admin), via: 'api' },
        data: { user_id: member.userId },
      },
    ]);
    expect((await remove(admin, member.userId).expect(404)).body).toEqual(MEMBER_NOT_FOUND);
  });
});
