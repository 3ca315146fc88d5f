import { EventRecord } from '../../src/event-log/event.entity';
import { onBothDatabases } from '../harness/app';
import { deviceFixtures } from '../harness/access-points.helpers';
import { addSsid, consoleFleet, decodedHtml, CSRF_PAGE } from '../harness/console.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The console's templates page and Apply uplinks. */
onBothDatabases('console: templates', (t) => {
  it('makes a network template of a network SSIDs, which a rollback of another network applies', async () => {
    const { admin, lobby, roof } = await consoleFleet(t());
    await addSsid(t(), admin, lobby.id, 'Guests');
    await addSsid(t(), admin, lobby.id, 'Staff');
    const browser = await signedIn(t(), admin);
    const page = await browser.get('/templates').expect(200);
    expect(page.text).toContain('<p class="empty">No network template yet.</p>');
    const res = await browser
      .post('/templates/network')
      .type('form')
      .send({ _csrf: csrfOf(page.text), name: 'Standard', network_id: lobby.id })
      .expect(303);
    expect(res.headers.location).toBe('/templates');
    const after = decodedHtml((await browser.get('/templates').expect(200)).text);
    expect(after).toContain(
      `Network template Standard created with 2 SSIDs of ${lobby.network_name}.`,
    );
    expect(after).toMatch(
      /<td data-label="Name">Standard<\/td><td data-label="SSIDs">Guests, Staff<\/td>/,
    );

    const api = await t().http().get('/v1/network_templates').set(admin.auth).expect(200);
    const [template] = (api.body as { data: { network_templates: Record<string, unknown>[] } }).data
      .network_templates;
    const entries = (template.configuration as { ssid_configuration: Record<string, unknown>[] })
      .ssid_configuration;
    expect(entries.map((e) => [e.ssid_name, e.wpa_key, 'id' in e])).toEqual([
      ['Guests', 'correct horse', false],
      ['Staff', 'correct horse', false],
    ]);

    // Without ids, the entries create SSIDs in another network that a rollback sets them on.
    await t()
      .http()
      .post(`/v1/location_networks/${roof.id}/config_rollback`)
      .set(admin.auth)
      .send({ network_template_id: template.id, configuration: template.configuration })
      .expect(200);
    const roofSsids = await t()
      .http()
      .get('/v1/list_network_ssids')
      .query({ network_id: roof.id })
      .set(admin.auth)
      .expect(200);
    const names = (roofSsids.body as { data: { network_ssids: { ssid_name: string }[] } }).data
      .network_ssids;
    expect(names.map((s) => s.ssid_name).sort()).toEqual(['Guests', 'Staff']);
  });

  it('shows a refused network template beside its field and stores nothing', async () => {
    const { admin, lobby } = await consoleFleet(t());
    await t()
      .http()
      .post('/v1/network_templates')
      .set(admin.auth)
      .send({ network_template: { name: 'Taken', configuration: { ssid_configuration: [] } } })
      .expect(200);
    const browser = await signedIn(t(), admin);
    const csrf = csrfOf((await browser.get('/templates').expect(200)).text);
    const taken = await browser
      .post('/templates/network')
      .type('form')
      .send({ _csrf: csrf, name: 'Taken', network_id: lobby.id })
      .expect(422);
    expect(decodedHtml(taken.text)).toContain(
      '<p class="error" id="network-template-name-error">name has already been taken</p>',
    );
    expect(taken.text).toContain('value="Taken" required aria-invalid="true"');
    const none = await browser
      .post('/templates/network')
      .type('form')
      .send({ _csrf: csrf, name: 'Other', network_id: '' })
      .expect(422);
    expect(none.text).toContain(
      '<p class="error" id="network-template-source-error">Choose the network whose SSIDs the template copies.</p>',
    );
    const api = await t().http().get('/v1/network_templates').set(admin.auth).expect(200);
    expect(
      (api.body as { data: { network_templates: { name: string }[] } }).data.network_templates.map(
        (x) => x.name,
      ),
    ).toEqual(['Taken']);
  });

  it('creates an uplink template from JSON, refusing bad JSON and bad types beside the field', async () => {
    const { admin } = await consoleFleet(t());
    const browser = await signedIn(t(), admin);
    const csrf = csrfOf((await browser.get('/templates').expect(200)).text);
    const post = (details: string, status: number) =>
      browser
        .post('/templates/uplink')
        .type('form')
        .send({ _csrf: csrf, name: 'WAN', details })
        .expect(status);

    const notJson = await post('[{"uplink_type": "1",', 422);
    expect(notJson.text).toContain(
      '<p class="error" id="uplink-template-details-error">details must be JSON: an array of objects, each with uplink_type</p>',
    );
    expect(notJson.text).toContain('[{&quot;uplink_type&quot;: &quot;1&quot;,</textarea>');
    const badType = await post('[{"uplink_type": "9"}]', 422);
    expect(badType.text).toContain(
      '<p class="error" id="uplink-template-details-error">details.0.uplink_type must be one of 1, 2, 3, 4</p>',
    );
    const empty = await post('[]', 422);
    expect(empty.text).toContain('details must contain at least 1 elements');

    await post('[{"uplink_type": "1", "proto": "dhcp"}, {"uplink_type": 4}]', 303);
    const page = decodedHtml((await browser.get('/templates').expect(200)).text);
    expect(page).toContain('Uplink template WAN created with 2 uplinks.');
    expect(page).toMatch(/<td data-label="Name">WAN<\/td><td data-label="Uplink types">1, 4<\/td>/);
    const api = await t().http().get('/v1/init_templates').set(admin.auth).expect(200);
    expect((api.body as { data: { init_templates: unknown[] } }).data.init_templates).toEqual([
      {
        id: expect.any(Number),
        name: 'WAN',
        details: [{ uplink_type: '1', proto: 'dhcp' }, { uplink_type: '4' }],
      },
    ]);
  });

  it('applies an uplink template to ticked devices, naming those without hardware', async () => {
    const { admin, lobby, up } = await consoleFleet(t());
    const configured = await deviceFixtures(t).device(admin.orgId, { networkId: lobby.id });
    const created = await t()
      .http()
      .post('/v1/init_templates')
      .set(admin.auth)
      .send({ init_template: { name: 'WAN', details: [{ uplink_type: '1', proto: 'dhcp' }] } })
      .expect(200);
    const templateId = (created.body as { data: { id: number } }).data.id;
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/devices').expect(200);
    expect(list.text).toContain(`<option value="${templateId}">WAN</option>`);
    const apply = (devices: string[]) =>
      browser
        .post('/devices/actions')
        .type('form')
        .send({
          _csrf: csrfOf(list.text),
          action: 'uplinks',
          devices,
          init_template_id: templateId,
          return: '/devices',
        })
        .expect(303);
    await apply([configured.mac_id]);
    expect(decodedHtml((await browser.get('/devices').expect(200)).text)).toContain(
      'Uplink template applied to 1 device.',
    );
    const record = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .query({ mac_id: configured.mac_id })
      .set(admin.auth)
      .expect(200);
    const [device] = (record.body as { data: { devices: { uplinks: unknown[] }[] } }).data.devices;
    expect(device.uplinks).toEqual([
      { proto: 'dhcp', id: expect.any(Number), uplink_type: '1', is_deleted: false },
    ]);
    const events = await t().dataSource.getRepository(EventRecord).findBy({
      organisation_id: admin.orgId,
      device_mac: configured.mac_id,
      type: 'uplinks.applied',
    });
    expect(events.map((e) => e.actor)).toEqual([
      { type: 'user', id: admin.userId, email: admin.email, via: 'console' },
    ]);
    // A device without hardware part cannot be configured: the page names it.
    await apply([up.mac_id]);
    expect(decodedHtml((await browser.get('/devices').expect(200)).text)).toContain(up.mac_id);
  });

  it('is for admins: members get 403, a post without its CSRF token 403, changing nothing', async () => {
    const { admin, lobby } = await consoleFleet(t());
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'full');
    const theirs = await signedIn(t(), member);
    await theirs.get('/templates').expect(403);
    const memberPage = await theirs.get('/devices').expect(200);
    expect(memberPage.text).not.toContain('Apply uplinks');
    await theirs
      .post('/templates/uplink')
      .type('form')
      .send({ _csrf: csrfOf(memberPage.text), name: 'X', details: '[{"uplink_type":"1"}]' })
      .expect(403);
    const browser = await signedIn(t(), admin);
    const noCsrf = await browser
      .post('/templates/network')
      .type('form')
      .send({ name: 'Y', network_id: lobby.id })
      .expect(403);
    expect(noCsrf.text).toContain(CSRF_PAGE);
    const api = await t().http().get('/v1/init_templates').set(admin.auth).expect(200);
    expect((api.body as { data: { init_templates: unknown[] } }).data.init_templates).toEqual([]);
    const networks = await t().http().get('/v1/network_templates').set(admin.auth).expect(200);
    expect(
      (networks.body as { data: { network_templates: unknown[] } }).data.network_templates,
    ).toEqual([]);
  });
});
