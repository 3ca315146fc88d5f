import { randomBytes, scryptSync } from 'node:crypto';
import { Device } from '../../src/devices/device.entity';
import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { User } from '../../src/users/user.entity';
import { SESSION_TTL_SECONDS } from '../../src/web/session.service';
import { onBothDatabases, TestApp } from '../harness/app';
import { unique } from '../harness/fixtures';
import {
  browser,
  BrowserUser,
  browserUser,
  csrfOf,
  csrfOfSession,
  signedIn,
} from '../harness/web-session';
import { UPGRADE_FORM as FORM, CSRF_PAGE } from '../harness/console.helpers';

const FORBIDDEN_PAGE = 'Only an organisation admin may do this';
/** An organisation with an admin, a device and a released firmware for its hardware. */
async function organisation(t: TestApp) {
  const admin = await browserUser(t, { role: 'admin' });
  const part = await t.fixtures.hardwarePart();
  const device = await deviceOf(t, admin.orgId, part);
  return { admin, part, device };
}

function deviceOf(t: TestApp, orgId: number, part: HardwarePart): Promise<Device> {
  return t.fixtures.save(Device, {
    mac_id: t.fixtures.mac(),
    organisation_id: orgId,
    hardware_part_id: part.id,
    serial: unique('SN'),
  });
}

function release(t: TestApp, version: string, parts: HardwarePart[], fields = {}) {
  return t.fixtures.upgradeData({
    version,
    url: Object.fromEntries(parts.map((p) => [p.part_number, `https://fw.example/${version}`])),
    ...fields,
  });
}

function upgradesOf(t: TestApp, orgId: number) {
  return t.dataSource
    .getRepository(Upgrade)
    .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });
}

