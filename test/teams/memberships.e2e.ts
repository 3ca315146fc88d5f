import { Alert } from '../../src/alerts/alert.entity';
import { AccessToken } from '../../src/users/access-token.entity';
import { Membership } from '../../src/users/membership.entity';
import { onBothDatabases, TestApp } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { consoleFleet } from '../harness/console.helpers';
import { Caller } from '../harness/fixtures';
import { withoutPeriodicWork } from '../harness/periodic-work';

const UNAUTHENTICATED = {
  msg: 'Missing, invalid, expired or revoked access token',
  error_code: 1028,
};
const NETWORK_NOT_FOUND = { msg: 'Network not found', error_code: 1001 };

/** An open alert of the organisation, on the network if given (what the evaluation writes). */
async function openAlert(t: TestApp, caller: Caller, network: { id: number; name: string } | null) {
  const rule = await alertFixtures(() => t).rule(caller, { type: 'config_failed' });
  return t.fixtures.save(Alert, {
    organisation_id: caller.orgId,
    alert_rule_id: rule.id,
    type: 'config_failed',
    state: 'open',
    subject_id: 1,
    device_id: 1,
    device_mac: '0a:00:00:00:00:01',
    device_name: null,
    network_id: network?.id ?? null,
    network_name: network?.name ?? null,
    opened_at: new Date(),
    resolved_at: null,
    data: {},
  });
}

