import { AccessToken } from '../../src/users/access-token.entity';
import { onBothDatabases } from '../harness/app';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The console's API tokens page: one's own tokens, made and revoked. */
onBothDatabases('console: API tokens', (t) => {
  it('creates a token shown once that works, lists it without its secret, and revokes it', async () => {
    const member = await browserUser(t(), { role: 'member' });
    const browser = await signedIn(t(), member);
    const page = await browser.get('/tokens').expect(200);
    expect(page.text).toContain('<a href="/tokens">API tokens</a>');
    const made = await browser
      .post('/tokens')
      .type('form')
      .send({ _csrf: csrfOf(page.text), name: 'inventory script', expires_in_days: '30' })
      .expect(200);
    const secret = /<p id="secret"><code>([^<]+)<\/code>/.exec(made.text)![1];
    expect(made.text).toContain('Your new token “inventory script”');
    const row = await t()
      .dataSource.getRepository(AccessToken)
      .findOneByOrFail({ user_id: member.userId, name: 'inventory script' });
    expect(Date.parse(row.expires_at!.toISOString()) - Date.now()).toBeGreaterThan(29 * 86400_000);
    // The secret works as a bearer token, and is never shown again.
    await t().http().get('/v1/tokens').set('Authorization', `Bearer ${secret}`).expect(200);
    const listed = await browser.get('/tokens').expect(200);
    expect(listed.text).toContain(`<tr data-token-id="${row.id}">`);
    expect(listed.text).not.toContain(secret);

    const revoked = await browser
      .post(`/tokens/${row.id}/revoke`)
      .type('form')
      .send({ _csrf: csrfOf(listed.text) })
      .expect(303);
    expect(revoked.headers.location).toBe('/tokens');
    await t().http().get('/v1/tokens').set('Authorization', `Bearer ${secret}`).expect(401);
    expect((await browser.get('/tokens').expect(200)).text).toContain(`Token ${row.id} revoked.`);
  });

  it('refuses a bad expiry beside the form, and another user’s token answers as missing', async () => {
    const user = await browserUser(t(), { role: 'admin' });
    const browser = await signedIn(t(), user);
    const csrf = csrfOf((await browser.get('/tokens').expect(200)).text);
    const refused = await browser
      .post('/tokens')
      .type('form')
      .send({ _csrf: csrf, name: 'ci', expires_in_days: 'soon' })
      .expect(422);
    expect(refused.text).toMatch(
      /<p class="error" role="alert">expires_in_days must be from 1 to \d+/,
    );
    expect(refused.text).toContain('name="expires_in_days" value="soon"');
    expect(
      await t().dataSource.getRepository(AccessToken).countBy({ user_id: user.userId, name: 'ci' }),
    ).toBe(0);

    const other = await browserUser(t(), { orgId: user.orgId, role: 'member' });
    const theirs = await t()
      .dataSource.getRepository(AccessToken)
      .save({
        user_id: other.userId,
        organisation_id: other.orgId,
        name: 'theirs',
        token_hash: 'x'.repeat(64),
      });
    await browser
      .post(`/tokens/${theirs.id}/revoke`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(404);
    await browser.post('/tokens').type('form').send({ name: 'no csrf' }).expect(403);
  });
});