onBothDatabases('GET /', (t) => {
  const INDEX = {
    data: {
      name: 'Airfleet',
      links: { docs: '/docs', openapi: '/docs-json', health: '/health', console: '/overview' },
    },
    status: 200,
  };

  it('answers API clients with a JSON index of the documentation and the health check', async () => {
    await t().http().get('/').expect(200, INDEX);
    await t().http().get('/').set('Accept', 'application/json').expect(200, INDEX);
    await t().http().get('/').set('Accept', '*/*').expect(200, INDEX);
  });

  it('sends a browser to sign-in, and a signed-in one to the console', async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    await browser(t()).get('/').set('Accept', html).expect(303).expect('location', '/login');
    const agent = await signedIn(t(), await browserUser(t(), { role: 'member' }));
    await agent.get('/').set('Accept', html).expect(303).expect('location', '/overview');
  });

  it('serves the icon at /favicon.ico and the path every page links, and links the API docs', async () => {
    for (const path of ['/favicon.ico', '/assets/favicon.svg']) {
      const res = await t().http().get(path).expect(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(String(res.body ?? res.text)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    const page = await browser(t()).get('/login').expect(200);
    expect(page.text).toContain(
      '<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">',
    );
    expect(page.text).toContain('<a href="/docs">API documentation</a>');
  });
});

onBothDatabases('browser sign-in', (t) => {
  let user: BrowserUser;
  beforeAll(async () => {
    user = await browserUser(t(), { role: 'admin' });
  });

  it('shows the sign-in form with a CSRF token and sets an HttpOnly SameSite=Lax cookie', async () => {
    const res = await browser(t()).get('/login').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<form method="post" action="/login"');
    expect(csrfOf(res.text)).toMatch(/^[\w-]{43}$/);
    expect(res.headers['set-cookie']).toEqual([
      expect.stringMatching(/^airfleet_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
  });

  it('signs in with the right password: 303 to the overview, a 12-hour session and a flash message', async () => {
    const agent = browser(t());
    const form = await agent.get('/login').expect(200);
    const res = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfOf(form.text), email: user.email.toUpperCase(), password: user.password })
      .expect(303);
    expect(res.headers.location).toBe('/overview');
    expect(res.headers['set-cookie']).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^airfleet_session=[^;]+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/,
        ),
      ]),
    );
    const list = await agent.get('/upgrades').expect(200);
    expect(list.text).toContain(`Signed in as ${user.email}.`);
    const again = await agent.get('/upgrades').expect(200);
    expect(again.text).not.toContain('Signed in as');
  });

  it('answers 401 with the form and an error for a wrong password, and stays signed out', async () => {
    const agent = browser(t());
    const form = await agent.get('/login').expect(200);
    const res = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfOf(form.text), email: user.email, password: 'wrong password' })
      .expect(401);
    expect(res.text).toContain('Wrong email or password.');
    expect(res.text).toContain(`value="${user.email}"`);
    await agent.get('/upgrades').expect(303).expect('location', '/login?next=%2Fupgrades');
  });

  it('answers 401 for an unknown email and for a user who has no password', async () => {
    const noPassword = await t().fixtures.admin();
    const email = (
      await t().dataSource.query<{ email: string }[]>(
        `SELECT email FROM users WHERE id = ${noPassword.userId}`,
      )
    )[0].email;
    for (const credentials of [
      { email: 'nobody@example.test', password: user.password },
      { email, password: '' },
      { email, password: 'anything' },
    ]) {
      const agent = browser(t());
      const form = await agent.get('/login').expect(200);
      const res = await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrfOf(form.text), ...credentials })
        .expect(401);
      expect(res.text).toContain('Wrong email or password.');
    }
  });

  it('redirects a page without a session to /login and back to the page after sign-in', async () => {
    const agent = browser(t());
    await agent
      .get('/upgrades/new')
      .expect(303)
      .expect('location', '/login?next=%2Fupgrades%2Fnew');
    const form = await agent.get('/login?next=%2Fupgrades%2Fnew').expect(200);
    expect(form.text).toContain('name="next" value="/upgrades/new"');
    await agent
      .post('/login')
      .type('form')
      .send({
        _csrf: csrfOf(form.text),
        email: user.email,
        password: user.password,
        next: '/upgrades/new',
      })
      .expect(303)
      .expect('location', '/upgrades/new');
  });

  it('never follows a next path to another site after sign-in', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const agent = browser(t());
      const form = await agent.get('/login').expect(200);
      await agent
        .post('/login')
        .type('form')
        .send({ _csrf: csrfOf(form.text), email: user.email, password: user.password, next })
        .expect(303)
        .expect('location', '/upgrades');
    }
  });

  it('follows no next with a control character or an encoded second slash, and sets no header from it', async () => {
    const hostile = [
      '/%09/evil.example',
      '/\t/evil.example',
      '/%2f%2fevil.example',
      '/upgrades\r\nSet-Cookie: injected=1',
      '/upgrades%0d%0aSet-Cookie:%20injected=1',
    ];
    const agent = browser(t());
    const form = await agent.get('/login').expect(200);
    const res = await agent
      .post('/login')
      .type('form')
      .send({
        _csrf: csrfOf(form.text),
        email: user.email,
        password: user.password,
        next: hostile[0],
      })
      .expect(303)
      .expect('location', '/upgrades');
    expect(JSON.stringify(res.headers)).not.toContain('injected');
    for (const next of hostile) {
      const again = await agent
        .get('/login')
        .query({ next })
        .expect(303)
        .expect('location', '/upgrades');
      expect(JSON.stringify(again.headers)).not.toContain('injected');
    }
  });

  it('upgrades a password hash of the first format (scrypt N = 2^14) at sign-in', async () => {
    const old = await browserUser(t(), { role: 'admin' });
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('base64')}$${scryptSync(old.password, salt, 64).toString('base64')}`;
    await t().dataSource.getRepository(User).update({ id: old.userId }, { password_hash: legacy });
    const agent = await signedIn(t(), old);
    await agent.get('/upgrades').expect(200);
    const stored = await t().dataSource.getRepository(User).findOneByOrFail({ id: old.userId });
    expect(stored.password_hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[^$]{24}\$[^$]{88}$/);
    await signedIn(t(), old);
  });

  it('rejects a sign-in post without the CSRF token with a 403 page', async () => {
    const agent = browser(t());
    await agent.get('/login').expect(200);
    const res = await agent
      .post('/login')
      .type('form')
      .send({ email: user.email, password: user.password })
      .expect(403);
    expect(res.text).toContain(CSRF_PAGE);
    await agent.get('/upgrades').expect(303);
  });

  it('treats a tampered session cookie as signed out', async () => {
    const agent = await signedIn(t(), user);
    const res = await agent.get('/login').expect(303);
    expect(res.headers.location).toBe('/overview');
    const cookie = await signedInCookie(t(), user);
    await browser(t()).get('/upgrades').set('Cookie', cookie).expect(200);
    const tampered = cookie.replace(
      /^(airfleet_session=s\.)(.)/,
      (_m, head: string, c: string) => head + (c === 'A' ? 'B' : 'A'),
    );
    expect(tampered).not.toBe(cookie);
    await browser(t()).get('/upgrades').set('Cookie', tampered).expect(303);
  });

  it('signs every browser out when the password changes', async () => {
    const changing = await browserUser(t(), { role: 'admin' });
    const cookie = await signedInCookie(t(), changing);
    await browser(t()).get('/upgrades').set('Cookie', cookie).expect(200);
    await t()
      .dataSource.getRepository(User)
      .update({ id: changing.userId }, { password_hash: '$scrypt$ln=17,r=8,p=1$changed$changed' });
    await browser(t()).get('/upgrades').set('Cookie', cookie).expect(303);
  });

  it('ends the session 12 hours after sign-in', async () => {
    const agent = await signedIn(t(), user);
    await agent.get('/upgrades').expect(200);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + (SESSION_TTL_SECONDS + 60) * 1000);
    try {
      await agent.get('/upgrades').expect(303).expect('location', '/login?next=%2Fupgrades');
    } finally {
      clock.mockRestore();
    }
  });

  it('signs out on POST /logout, and a copy of the old cookie no longer works', async () => {
    const cookie = await signedInCookie(t(), user);
    const agent = browser(t());
    const page = await agent.get('/upgrades').set('Cookie', cookie).expect(200);
    const res = await agent
      .post('/logout')
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303)
      .expect('location', '/login');
    expect(res.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^airfleet_session=; Max-Age=0;/)]),
    );
    await browser(t()).get('/upgrades').set('Cookie', cookie).expect(303);
  });
});

/** The raw `airfleet_session=…` cookie of a fresh sign-in. */
async function signedInCookie(t: TestApp, user: BrowserUser): Promise<string> {
  const agent = browser(t);
  const form = await agent.get('/login').expect(200);
  const res = await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfOf(form.text), email: user.email, password: user.password })
    .expect(303);
  const cookies = res.headers['set-cookie'] as unknown as string[];
  return cookies.find((c) => c.startsWith('airfleet_session='))!.split(';')[0];
}

onBothDatabases('upgrade pages', (t) => {
  it('lists the organisation upgrades as HTML, never those of another organisation', async () => {
    const { admin, part, device } = await organisation(t());
    const other = await organisation(t());
    await release(t(), '3.0.0', [part, other.part]);
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    await t()
      .http()
      .post('/upgrades')
      .set(other.admin.auth)
      .send({ upgrade: { aps: [`AP:${other.device.id}`] } })
      .expect(200);
    const [mine] = await upgradesOf(t(), admin.orgId);
    const [theirs] = await upgradesOf(t(), other.admin.orgId);

    const agent = await signedIn(t(), admin);
    const res = await agent.get('/upgrades').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(`data-upgrade-id="${mine.id}"`);
    expect(res.text).toContain(device.mac_id);
    expect(res.text).not.toContain(`data-upgrade-id="${theirs.id}"`);
    expect(res.text).not.toContain(other.device.mac_id);
    const page = await agent.get(`/upgrades/${theirs.id}/edit`).expect(404);
    expect(page.text).toContain('Upgrade not found');

    // The status filter (the overview's counts link to it); an unknown status shows them all.
    const pending = await agent.get('/upgrades?status=pending').expect(200);
    expect(pending.text).toContain(`data-upgrade-id="${mine.id}"`);
    expect(pending.text).toContain('<option value="pending" selected>pending</option>');
    const failed = await agent.get('/upgrades?status=failed').expect(200);
    expect(failed.text).not.toContain(`data-upgrade-id="${mine.id}"`);
    expect(failed.text).toContain('No upgrades in this status.');
    const unknown = await agent.get('/upgrades?status=stuck').expect(200);
    expect(unknown.text).toContain(`data-upgrade-id="${mine.id}"`);
  });

  it('opens the form with the targets of ?aps= chosen (the device and network pages link so)', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '3.1.0', [part]);
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const agent = await signedIn(t(), admin);
    const forDevice = await agent.get(`/upgrades/new?aps=AP:${device.id}`).expect(200);
    expect(forDevice.text).toContain(`name="aps" value="AP:${device.id}" checked>`);
    const forNetwork = await agent.get(`/upgrades/new?aps=network:${lobby.id}`).expect(200);
    expect(forNetwork.text).toContain(`name="aps" value="network:${lobby.id}" checked> Lobby`);
    const blank = await agent.get('/upgrades/new').expect(200);
    expect(blank.text).toContain(`name="aps" value="network:${lobby.id}"> Lobby`);
  });

  it("creates an upgrade through the form: 303 to its request's summary with a flash message", async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '3.1.0', [part]);
    const agent = await signedIn(t(), admin);
    const form = await agent.get('/upgrades/new').expect(200);
    const res = await agent
      .post('/upgrades')
      .type('form')
      .send({ ...FORM, _csrf: csrfOf(form.text), aps: `AP:${device.id}`, save_prev_config: 'true' })
      .expect(303);
    const [{ request_id }] = await t()
      .dataSource.getRepository(Upgrade)
      .findBy({ organisation_id: admin.orgId });
    expect(res.headers.location).toBe(`/upgrades/requests/${request_id}`);
    expect(request_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const stored = await upgradesOf(t(), admin.orgId);
    expect(stored).toEqual([
      expect.objectContaining({
        device_id: device.id,
        version: '3.1.0',
        upgrade_type: 'automatic',
        schedule_type: 'now',
        schedule_at: null,
        save_prev_config: true,
        status: 'pending',
      }),
    ]);
    const list = await agent.get('/upgrades').expect(200);
    expect(list.text).toContain('Upgrade created successfully.');
    expect(list.text).toContain(`data-upgrade-id="${stored[0].id}"`);
  });

  it('reads the scheduled time of the form as local time in the chosen time zone', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '3.2.0', [part]);
    const agent = await signedIn(t(), admin);
    await agent
      .post('/upgrades')
      .type('form')
      .send({
        ...FORM,
        _csrf: await csrfOfSession(agent),
        aps: `AP:${device.id}`,
        schedule_type: 'later',
        schedule_at: '2030-01-15T10:00',
        time_zone: 'Europe/Paris',
      })
      .expect(303);
    const [stored] = await upgradesOf(t(), admin.orgId);
    expect(stored.schedule_at?.toISOString()).toBe('2030-01-15T09:00:00.000Z');
    expect(stored.time_zone).toBe('Europe/Paris');
    const edit = await agent.get(`/upgrades/${stored.id}/edit`).expect(200);
    expect(edit.text).toContain('value="2030-01-15T10:00"');
    expect(edit.text).toContain('<option value="Europe/Paris" selected>');
  });

  it('offers and accepts current IANA names such as Asia/Kolkata, stored as chosen', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '3.2.0', [part]);
    const agent = await signedIn(t(), admin);
    const form = await agent.get('/upgrades/new').expect(200);
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Europe/Kiev']) {
      expect(form.text).toContain(`<option value="${zone}">`);
    }
    await agent
      .post('/upgrades')
      .type('form')
      .send({
        ...FORM,
        _csrf: await csrfOfSession(agent),
        aps: `AP:${device.id}`,
        schedule_type: 'later',
        schedule_at: '2030-01-15T10:00',
        time_zone: 'Asia/Kolkata',
      })
      .expect(303);
    const [stored] = await upgradesOf(t(), admin.orgId);
    expect(stored.schedule_at?.toISOString()).toBe('2030-01-15T04:30:00.000Z');
    expect(stored.time_zone).toBe('Asia/Kolkata');
    const edit = await agent.get(`/upgrades/${stored.id}/edit`).expect(200);
    expect(edit.text).toContain('value="2030-01-15T10:00"');
    expect(edit.text).toContain('<option value="Asia/Kolkata" selected>');
  });

  it('updates an upgrade through the form', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '4.0.0', [part]);
    await release(t(), '4.1.0', [part]);
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    const [before] = await upgradesOf(t(), admin.orgId);
    expect(before.version).toBe('4.1.0');
    const agent = await signedIn(t(), admin);
    const form = await agent.get(`/upgrades/${before.id}/edit`).expect(200);
    expect(form.text).toContain(`action="/upgrades/${before.id}"`);
    expect(form.text).toContain(
      `This upgrade's device, <span class="mono">${device.mac_id}</span>, stays a target`,
    );
    const res = await agent
      .post(`/upgrades/${before.id}`)
      .type('form')
      .send({
        ...FORM,
        _csrf: csrfOf(form.text),
        aps: `AP:${device.id}`,
        upgrade_type: 'manual',
        version: '4.0.0',
      })
      .expect(303);
    expect(res.headers.location).toBe('/upgrades');
    const [after] = await upgradesOf(t(), admin.orgId);
    expect(after).toEqual(
      expect.objectContaining({
        id: before.id,
        version: '4.0.0',
        upgrade_type: 'manual',
        save_prev_config: false,
      }),
    );
    const list = await agent.get('/upgrades').expect(200);
    expect(list.text).toContain('Upgrade updated successfully.');
  });

  it('clears a field emptied in the form instead of keeping its old value', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '4.2.0', [part]);
    const agent = await signedIn(t(), admin);
    const later = {
      ...FORM,
      _csrf: await csrfOfSession(agent),
      aps: `AP:${device.id}`,
      schedule_type: 'later',
      schedule_at: '2030-01-15T10:00',
      time_zone: 'Europe/Paris',
    };
    await agent.post('/upgrades').type('form').send(later).expect(303);
    const [created] = await upgradesOf(t(), admin.orgId);
    const edit = (fields: object) =>
      agent
        .post(`/upgrades/${created.id}`)
        .type('form')
        .send({ ...later, ...fields });

    // A later upgrade without its time is refused, not saved with the old time.
    const noTime = await edit({ schedule_at: '' }).expect(422);
    expect(noTime.text).toContain('schedule_at is required when schedule_type is later');
    const noZone = await edit({ time_zone: '' }).expect(422);
    expect(noZone.text).toContain('time_zone must be an IANA time zone name');
    // A manual upgrade without its version is refused, not saved with the old version.
    const noVersion = await edit({ upgrade_type: 'manual', version: '' }).expect(422);
    expect(noVersion.text).toContain('version is required for a manual upgrade');
    expect(await upgradesOf(t(), admin.orgId)).toEqual([created]);

    // Now, with the time and the time zone emptied: both are gone.
    await edit({ schedule_type: 'now', schedule_at: '', time_zone: '' }).expect(303);
    const [after] = await upgradesOf(t(), admin.orgId);
    expect(after).toEqual(
      expect.objectContaining({
        id: created.id,
        schedule_type: 'now',
        schedule_at: null,
        time_zone: null,
      }),
    );
    const form = await agent.get(`/upgrades/${created.id}/edit`).expect(200);
    expect(form.text).toContain('<option value="">Choose a time zone</option>');
    expect(form.text).not.toContain('<option value="Europe/Paris" selected>');
  });

  it('deletes an upgrade through the form', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '5.0.0', [part]);
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    const [upgrade] = await upgradesOf(t(), admin.orgId);
    const agent = await signedIn(t(), admin);
    const list = await agent.get('/upgrades').expect(200);
    expect(list.text).toContain(`action="/upgrades/${upgrade.id}/delete"`);
    await agent
      .post(`/upgrades/${upgrade.id}/delete`)
      .type('form')
      .send({ _csrf: csrfOf(list.text) })
      .expect(303)
      .expect('location', '/upgrades');
    expect(await upgradesOf(t(), admin.orgId)).toEqual([]);
    const after = await agent.get('/upgrades').expect(200);
    expect(after.text).toContain(`Upgrade ${upgrade.id} deleted.`);
    expect(after.text).toContain('No upgrades yet.');
  });

  it('shows the form again with the message and 422 when the input is refused, storing nothing', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '6.0.0', [part]);
    const agent = await signedIn(t(), admin);
    const csrf = await csrfOfSession(agent);
    const bad = await agent
      .post('/upgrades')
      .type('form')
      .send({ ...FORM, _csrf: csrf, aps: `AP:${device.id}\nrouter:7` })
      .expect(422);
    expect(bad.text).toContain('The upgrade was not saved:</strong> Invalid targets: router:7');
    expect(bad.text).toContain(
      `<input type="checkbox" id="target-ap-${device.id}" name="aps" value="AP:${device.id}" checked>`,
    );
    const later = await agent
      .post('/upgrades')
      .type('form')
      .send({ ...FORM, _csrf: csrf, aps: `AP:${device.id}`, schedule_type: 'later' })
      .expect(422);
    expect(later.text).toContain(
      'schedule_at is required when schedule_type is later, time_zone is required when schedule_type is later',
    );
    expect(await upgradesOf(t(), admin.orgId)).toEqual([]);
  });

  it('rejects form posts without the session CSRF token with a 403 page, changing nothing', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '7.0.0', [part]);
    const agent = await signedIn(t(), admin);
    const someoneElse = await signedIn(t(), await browserUser(t(), { orgId: admin.orgId }));
    for (const csrf of [undefined, 'forged', await csrfOfSession(someoneElse)]) {
      const res = await agent
        .post('/upgrades')
        .type('form')
        .send({ ...FORM, aps: `AP:${device.id}`, ...(csrf ? { _csrf: csrf } : {}) })
        .expect(403);
      expect(res.text).toContain(CSRF_PAGE);
    }
    expect(await upgradesOf(t(), admin.orgId)).toEqual([]);
  });

  it('offers admins the released versions only, and super administrators unreleased ones too', async () => {
    const { admin, part } = await organisation(t());
    const unique8 = unique('v').slice(-6);
    await release(t(), `8.0.${unique8}`, [part], { is_released: true });
    await release(t(), `8.1.${unique8}`, [part], { is_released: false });
    await release(t(), `8.2.${unique8}`, [part], {
      is_released: true,
      organisation_id: admin.orgId,
    });
    const foreign = await t().fixtures.organisation();
    await release(t(), `8.3.${unique8}`, [part], {
      is_released: true,
      organisation_id: foreign.id,
    });
    const versions = (html: string) =>
      [...html.matchAll(/<option value="(8\.\d\.[^"]+)"/g)].map((m) => m[1]);

    const adminPage = await (await signedIn(t(), admin)).get('/upgrades/new').expect(200);
    expect(versions(adminPage.text)).toEqual([`8.2.${unique8}`, `8.0.${unique8}`]);
    const superAdmin = await browserUser(t(), { orgId: admin.orgId, super_admin: true });
    const superPage = await (await signedIn(t(), superAdmin)).get('/upgrades/new').expect(200);
    expect(versions(superPage.text)).toEqual([
      `8.2.${unique8}`,
      `8.1.${unique8}`,
      `8.0.${unique8}`,
    ]);
    expect(superPage.text).toContain(`8.1.${unique8} · unreleased`);
  });

  it('lets a member see the list but answers 403 pages to the forms and form posts', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '9.0.0', [part]);
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    const [upgrade] = await upgradesOf(t(), admin.orgId);
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const network = await t().fixtures.network(admin.orgId);
    await t()
      .dataSource.getRepository(Device)
      .update(device.id, { location_network_id: network.id });
    await t().fixtures.recountDevices();
    await t().fixtures.grant(admin.orgId, member.userId, network.id, 'full');
    const agent = await signedIn(t(), member);
    const list = await agent.get('/upgrades').expect(200);
    expect(list.text).toContain(`data-upgrade-id="${upgrade.id}"`);
    expect(list.text).not.toContain('/upgrades/new');
    expect(list.text).not.toContain('/delete');
    const csrf = csrfOf(list.text);
    expect((await agent.get('/upgrades/new').expect(403)).text).toContain(FORBIDDEN_PAGE);
    expect((await agent.get(`/upgrades/${upgrade.id}/edit`).expect(403)).text).toContain(
      FORBIDDEN_PAGE,
    );
    await agent
      .post(`/upgrades/${upgrade.id}/delete`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(403);
    await agent
      .post('/upgrades')
      .type('form')
      .send({ ...FORM, _csrf: csrf, aps: `AP:${device.id}` })
      .expect(403);
    expect(await upgradesOf(t(), admin.orgId)).toEqual([upgrade]);
  });

  it('reads the id of a page path as digits only: 1.0, 1e0 and +1 name no upgrade (404)', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '10.0.0', [part]);
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    const [mine] = await upgradesOf(t(), admin.orgId);
    const agent = await signedIn(t(), admin);
    await agent.get(`/upgrades/${mine.id}/edit`).expect(200);
    await agent.get(`/upgrades/00${mine.id}/edit`).expect(200);
    for (const id of [`${mine.id}.0`, `${mine.id}e0`, `+${mine.id}`, '0', '2147483648']) {
      const page = await agent.get(`/upgrades/${encodeURIComponent(id)}/edit`).expect(404);
      expect(page.text).toContain('Upgrade not found');
    }
  });

  it('answers 404 pages for upgrades of another organisation and ids that are not numbers', async () => {
    const { admin } = await organisation(t());
    const other = await organisation(t());
    await release(t(), '10.0.0', [other.part]);
    await t()
      .http()
      .post('/upgrades')
      .set(other.admin.auth)
      .send({ upgrade: { aps: [`AP:${other.device.id}`] } })
      .expect(200);
    const [theirs] = await upgradesOf(t(), other.admin.orgId);
    const agent = await signedIn(t(), admin);
    const csrf = await csrfOfSession(agent);
    await agent.get(`/upgrades/${theirs.id}`).expect(404);
    await agent.get('/upgrades/abc/edit').expect(404);
    await agent
      .post(`/upgrades/${theirs.id}/delete`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(404);
    await agent
      .post(`/upgrades/${theirs.id}`)
      .type('form')
      .send({ ...FORM, _csrf: csrf, aps: `AP:${other.device.id}` })
      .expect(404);
    expect(await upgradesOf(t(), other.admin.orgId)).toEqual([theirs]);
  });

  it('leaves JSON requests on the same paths to the JSON API', async () => {
    const { admin, part, device } = await organisation(t());
    await release(t(), '11.0.0', [part]);
    await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${device.id}`] } })
      .expect(200);
    const json = await t().http().get('/upgrades').set(admin.auth).expect(200);
    expect(json.body).toEqual({
      data: { upgrades: [expect.objectContaining({ device_id: device.id })] },
    });
    const signedInBrowser = await signedIn(t(), admin);
    const viaAccept = await signedInBrowser
      .get('/upgrades')
      .set('Accept', 'application/json')
      .expect(401);
    expect(viaAccept.body).toEqual({
      msg: 'Missing, invalid, expired or revoked access token',
      error_code: 1028,
    });
    await signedInBrowser.get('/upgrades.json').expect(401);
    await browser(t()).get('/upgrades').expect(303).expect('location', '/login?next=%2Fupgrades');
  });
});