onBothDatabases('memberships: one login, several organisations', (t) => {
  const get = (caller: Caller, path: string) => t().http().get(path).set(caller.auth);

  it("acts with each token in its own organisation only: another one's records answer as missing", async () => {
    const a = await t().fixtures.admin();
    const b = await t().fixtures.organisation();
    const inB = await t().fixtures.joined(a, b.id, 'admin');
    const netA = await t().fixtures.network(a.orgId);
    const netB = await t().fixtures.network(b.id);

    await get(a, `/v1/location_networks/${netA.id}`).expect(200);
    await get(inB, `/v1/location_networks/${netB.id}`).expect(200);
    // The user is a member of both, yet each token sees only its organisation's records.
    expect((await get(a, `/v1/location_networks/${netB.id}`).expect(404)).body).toEqual(
      NETWORK_NOT_FOUND,
    );
    expect((await get(inB, `/v1/location_networks/${netA.id}`).expect(404)).body).toEqual(
      NETWORK_NOT_FOUND,
    );
    const listed = async (caller: Caller) =>
      (await get(caller, '/v1/location_networks/list_networks').expect(200)).body.data.networks.map(
        (n: { id: number }) => n.id,
      );
    expect(await listed(a)).toEqual([netA.id]);
    expect(await listed(inB)).toEqual([netB.id]);
  });

  it('applies the role of the membership the token acts in', async () => {
    const a = await t().fixtures.admin();
    const b = await t().fixtures.organisation();
    const memberInB = await t().fixtures.joined(a, b.id, 'member');
    const create = (caller: Caller) =>
      t()
        .http()
        .post('/v1/location_networks')
        .set(caller.auth)
        .send({ location_network: { network_name: 'Lobby', timezone: 'UTC' } });
    await create(a).expect(200);
    expect((await create(memberInB).expect(403)).body).toEqual({
      msg: 'Only an organisation admin may do this',
      error_code: 1029,
    });
  });

  it('issues a token in a named organisation of the user, else in the first membership', async () => {
    const root = await t().fixtures.superAdmin();
    const user = await t().fixtures.member((await t().fixtures.organisation()).id);
    const other = await t().fixtures.organisation();
    await t().fixtures.save(Membership, {
      user_id: user.userId,
      organisation_id: other.id,
      role: 'admin',
    });
    const issue = (body: Record<string, unknown>) =>
      t().http().post('/v1/admin/tokens').set(root.auth).send(body);

    const named = (await issue({ user_id: user.userId, organisation_id: other.id }).expect(200))
      .body.data;
    const first = (await issue({ user_id: user.userId }).expect(200)).body.data;
    const tokens = t().dataSource.getRepository(AccessToken);
    expect((await tokens.findOneByOrFail({ id: named.id })).organisation_id).toBe(other.id);
    expect((await tokens.findOneByOrFail({ id: first.id })).organisation_id).toBe(user.orgId);
    const me = async (token: string) =>
      (
        await t()
          .http()
          .get('/v1/me')
          .set({ Authorization: `Bearer ${token}` })
          .expect(200)
      ).body.data;
    expect(await me(named.token)).toMatchObject({
      organisation: { id: other.id, name: other.name },
      role: 'admin',
    });
    expect(await me(first.token)).toMatchObject({
      organisation: { id: user.orgId },
      role: 'member',
    });

    const stranger = await t().fixtures.organisation();
    const before = await tokens.count();
    const refused = await issue({ user_id: user.userId, organisation_id: stranger.id }).expect(422);
    expect(refused.body).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors: 'organisation_id does not name an organisation of the user',
    });
    const bad = await issue({ user_id: user.userId, organisation_id: 'x' }).expect(422);
    expect(bad.body.error_code).toBe(1030);
    expect(await tokens.count()).toBe(before);
  });

  it('answers GET /v1/me with the token’s organisation and role and every membership by name', async () => {
    const home = await t().fixtures.organisation({ name: `Zeta ${Date.now()}` });
    const user = await t().fixtures.admin(home.id);
    const alpha = await t().fixtures.organisation({ name: `Alpha ${Date.now()}` });
    const inAlpha = await t().fixtures.joined(user, alpha.id, 'member');
    const email = (await get(user, '/v1/me').expect(200)).body.data.user.email;
    const memberships = [
      { organisation: { id: alpha.id, name: alpha.name }, role: 'member' },
      { organisation: { id: home.id, name: home.name }, role: 'admin' },
    ];
    expect((await get(user, '/v1/me').expect(200)).body).toEqual({
      data: {
        user: { id: user.userId, email, super_admin: false },
        organisation: { id: home.id, name: home.name },
        role: 'admin',
        memberships,
      },
      status: 200,
    });
    expect((await get(inAlpha, '/v1/me').expect(200)).body).toEqual({
      data: {
        user: { id: user.userId, email, super_admin: false },
        organisation: { id: alpha.id, name: alpha.name },
        role: 'member',
        memberships,
      },
      status: 200,
    });
    expect((await t().http().get('/v1/me').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('lists every organisation of the user with the counts its overview shows them, from any token', () =>
    // Alone: the alert evaluation would resolve the alerts written here, whose devices are made up.
    withoutPeriodicWork(t().app, async () => {
      const fleet = await consoleFleet(t());
      const admin = fleet.admin;
      await openAlert(t(), admin, null);
      await openAlert(t(), admin, { id: fleet.roof.id, name: fleet.roof.network_name });
      // The same user is a member of a second fleet's organisation, granted its Lobby only.
      const second = await consoleFleet(t());
      const asMember = await t().fixtures.joined(admin, second.admin.orgId, 'member');
      await t().fixtures.grant(second.admin.orgId, admin.userId, second.lobby.id, 'read_only');
      await openAlert(t(), second.admin, { id: second.roof.id, name: second.roof.network_name });
      await openAlert(t(), second.admin, { id: second.lobby.id, name: second.lobby.network_name });

      const overview = async (caller: Caller) =>
        (await get(caller, '/v1/overview').expect(200)).body.data;
      const [own, there] = [await overview(admin), await overview(asMember)];
      expect(own.devices).toEqual({ total: 5, up: 2, down: 3 });
      expect(there.devices).toEqual({ total: 2, up: 1, down: 1 });

      const names = new Map(
        await Promise.all(
          [admin.orgId, second.admin.orgId].map(async (id) => {
            const org = await t().dataSource.query(
              t().db === 'postgres'
                ? 'SELECT name FROM organisations WHERE id = $1'
                : 'SELECT name FROM organisations WHERE id = ?',
              [id],
            );
            return [id, org[0].name as string] as const;
          }),
        ),
      );
      const summaries = [
        {
          id: admin.orgId,
          name: names.get(admin.orgId),
          role: 'admin',
          devices: own.devices,
          alerts_open: 2,
          rollouts_running: own.rollouts.running,
        },
        {
          id: second.admin.orgId,
          name: names.get(second.admin.orgId),
          role: 'member',
          devices: there.devices,
          alerts_open: 1,
          rollouts_running: there.rollouts.running,
        },
      ].sort((x, y) => x.name!.localeCompare(y.name!) || x.id - y.id);
      const meta = { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 2 };
      for (const caller of [admin, asMember]) {
        expect((await get(caller, '/v1/organisations').expect(200)).body).toEqual({
          data: { organisations: summaries, meta },
          status: 200,
        });
      }
      const paged = await get(admin, '/v1/organisations?per_page=1&page=2').expect(200);
      expect(paged.body).toEqual({
        data: {
          organisations: [summaries[1]],
          meta: { current: 2, previous: 1, next: null, per_page: 1, pages: 2, count: 2 },
        },
        status: 200,
      });
      expect((await get(admin, '/v1/organisations?page=0').expect(422)).body.error_code).toBe(1030);
    }));

  it('ends a membership at once: its tokens answer 401 1028, the other memberships work on', async () => {
    const owner = await t().fixtures.admin();
    const user = await t().fixtures.admin();
    const inOwner = await t().fixtures.joined(user, owner.orgId, 'member');
    await get(inOwner, '/v1/me').expect(200);
    await t().http().delete(`/v1/members/${user.userId}`).set(owner.auth).expect(200);
    expect((await get(inOwner, '/v1/me').expect(401)).body).toEqual(UNAUTHENTICATED);
    expect((await get(user, '/v1/me').expect(200)).body.data.memberships).toEqual([
      { organisation: { id: user.orgId, name: expect.any(String) }, role: 'admin' },
    ]);
    // Invited back later, the old token stays revoked.
    await t().fixtures.save(Membership, {
      user_id: user.userId,
      organisation_id: owner.orgId,
      role: 'member',
    });
    expect((await get(inOwner, '/v1/me').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('applies a changed role to the existing tokens at once', async () => {
    const owner = await t().fixtures.admin();
    const colleague = await t().fixtures.member(owner.orgId);
    await get(colleague, '/v1/members').expect(403);
    await t()
      .http()
      .patch(`/v1/members/${colleague.userId}`)
      .set(owner.auth)
      .send({ member: { role: 'admin' } })
      .expect(200);
    await get(colleague, '/v1/members').expect(200);
    expect((await get(colleague, '/v1/me').expect(200)).body.data.role).toBe('admin');
  });
});
