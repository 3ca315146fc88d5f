import { NetworkAccessGrant } from '../../src/networks/network-access-grant.entity';
import { onBothDatabases } from '../harness/app';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The admins' users and access page: grants made and revoked. */
onBothDatabases('console: users and access', (t) => {
  const grantsOf = (orgId: number) =>
    t()
      .dataSource.getRepository(NetworkAccessGrant)
      .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });

  it('lists the users with their grants, grants a member access and revokes it', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const browser = await signedIn(t(), admin);
    const page = await browser.get('/users').expect(200);
    expect(page.text).toContain('<a href="/users" aria-current="page">Users</a>');
    expect(page.text).toContain(
      `<td data-label="User">${admin.email} <span class="hint">(you)</span></td>`,
    );
    expect(page.text).toContain('Every network');
    const granted = await browser
      .post(`/users/${member.userId}/grants`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), network_id: lobby.id, level: 'read_only' })
      .expect(303);
    expect(granted.headers.location).toBe('/users');
    expect(
      (await grantsOf(admin.orgId)).map((g) => [g.user_id, g.location_network_id, g.level]),
    ).toEqual([[member.userId, lobby.id, 'read_only']]);
    const after = await browser.get('/users').expect(200);
    expect(after.text).toContain('Access granted: read only.');
    expect(after.text).toContain(`<li data-grant-network="${lobby.id}">Lobby: Read only`);
    // The member now reads the Lobby.
    await (await signedIn(t(), member)).get(`/networks/${lobby.id}`).expect(200);

    await browser
      .post(`/users/${member.userId}/grants/${lobby.id}/revoke`)
      .type('form')
      .send({ _csrf: csrfOf(after.text) })
      .expect(303);
    expect(await grantsOf(admin.orgId)).toEqual([]);
    expect((await browser.get('/users').expect(200)).text).toContain('Access revoked.');
  });

  it('refuses members, another organisation’s user or network, and a post without CSRF', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const lobby = await t().fixtures.network(admin.orgId);
    const theirs = await signedIn(t(), member);
    await theirs.get('/users').expect(403);
    const memberCsrf = csrfOf((await theirs.get('/overview').expect(200)).text);
    await theirs
      .post(`/users/${member.userId}/grants`)
      .type('form')
      .send({ _csrf: memberCsrf, network_id: lobby.id, level: 'full' })
      .expect(403);

    const stranger = await browserUser(t(), { role: 'admin' });
    const elsewhere = await t().fixtures.network(stranger.orgId);
    const browser = await signedIn(t(), admin);
    const csrf = csrfOf((await browser.get('/users').expect(200)).text);
    await browser
      .post(`/users/${stranger.userId}/grants`)
      .type('form')
      .send({ _csrf: csrf, network_id: lobby.id, level: 'full' })
      .expect(303);
    expect((await browser.get('/users').expect(200)).text).toContain(
      '<div class="flash flash-error" role="alert">user_id is not a user of the organisation</div>',
    );
    await browser
      .post(`/users/${member.userId}/grants`)
      .type('form')
      .send({ _csrf: csrf, network_id: elsewhere.id, level: 'full' })
      .expect(303);
    expect((await browser.get('/users').expect(200)).text).toContain(
      '<div class="flash flash-error" role="alert">Network not found</div>',
    );
    await browser
      .post(`/users/${member.userId}/grants`)
      .type('form')
      .send({ network_id: lobby.id, level: 'full' })
      .expect(403);
    expect(await grantsOf(admin.orgId)).toEqual([]);
  });

  it('answers a network id beyond 32 bits as a network that is not found', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const browser = await signedIn(t(), admin);
    const csrf = csrfOf((await browser.get('/users').expect(200)).text);
    for (const networkId of ['2147483648', '9007199254740992', '-2147483649']) {
      const res = await browser
        .post(`/users/${member.userId}/grants`)
        .type('form')
        .send({ _csrf: csrf, network_id: networkId, level: 'full' });
      expect([res.status, res.headers.location]).toEqual([303, '/users']);
      expect((await browser.get('/users').expect(200)).text).toContain(
        '<div class="flash flash-error" role="alert">Network not found</div>',
      );
    }
    expect(await grantsOf(admin.orgId)).toEqual([]);
  });
});
