import { Membership } from '../../src/users/membership.entity';
import { User } from '../../src/users/user.entity';
import { onBothDatabases } from '../harness/app';
import { browser, browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The console's organisation switcher, "All organisations", Members and the accept page. */
onBothDatabases('console: organisations, members and invitations', (t) => {
  const orgName = async (id: number) =>
    (
      await t().dataSource.query(
        t().db === 'postgres'
          ? 'SELECT name FROM organisations WHERE id = $1'
          : 'SELECT name FROM organisations WHERE id = ?',
        [id],
      )
    )[0].name as string;
  const membershipsOf = async (userId: number) =>
    (
      await t()
        .dataSource.getRepository(Membership)
        .find({ where: { user_id: userId }, order: { organisation_id: 'ASC' } })
    ).map((m) => [m.organisation_id, m.role]);

  it('offers no switcher to a user of one organisation', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const page = await (await signedIn(t(), admin)).get('/overview').expect(200);
    expect(page.text).not.toContain('action="/organisation"');
  });

  it('switches the session between the user’s organisations; another one answers as missing', async () => {
    const user = await browserUser(t(), { role: 'admin' });
    const other = await t().fixtures.organisation();
    await t().fixtures.joined(user, other.id, 'member');
    const netHome = await t().fixtures.network(user.orgId, { network_name: 'Home net' });
    const netOther = await t().fixtures.network(other.id, { network_name: 'Other net' });
    const agent = await signedIn(t(), user);
    const page = await agent.get('/overview').expect(200);
    expect(page.text).toContain(
      '<form class="inline org-switcher" method="post" action="/organisation">',
    );
    expect(page.text).toContain(
      `<option value="${user.orgId}" selected>${await orgName(user.orgId)}</option>`,
    );
    expect(page.text).toContain(`<option value="${other.id}">${other.name}</option>`);
    await agent.get(`/networks/${netHome.id}`).expect(200);
    await agent.get(`/networks/${netOther.id}`).expect(404);

    const switched = await agent
      .post('/organisation')
      .type('form')
      .send({ _csrf: csrfOf(page.text), organisation_id: other.id })
      .expect(303);
    expect(switched.headers.location).toBe('/overview');
    const after = await agent.get('/overview').expect(200);
    expect(after.text).toContain(`Now in ${other.name}.`);
    expect(after.text).toContain(`<option value="${other.id}" selected>${other.name}</option>`);
    // Still signed in, now a member there: the admin pages are refused, the other's pages missing.
    await agent.get('/members').expect(403);
    await agent.get(`/networks/${netHome.id}`).expect(404);

    const stranger = await t().fixtures.organisation();
    for (const id of [stranger.id, 'abc', '']) {
      await agent
        .post('/organisation')
        .type('form')
        .send({ _csrf: csrfOf(after.text), organisation_id: id })
        .expect(404);
    }
    await agent
      .post('/organisation')
      .type('form')
      .send({ organisation_id: user.orgId })
      .expect(403);
  });

  it('lists all organisations with their counts, each row opening it', async () => {
    const user = await browserUser(t(), { role: 'admin' });
    const other = await t().fixtures.organisation();
    await t().fixtures.joined(user, other.id, 'member');
    const agent = await signedIn(t(), user);
    const page = await agent.get('/organisations').expect(200);
    expect(page.text).toContain('<h1>All organisations</h1>');
    for (const id of [user.orgId, other.id]) {
      expect(page.text).toContain(`<tr data-organisation-id="${id}">`);
      expect(page.text).toContain(`aria-label="Open ${await orgName(id)}"`);
    }
    expect(page.text).toContain(`${await orgName(user.orgId)} <span class="hint">(current)</span>`);
  });

  it('signs a removed member’s session out of that organisation at once', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const agent = await signedIn(t(), member);
    await agent.get('/overview').expect(200);
    await t().http().delete(`/v1/members/${member.userId}`).set(admin.auth).expect(200);
    const res = await agent.get('/overview').expect(303);
    expect(res.headers.location).toBe('/login?next=%2Foverview');
  });

  it('lets an admin invite (the link shown once), change a role, remove and revoke', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const agent = await signedIn(t(), admin);
    const page = await agent.get('/members').expect(200);
    expect(page.text).toContain(`<tr data-member-id="${member.userId}">`);
    const csrf = csrfOf(page.text);

    const invited = await agent
      .post('/members/invitations')
      .type('form')
      .send({ _csrf: csrf, email: 'Friend@Example.test', role: 'admin' })
      .expect(200);
    // Handlebars writes `=` as `&#x3D;`.
    const link = /<p id="invitation-link"><code>([^<]+)<\/code><\/p>/
      .exec(invited.text)![1]
      .replace(/&#x3D;/g, '=');
    expect(link).toMatch(/^http:\/\/localhost:3000\/invitations\/accept\?token=[\w-]{43,}$/);
    expect(invited.text).toContain(
      '<p id="invitation-mail" class="hint">It was not e-mailed: the service has no mail server (<code>SMTP_URL</code>).</p>',
    );
    const again = await agent.get('/members').expect(200);
    expect(again.text).not.toContain(link.split('token=')[1]);
    const invitationId = Number(/<tr data-invitation-id="(\d+)">/.exec(again.text)![1]);
    expect(again.text).toContain('<td data-label="E-mail">friend@example.test</td>');

    const refused = await agent
      .post('/members/invitations')
      .type('form')
      .send({ _csrf: csrf, email: 'nope', role: 'member' })
      .expect(422);
    expect(refused.text).toContain('invitation.email must be an email');
    expect(refused.text).toContain('value="nope"');

    await agent
      .post(`/members/${member.userId}/role`)
      .type('form')
      .send({ _csrf: csrf, role: 'admin' })
      .expect(303);
    expect(await membershipsOf(member.userId)).toEqual([[admin.orgId, 'admin']]);
    await agent
      .post(`/members/${member.userId}/role`)
      .type('form')
      .send({ _csrf: csrf, role: 'member' })
      .expect(303);
    const last = await agent
      .post(`/members/${admin.userId}/role`)
      .type('form')
      .send({ _csrf: csrf, role: 'member' })
      .expect(303);
    expect(last.headers.location).toBe('/members');
    expect((await agent.get('/members').expect(200)).text).toContain(
      'The organisation would have no admin left',
    );

    await agent
      .post(`/members/${member.userId}/remove`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(303);
    expect(await membershipsOf(member.userId)).toEqual([]);
    await agent
      .post(`/members/invitations/${invitationId}/revoke`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(303);
    expect((await agent.get('/members').expect(200)).text).toContain('No pending invitations.');
    await agent
      .post('/members/invitations/99999999/revoke')
      .type('form')
      .send({ _csrf: csrf })
      .expect(404);
    await agent.post('/members/abc/remove').type('form').send({ _csrf: csrf }).expect(404);
  });

  it('accepts an invitation: signed in, after signing in, or by choosing a password', async () => {
    const admin = await browserUser(t(), { role: 'admin' });
    const invite = async (email: string) =>
      (
        await t()
          .http()
          .post('/v1/invitations')
          .set(admin.auth)
          .send({ invitation: { email } })
          .expect(200)
      ).body.data.invitation.token as string;
    const name = await orgName(admin.orgId);

    // Signed in as the invited user.
    const existing = await browserUser(t(), { role: 'admin' });
    const token = await invite(existing.email);
    const agent = await signedIn(t(), existing);
    const page = await agent.get(`/invitations/accept?token=${token}`).expect(200);
    expect(page.text).toContain(
      `You are invited into <strong>${name}</strong> as <strong>member</strong>`,
    );
    expect(page.text).toContain(`You are signed in as ${existing.email}.`);
    const accepted = await agent
      .post('/invitations/accept')
      .type('form')
      .send({ _csrf: csrfOf(page.text), token })
      .expect(303);
    expect(accepted.headers.location).toBe('/overview');
    const now = await agent.get('/overview').expect(200);
    expect(now.text).toContain(`You are a member of ${name}.`);
    expect(now.text).toContain(`<option value="${admin.orgId}" selected>`);
    expect(await membershipsOf(existing.userId)).toEqual(
      [
        [existing.orgId, 'admin'],
        [admin.orgId, 'member'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    await agent.get(`/invitations/accept?token=${token}`).expect(404);

    // Signed out, with an account: asked to sign in, and back here after.
    const other = await browserUser(t(), { role: 'admin' });
    const second = await invite(other.email);
    const anonymous = browser(t());
    const ask = await anonymous.get(`/invitations/accept?token=${second}`).expect(200);
    expect(ask.text).toContain(
      `href="/login?next&#x3D;${encodeURIComponent(`/invitations/accept?token=${second}`)}"`,
    );
    expect(ask.text).not.toContain('name="password"');

    // Signed in as someone else: refused, the invitation stays.
    const wrong = await agent.get(`/invitations/accept?token=${second}`).expect(200);
    const refused = await agent
      .post('/invitations/accept')
      .type('form')
      .send({ _csrf: csrfOf(wrong.text), token: second })
      .expect(403);
    expect(refused.text).toContain('This invitation is for another e-mail address');

    // No account: choose a password, which creates it with that one membership, signed in.
    const email = `new-${Date.now()}@example.test`;
    const third = await invite(email);
    const fresh = browser(t());
    const form = await fresh.get(`/invitations/accept?token=${third}`).expect(200);
    expect(form.text).toContain('name="password"');
    const short = await fresh
      .post('/invitations/accept')
      .type('form')
      .send({ _csrf: csrfOf(form.text), token: third, password: 'short' })
      .expect(422);
    expect(short.text).toContain('password must be 8 to 200 characters');
    expect(await t().dataSource.getRepository(User).countBy({ email })).toBe(0);
    const created = await fresh
      .post('/invitations/accept')
      .type('form')
      .send({ _csrf: csrfOf(form.text), token: third, password: 'a good long password' })
      .expect(303);
    expect(created.headers.location).toBe('/overview');
    expect((await fresh.get('/overview').expect(200)).text).toContain(`Welcome, ${email}.`);
    const user = await t().dataSource.getRepository(User).findOneByOrFail({ email });
    expect(await membershipsOf(user.id)).toEqual([[admin.orgId, 'member']]);
    await browser(t()).get('/invitations/accept?token=nope').expect(404);
  });
});
