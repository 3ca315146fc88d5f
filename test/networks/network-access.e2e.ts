import { NetworkAccessGrant } from '../../src/networks/network-access-grant.entity';
import { onBothDatabases } from '../harness/app';
import { Caller } from '../harness/fixtures';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

onBothDatabases('network access grants', (t) => {
  const network = (caller: Caller) => t().fixtures.network(caller.orgId);
  const grant = (caller: Caller, body: Record<string, unknown>) =>
    t().http().post('/v1/network_access').set(caller.auth).send(body);

  it('grants a member access, replaces the level on a second grant, and opens the network to the member', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const net = await network(admin);
    await t().http().get(`/v1/location_networks/${net.id}`).set(member.auth).expect(404);

    const res = await grant(admin, {
      user_id: member.userId,
      network_id: String(net.id),
      level: 'read_only',
    }).expect(200);
    const stored = await t().dataSource.getRepository(NetworkAccessGrant).find();
    const id = stored.find((g) => g.user_id === member.userId)!.id;
    expect(res.body).toEqual({
      data: {
        id,
        organisation_id: admin.orgId,
        user_id: member.userId,
        network_id: net.id,
        level: 'read_only',
        created_at: ISO,
      },
      status: 200,
    });
    await t().http().get(`/v1/location_networks/${net.id}`).set(member.auth).expect(200);

    const again = await grant(admin, {
      user_id: member.userId,
      network_id: net.id,
      level: 'full',
    }).expect(200);
    expect((again.body as { data: { id: number; level: string } }).data).toEqual(
      expect.objectContaining({ id, level: 'full' }),
    );
    const grants = await t()
      .dataSource.getRepository(NetworkAccessGrant)
      .find({ where: { user_id: member.userId } });
    expect(grants.map((g) => g.level)).toEqual(['full']);
  });

  it('answers 404 with 1001 for a network of another organisation', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const foreign = await network(await t().fixtures.admin());
    const res = await grant(admin, {
      user_id: member.userId,
      network_id: foreign.id,
      level: 'full',
    }).expect(404);
    expect(res.body).toEqual({ msg: 'Network not found', error_code: 1001 });
    expect(
      await t()
        .dataSource.getRepository(NetworkAccessGrant)
        .count({ where: { user_id: member.userId } }),
    ).toBe(0);
  });

  it('answers 422 with 1030 for a user of another organisation', async () => {
    const admin = await t().fixtures.admin();
    const outsider = await t().fixtures.member((await t().fixtures.organisation()).id);
    const net = await network(admin);
    const res = await grant(admin, {
      user_id: outsider.userId,
      network_id: net.id,
      level: 'full',
    }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'user_id is not a user of the organisation',
    });
  });

  it('answers 422 with 1030 for a bad level or missing ids', async () => {
    const admin = await t().fixtures.admin();
    const res = await grant(admin, { level: 'owner' }).expect(422);
    expect(res.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors:
        'user_id must be an integer number, network_id must be an integer number, level must be one of the following values: full, read_only',
    });
  });

  it('answers 403 with 1029 to a member and 401 with 1028 without a token', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const net = await network(admin);
    const body = { user_id: member.userId, network_id: net.id, level: 'full' };
    const forbidden = await grant(member, body).expect(403);
    expect(forbidden.body).toEqual({
      msg: 'Only an organisation admin may do this',
      error_code: 1029,
    });
    const anonymous = await t().http().post('/v1/network_access').send(body).expect(401);
    expect(anonymous.body).toEqual({
      msg: 'Missing, invalid, expired or revoked access token',
      error_code: 1028,
    });
  });

  describe('revoke (DELETE /v1/network_access)', () => {
    const revoke = (caller: Caller, body: Record<string, unknown>) =>
      t().http().delete('/v1/network_access').set(caller.auth).send(body);
    const grantsOf = (userId: number) =>
      t()
        .dataSource.getRepository(NetworkAccessGrant)
        .count({ where: { user_id: userId } });

    it('revokes a grant, after which the member gets 404 on the network at once', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(admin);
      const kept = await network(admin);
      await t().fixtures.grant(admin.orgId, member.userId, net.id, 'full');
      await t().fixtures.grant(admin.orgId, member.userId, kept.id, 'read_only');
      await t().http().get(`/v1/location_networks/${net.id}`).set(member.auth).expect(200);

      const res = await revoke(admin, { user_id: member.userId, network_id: net.id }).expect(200);
      expect(res.body).toEqual({ data: { revoked: true }, status: 200 });

      const gone = await t()
        .http()
        .get(`/v1/location_networks/${net.id}`)
        .set(member.auth)
        .expect(404);
      expect(gone.body).toEqual({ msg: 'Network not found', error_code: 1001 });
      await t().http().get(`/v1/location_networks/${kept.id}`).set(member.auth).expect(200);
      expect(await grantsOf(member.userId)).toBe(1);
    });

    it('records grant.revoked with the user, network and level of the grant it deleted', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(admin);
      const body = { user_id: member.userId, network_id: net.id };
      await grant(admin, { ...body, level: 'read_only' }).expect(200);
      await grant(admin, { ...body, level: 'full' }).expect(200);
      const res = await revoke(admin, body).expect(200);
      expect(res.body).toEqual({ data: { revoked: true }, status: 200 });
      const events = await t()
        .http()
        .get('/v1/events')
        .query({ after: 0, type: 'grant.revoked' })
        .set(admin.auth)
        .expect(200);
      expect(events.body).toEqual({
        data: {
          events: [
            {
              id: expect.any(Number),
              type: 'grant.revoked',
              occurred_at: ISO,
              network: { id: net.id, network_name: net.network_name },
              device: null,
              actor: {
                type: 'user',
                id: admin.userId,
                email: expect.stringMatching(/@example\.test$/),
                via: 'api',
              },
              data: { user_id: member.userId, network_id: net.id, level: 'full' },
            },
          ],
        },
        status: 200,
      });
    });

    it('answers revoked: false when the user had no grant on the network', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(admin);
      const res = await revoke(admin, {
        user_id: String(member.userId),
        network_id: net.id,
      }).expect(200);
      expect(res.body).toEqual({ data: { revoked: false }, status: 200 });
    });

    it('answers 404 1001 for another organisation network before looking at the user', async () => {
      const admin = await t().fixtures.admin();
      const other = await t().fixtures.admin();
      const foreign = await network(other);
      const theirMember = await t().fixtures.member(other.orgId);
      await t().fixtures.grant(other.orgId, theirMember.userId, foreign.id, 'full');
      for (const userId of [theirMember.userId, admin.userId]) {
        const res = await revoke(admin, { user_id: userId, network_id: foreign.id }).expect(404);
        expect(res.body).toEqual({ msg: 'Network not found', error_code: 1001 });
      }
      expect(await grantsOf(theirMember.userId)).toBe(1);
    });

    it('answers ids outside 1..2147483647 as missing: 404 1001 for the network, 422 1030 for the user', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin);
      for (const huge of ['2147483648', '9223372036854775808', 1e21]) {
        const noNetwork = await revoke(admin, { user_id: admin.userId, network_id: huge });
        expect([noNetwork.status, noNetwork.body]).toEqual([
          404,
          { msg: 'Network not found', error_code: 1001 },
        ]);
        const noUser = await revoke(admin, { user_id: huge, network_id: net.id });
        expect([noUser.status, noUser.body]).toEqual([
          422,
          {
            msg: 'Invalid parameters',
            error_code: 1030,
            errors: 'user_id is not a user of the organisation',
          },
        ]);
      }
    });

    it('answers 422 1030 for a user of another organisation', async () => {
      const admin = await t().fixtures.admin();
      const net = await network(admin);
      const outsider = await t().fixtures.member((await t().fixtures.organisation()).id);
      const res = await revoke(admin, { user_id: outsider.userId, network_id: net.id }).expect(422);
      expect(res.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'user_id is not a user of the organisation',
      });
    });

    it('answers 422 1030 for ids of the wrong type and 403 1029 to a member', async () => {
      const admin = await t().fixtures.admin();
      const member = await t().fixtures.member(admin.orgId);
      const net = await network(admin);
      await t().fixtures.grant(admin.orgId, member.userId, net.id, 'full');
      const bad = await revoke(admin, { user_id: 'abc', network_id: [net.id] }).expect(422);
      expect(bad.body).toEqual({
        msg: 'Invalid parameters',
        error_code: 1030,
        errors: 'user_id must be an integer number, network_id must be an integer number',
      });
      const forbidden = await revoke(member, {
        user_id: member.userId,
        network_id: net.id,
      }).expect(403);
      expect(forbidden.body).toEqual({
        msg: 'Only an organisation admin may do this',
        error_code: 1029,
      });
      expect(await grantsOf(member.userId)).toBe(1);
    });
  });
});
