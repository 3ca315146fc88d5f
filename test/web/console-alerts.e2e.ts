import { Alert } from '../../src/alerts/alert.entity';
import { onBothDatabases, TestApp } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { Browser, browserUser, csrfOf, signedIn } from '../harness/web-session';

/**
 * Yesterday's date (UTC): the alerts' times fall inside the retention that deletes alerts resolved
 * long ago, whatever day the suite runs on.
 */
const DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** The page's text with its entities decoded and the cells' phone labels left out. */
const decoded = (html: string) =>
  html
    .replace(/ data-label="[^"]*"/g, '')
    .replace(/&#x3D;/g, '=')
    .replace(/&#x2F;/g, '/')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** A form body with repeated fields (the network checkboxes). */
const formBody = (fields: [string, string | number][]) =>
  new URLSearchParams(fields.map(([key, value]) => [key, String(value)])).toString();

/** The ids of the alert rows of a page, in order. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr data-alert-id="(\d+)">/g)].map((match) => Number(match[1]));

let macs = 0;

/** An alert row as the evaluation writes it (for what the list shows). */
async function alertRow(t: TestApp, orgId: number, ruleId: number, fields: Partial<Alert>) {
  macs += 1;
  const mac = `0a:00:00:00:${(macs >> 8).toString(16).padStart(2, '0')}:${(macs & 255).toString(16).padStart(2, '0')}`;
  return t.fixtures.save(Alert, {
    organisation_id: orgId,
    alert_rule_id: ruleId,
    type: 'config_failed',
    state: 'open',
    subject_id: 1000 + macs,
    device_id: 1000 + macs,
    device_mac: mac,
    device_name: null,
    network_id: null,
    network_name: null,
    opened_at: new Date(`${DAY}T10:00:00.000Z`),
    resolved_at: null,
    data: {},
    ...fields,
  });
}

/** The console's alert pages: the rules' list and form, the Alerts page, the count. */
onBothDatabases('console: alerts', (t) => {
  const a = alertFixtures(t);
  const g = gatewayFixtures(t);

  it('adds a rule through the form, shows a refusal next to it (422), edits and deletes it', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/alert_rules').expect(200);
    expect(list.text).toContain('<a href="/alerts" aria-current="page">Alerts</a>');
    expect(list.text).toContain('No alert rules yet.');
    expect(list.text).toContain('<a class="button" href="/alert_rules/new">New alert rule</a>');
    const form = await browser.get('/alert_rules/new').expect(200);
    expect(form.text).toContain(`name="network_ids" value="${lobby.id}"> Lobby</label>`);

    const refused = await browser
      .post('/alert_rules')
      .type('form')
      .send({
        _csrf: csrfOf(form.text),
        name: 'Busy lobby',
        type: 'clients_above',
        emails: 'nope',
      });
    expect(refused.status).toBe(422);
    expect(decoded(refused.text)).toContain(
      'alert_rule.threshold must be an integer of 0 or more (required by clients_above), ' +
        'alert_rule.emails has invalid addresses: nope',
    );
    expect(refused.text).toContain('value="Busy lobby"');
    // each message beside its field too, the field marked invalid
    expect(decoded(refused.text)).toContain(
      '<p class="error" id="threshold-error">alert_rule.threshold must be an integer of 0 or more (required by clients_above)</p>',
    );
    expect(refused.text).toContain(
      '<p class="error" id="emails-error">alert_rule.emails has invalid addresses: nope</p>',
    );
    expect(refused.text).toContain(
      'aria-describedby="emails-hint emails-error" aria-invalid="true">nope</textarea>',
    );
    expect(refused.text).toContain('<option value="clients_above" selected>');

    const created = await browser
      .post('/alert_rules')
      .type('form')
      .send(
        formBody([
          ['_csrf', csrfOf(form.text)],
          ['name', 'Busy lobby'],
          ['type', 'clients_above'],
          ['network_ids', lobby.id],
          ['for_seconds', 60],
          ['threshold', 40],
          ['emails', 'noc@example.com\nops@example.com, noc@example.com'],
          ['enabled', 'true'],
        ]),
      )
      .expect(303);
    expect(created.headers.location).toBe('/alert_rules');
    const api = async () =>
      (await t().http().get('/v1/alert_rules').set(admin.auth).expect(200)).body.data.alert_rules;
    const [rule] = await api();
    expect(rule).toMatchObject({
      name: 'Busy lobby',
      type: 'clients_above',
      network_ids: [lobby.id],
      for_seconds: 60,
      threshold: 40,
      emails: ['noc@example.com', 'ops@example.com'],
      enabled: true,
    });
    const shown = decoded((await browser.get('/alert_rules').expect(200)).text);
    expect(shown).toContain(`Alert rule ${rule.id} added.`);
    expect(shown).toMatch(
      new RegExp(
        `<tr data-rule-id="${rule.id}">\\s*<td><a href="/alert_rules/${rule.id}/edit">Busy lobby</a></td>\\s*` +
          '<td>Clients above a threshold</td>\\s*<td><ul class="plain"><li>Lobby</li></ul></td>\\s*' +
          '<td>60 s \\(1 min\\)</td>\\s*<td>40</td>\\s*' +
          '<td><ul class="plain"><li>noc@example.com</li><li>ops@example.com</li></ul></td>\\s*<td>Enabled</td>',
      ),
    );

    const edit = await browser.get(`/alert_rules/${rule.id}/edit`).expect(200);
    expect(edit.text).toContain(`value="${lobby.id}" checked>`);
    expect(edit.text).toContain('value="40"');
    expect(edit.text).toContain('>noc@example.com\nops@example.com</textarea>');
    // a type that uses neither number: the values left in their fields are not sent
    const saved = await browser
      .post(`/alert_rules/${rule.id}`)
      .type('form')
      .send(
        formBody([
          ['_csrf', csrfOf(edit.text)],
          ['name', 'Lobby config'],
          ['type', 'config_failed'],
          ['network_ids', lobby.id],
          ['for_seconds', 60],
          ['threshold', 40],
        ]),
      )
      .expect(303);
    expect(saved.headers.location).toBe('/alert_rules');
    expect((await api())[0]).toMatchObject({
      name: 'Lobby config',
      type: 'config_failed',
      for_seconds: 0,
      threshold: null,
      emails: [],
      enabled: false,
    });
    const [event] = (
      await t().http().get('/v1/events').query({ type: 'alert_rule.updated' }).set(admin.auth)
    ).body.data.events;
    expect(event.actor).toMatchObject({ type: 'user', id: admin.userId, via: 'console' });

    const deleted = await browser
      .post(`/alert_rules/${rule.id}/delete`)
      .type('form')
      .send({ _csrf: csrfOf(edit.text) })
      .expect(303);
    expect(deleted.headers.location).toBe('/alert_rules');
    await t().http().get(`/v1/alert_rules/${rule.id}`).set(admin.auth).expect(404);
    await browser.get(`/alert_rules/${rule.id}/edit`).expect(404);
  });

  it('lets members read the rules, not write them; another organisation’s rule is missing', async () => {
    const admin = await browserUser(t());
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const rule = await a.rule(admin, { name: 'Down', type: 'device_down' });
    const browser = await signedIn(t(), member);
    const list = await browser.get('/alert_rules').expect(200);
    expect(decoded(list.text)).toContain('<td>Down</td>');
    expect(list.text).not.toContain('/alert_rules/new');
    expect(list.text).not.toContain(`/alert_rules/${rule.id}/edit`);
    await browser.get('/alert_rules/new').expect(403);
    await browser.get(`/alert_rules/${rule.id}/edit`).expect(403);
    const csrf = csrfOf(list.text);
    await browser.post('/alert_rules').type('form').send({ _csrf: csrf, name: 'x' }).expect(403);
    await browser
      .post(`/alert_rules/${rule.id}/delete`)
      .type('form')
      .send({ _csrf: csrf })
      .expect(403);
    await browser.post(`/alert_rules/${rule.id}/delete`).type('form').send({}).expect(403);

    const other = await signedIn(t(), await browserUser(t()));
    await other.get(`/alert_rules/${rule.id}/edit`).expect(404);
    await other.get('/alert_rules/x/edit').expect(404);
    const otherCsrf = csrfOf((await other.get('/alert_rules').expect(200)).text);
    await other
      .post(`/alert_rules/${rule.id}/delete`)
      .type('form')
      .send({ _csrf: otherCsrf })
      .expect(404);
    await t().http().get(`/v1/alert_rules/${rule.id}`).set(admin.auth).expect(200);
    await browser.get('/alert_rules').expect(200);
    await (
      await signedIn(t(), admin)
    )
      .post('/alert_rules')
      .type('form')
      .send({ name: 'x' })
      .expect(403);
  });

  it('shows a member only the networks they may read and masks the addresses of others', async () => {
    const admin = await browserUser(t());
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const vault = await t().fixtures.network(admin.orgId, { network_name: 'Vault' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const mixed = await a.rule(admin, {
      name: 'Down',
      type: 'device_down',
      network_ids: [vault.id, lobby.id],
      emails: ['zoe@corp.example', member.email],
    });
    const secret = await a.rule(admin, {
      name: 'Vault watch',
      type: 'config_failed',
      network_ids: [vault.id],
      emails: ['ceo@corp.example'],
    });
    const row = (html: string, id: number) =>
      new RegExp(`<tr data-rule-id="${id}">([\\s\\S]*?)</tr>`).exec(decoded(html))?.[1];

    const list = await (await signedIn(t(), member)).get('/alert_rules').expect(200);
    expect(row(list.text, mixed.id)).toMatch(
      new RegExp(
        '<td>Down</td>\\s*<td>Device down</td>\\s*<td><ul class="plain"><li>Lobby</li></ul></td>' +
          '[\\s\\S]*<td><ul class="plain"><li>z\\*\\*\\*@corp.example</li>' +
          `<li>${member.email}</li></ul></td>`,
      ),
    );
    expect(row(list.text, secret.id)).toBeUndefined();
    for (const hidden of ['Vault', 'ceo', 'zoe@']) {
      expect(list.text).not.toContain(hidden);
    }

    const asAdmin = await (await signedIn(t(), admin)).get('/alert_rules').expect(200);
    expect(row(asAdmin.text, mixed.id)).toContain(
      '<td><ul class="plain"><li>Vault</li><li>Lobby</li></ul></td>',
    );
    expect(row(asAdmin.text, mixed.id)).toContain(
      `<li>zoe@corp.example</li><li>${member.email}</li>`,
    );
    expect(row(asAdmin.text, secret.id)).toContain('<li>ceo@corp.example</li>');
  });

  it('lists open alerts first, then newest first, filters by state and counts open ones on the overview', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const roof = await t().fixtures.network(admin.orgId, { network_name: 'Roof' });
    const rule = await a.rule(admin, { name: 'Busy', type: 'clients_above', threshold: 40 });
    const net = (n: { id: number; network_name: string }) => ({
      network_id: n.id,
      network_name: n.network_name,
    });
    const resolved = { state: 'resolved' as const, resolved_at: new Date(`${DAY}T11:00:00Z`) };
    const old = await alertRow(t(), admin.orgId, rule.id, { ...net(lobby), ...resolved });
    const open = await alertRow(t(), admin.orgId, rule.id, {
      ...net(lobby),
      device_name: 'Lobby AP',
      data: { revision: 'abc', message: 'wpa_key rejected' },
    });
    // resolved: the evaluation running each second resolves an open clients_above alert of a
    // device without heartbeat (open config_failed ones resolve only on events about them)
    const gone = await alertRow(t(), admin.orgId, rule.id, {
      ...net(roof),
      ...resolved,
      type: 'clients_above',
      data: { clients: 52 },
    });
    const busy = await alertRow(t(), admin.orgId, rule.id, {
      ...net(roof),
      data: { revision: 'abc', message: 'radio busy' },
    });
    const browser = await signedIn(t(), admin);
    const page = decoded((await browser.get('/alerts').expect(200)).text);
    expect(rowsOf(page)).toEqual([busy.id, open.id, gone.id, old.id]);
    expect(page).toContain('<a href="/alert_rules">Alert rules</a>');
    expect(page).toContain(
      `<a href="/devices/${open.device_id}">Lobby AP <span class="mono">${open.device_mac}</span></a>`,
    );
    expect(page).toContain(`<a href="/networks/${lobby.id}">Lobby</a>`);
    expect(page).toContain('<td>The device refused its configuration: wpa_key rejected</td>');
    expect(page).toContain('<td>52 clients, more than 40</td>');
    expect(page).toContain(
      `<td><time datetime="${DAY}T11:00:00.000Z">${DAY} 11:00:00 UTC</time></td>`,
    );
    expect(rowsOf((await browser.get('/alerts?state=open').expect(200)).text)).toEqual([
      busy.id,
      open.id,
    ]);
    expect(rowsOf((await browser.get('/alerts?state=resolved').expect(200)).text)).toEqual([
      gone.id,
      old.id,
    ]);
    expect((await browser.get('/alerts?state=resolved&page=2').expect(200)).text).toContain(
      'No alerts in this state.',
    );
    const overview = await browser.get('/overview').expect(200);
    expect(decoded(overview.text)).toContain('<a href="/alerts?state=open" id="open-alerts">2</a>');

    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const theirs = await signedIn(t(), member);
    expect(rowsOf((await theirs.get('/alerts').expect(200)).text)).toEqual([open.id, old.id]);
    expect(decoded((await theirs.get('/overview').expect(200)).text)).toContain(
      '<a href="/alerts?state=open" id="open-alerts">1</a>',
    );
    const stranger = await signedIn(t(), await browserUser(t()));
    expect((await stranger.get('/alerts').expect(200)).text).toContain('No alerts.');
  });

  it('pages the alerts 25 at a time, keeping the filter in the page links', async () => {
    const admin = await browserUser(t());
    const rule = await a.rule(admin, { type: 'upgrade_failed' });
    for (let i = 0; i < 27; i++) {
      await alertRow(t(), admin.orgId, rule.id, {
        type: 'upgrade_failed',
        state: 'resolved',
        resolved_at: new Date(`${DAY}T10:00:00Z`),
        data: { upgrade_id: i + 1, error: 'timeout' },
      });
    }
    const browser = await signedIn(t(), admin);
    const first = decoded((await browser.get('/alerts?state=resolved').expect(200)).text);
    expect(rowsOf(first)).toHaveLength(25);
    expect(first).toContain('<a href="/alerts?state=resolved&page=2" rel="next">Next</a>');
    expect(first).toContain('<td>Upgrade 27 failed: timeout</td>');
    const second = decoded((await browser.get('/alerts?state=resolved&page=2').expect(200)).text);
    expect(rowsOf(second)).toHaveLength(2);
    expect(second).toContain('<a href="/alerts?state=resolved" rel="prev">Previous</a>');
    expect(second).toContain('<td>Upgrade 1 failed: timeout</td>');
  });

  it('shows the alert a device’s configuration error opens, and its count on the overview', async () => {
    const admin = await browserUser(t());
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Hall' });
    const ap = await g.device(admin.orgId, { networkId: network.id, name: 'Hall AP' });
    const revision = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
    const browser = await signedIn(t(), admin);
    const form = await browser.get('/alert_rules/new').expect(200);
    await browser
      .post('/alert_rules')
      .type('form')
      .send({ _csrf: csrfOf(form.text), name: 'Config', type: 'config_failed', enabled: 'true' })
      .expect(303);
    await g.checkin(ap.auth, { config_error: { revision, message: 'radio busy' } }).expect(200);
    const end = Date.now() + 10_000;
    while ((await a.alerts(admin, { state: 'open' })).length === 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const page = decoded((await browser.get('/alerts').expect(200)).text);
    expect(rowsOf(page)).toHaveLength(1);
    expect(page).toContain('<td class="status-down">Open<br><form class="inline" method="post"');
    expect(page).toContain(
      `<a href="/devices/${ap.device.id}">Hall AP <span class="mono">${ap.device.mac_id}</span></a>`,
    );
    expect(page).toContain('<td>The device refused its configuration: radio busy</td>');
    expect(decoded((await browser.get('/overview').expect(200)).text)).toContain(
      '<a href="/alerts?state=open" id="open-alerts">1</a>',
    );
  });
  /** The Acknowledge form of the alert's row, if the page shows it. */
  const acknowledgeForm = (id: number) =>
    `<form class="inline" method="post" action="/alerts/${id}/acknowledge">`;
  const acknowledgeOn = async (browser: Browser, id: number) => {
    const page = await browser.get('/alerts').expect(200);
    return browser
      .post(`/alerts/${id}/acknowledge`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
  };

  it('acknowledges an open alert with its button: flash, who and when, the button gone', async () => {
    const admin = await browserUser(t());
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Hall' });
    const alert = await alertRow(t(), admin.orgId, 1, {
      network_id: network.id,
      network_name: 'Hall',
    });
    const resolved = await alertRow(t(), admin.orgId, 1, {
      state: 'resolved',
      resolved_at: new Date(`${DAY}T11:00:00.000Z`),
    });
    const browser = await signedIn(t(), admin);
    const before = decoded((await browser.get('/alerts').expect(200)).text);
    expect(before).toContain(acknowledgeForm(alert.id));
    expect(before).toContain(
      `<button type="submit" class="secondary" aria-label="Acknowledge alert ${alert.id}">Acknowledge</button>`,
    );
    expect(before).not.toContain(acknowledgeForm(resolved.id));
    // the list is one region the page's script refreshes
    expect(before).toContain('<div id="alert-list" data-live="5">');

    const res = await acknowledgeOn(browser, alert.id);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/alerts');
    const after = decoded((await browser.get('/alerts').expect(200)).text);
    expect(after).toContain(
      `<div class="flash flash-success" role="status">Alert ${alert.id} acknowledged.</div>`,
    );
    const stored = await t().dataSource.getRepository(Alert).findOneByOrFail({ id: alert.id });
    expect(stored.acknowledged_by).toBe(admin.userId);
    const at = stored.acknowledged_at?.toISOString();
    expect(after).toContain(
      `<td class="status-down">Open<br><span class="hint acknowledged">Acknowledged by ${admin.email}, ` +
        `<time datetime="${at}" title="${at}">just now</time></span></td>`,
    );
    expect(after).not.toContain(acknowledgeForm(alert.id));

    // a second press (another tab) keeps the first acknowledger and says who it was
    const other = await browserUser(t(), { orgId: admin.orgId });
    const otherBrowser = await signedIn(t(), other);
    await acknowledgeOn(otherBrowser, alert.id).then((r) => expect(r.status).toBe(303));
    expect(decoded((await otherBrowser.get('/alerts').expect(200)).text)).toContain(
      `<div class="flash flash-success" role="status">Alert ${alert.id} was already acknowledged by ${admin.email}.</div>`,
    );
    expect(
      (await t().dataSource.getRepository(Alert).findOneByOrFail({ id: alert.id })).acknowledged_by,
    ).toBe(admin.userId);
  });

  it('refuses a resolved alert with the reason as the message, changing nothing', async () => {
    const admin = await browserUser(t());
    const resolved = await alertRow(t(), admin.orgId, 1, {
      state: 'resolved',
      resolved_at: new Date(`${DAY}T11:00:00.000Z`),
    });
    const browser = await signedIn(t(), admin);
    const res = await acknowledgeOn(browser, resolved.id);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/alerts');
    expect(decoded((await browser.get('/alerts').expect(200)).text)).toContain(
      '<div class="flash flash-error" role="alert">the alert is resolved: only an open alert can be acknowledged</div>',
    );
    const stored = await t().dataSource.getRepository(Alert).findOneByOrFail({ id: resolved.id });
    expect(stored.acknowledged_by).toBeNull();
  });

  it('offers Acknowledge to members with full access only; read-only is 403, hidden is 404', async () => {
    const admin = await browserUser(t());
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Hall' });
    const alert = await alertRow(t(), admin.orgId, 1, {
      network_id: network.id,
      network_name: 'Hall',
    });
    const full = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const readOnly = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const none = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, full.userId, network.id, 'full');
    await t().fixtures.grant(admin.orgId, readOnly.userId, network.id, 'read_only');

    const readOnlyBrowser = await signedIn(t(), readOnly);
    const readOnlyPage = decoded((await readOnlyBrowser.get('/alerts').expect(200)).text);
    expect(rowsOf(readOnlyPage)).toEqual([alert.id]);
    expect(readOnlyPage).not.toContain(acknowledgeForm(alert.id));
    const refused = await acknowledgeOn(readOnlyBrowser, alert.id);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your access to this network is read-only');
    const hidden = await acknowledgeOn(await signedIn(t(), none), alert.id);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain('Alert not found');
    expect(
      (await t().dataSource.getRepository(Alert).findOneByOrFail({ id: alert.id })).acknowledged_by,
    ).toBeNull();

    const fullBrowser = await signedIn(t(), full);
    expect(decoded((await fullBrowser.get('/alerts').expect(200)).text)).toContain(
      acknowledgeForm(alert.id),
    );
    expect((await acknowledgeOn(fullBrowser, alert.id)).status).toBe(303);
    expect(decoded((await fullBrowser.get('/alerts').expect(200)).text)).toContain(
      `Acknowledged by ${full.email}, `,
    );
  });

  it('says that no mail server is configured: on the form, in the saved message and the list', async () => {
    const admin = await browserUser(t());
    const browser = await signedIn(t(), admin);
    const warning =
      'No mail server is configured: these e-mails will not be sent until one is ' +
      '(set <code>SMTP_URL</code>: see “Alert e-mails” in the guide <code>docs/alerts.md</code>).';
    const form = await browser.get('/alert_rules/new').expect(200);
    expect(decoded(form.text)).toContain(`<strong class="mail-off">${warning}</strong>`);
    // a rule without addresses: a plain message, no notice in the list
    await browser
      .post('/alert_rules')
      .type('form')
      .send({ _csrf: csrfOf(form.text), name: 'Quiet', type: 'config_failed', enabled: 'true' })
      .expect(303);
    const quiet = decoded((await browser.get('/alert_rules').expect(200)).text);
    expect(quiet).toMatch(
      /<div class="flash flash-success" role="status">Alert rule \d+ added\.<\/div>/,
    );
    expect(quiet).not.toContain('id="mail-off"');

    await browser
      .post('/alert_rules')
      .type('form')
      .send({
        _csrf: csrfOf(form.text),
        name: 'Loud',
        type: 'config_failed',
        emails: 'noc@example.com',
        enabled: 'true',
      })
      .expect(303);
    const list = decoded((await browser.get('/alert_rules').expect(200)).text);
    expect(list).toMatch(
      new RegExp(
        '<div class="flash flash-success" role="status">Alert rule \\d+ added\\. No mail server is ' +
          'configured: its e-mails will not be sent until one is \\(SMTP_URL\\)\\.</div>',
      ),
    );
    expect(list).toContain(
      '<p class="notice" id="mail-off">No mail server is configured: the rules’ e-mails will not be sent until one is ' +
        '(set <code>SMTP_URL</code>: see “Alert e-mails” in the guide <code>docs/alerts.md</code>).</p>',
    );
  });
});

/** With a mail server, the rule pages say nothing of one. */
onBothDatabases(
  'console: alert rules with a mail server',
  (t) => {
    it('shows no mail-server warning on the form, the saved message or the list', async () => {
      const admin = await browserUser(t());
      const browser = await signedIn(t(), admin);
      const form = await browser.get('/alert_rules/new').expect(200);
      expect(form.text).not.toContain('mail-off');
      await browser
        .post('/alert_rules')
        .type('form')
        .send({
          _csrf: csrfOf(form.text),
          name: 'Loud',
          type: 'config_failed',
          emails: 'noc@example.com',
          enabled: 'true',
        })
        .expect(303);
      const list = decoded((await browser.get('/alert_rules').expect(200)).text);
      expect(list).toMatch(
        /<div class="flash flash-success" role="status">Alert rule \d+ added\.<\/div>/,
      );
      expect(list).not.toContain('mail-off');
    });
  },
  { SMTP_URL: 'smtp://127.0.0.1:2525' },
);
