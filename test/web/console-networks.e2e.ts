import { decodedHtml, CSRF_PAGE } from '../harness/console.helpers';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { onBothDatabases } from '../harness/app';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { Browser, browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The console's network and SSID forms on the services of the JSON routes. */
onBothDatabases('console: network and SSID forms', (t) => {
  const g = gatewayFixtures(t);

  const networksOf = (orgId: number) =>
    t()
      .dataSource.getRepository(LocationNetwork)
      .find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });
  const ssidsOf = (networkId: number) =>
    t()
      .dataSource.getRepository(NetworkSsid)
      .find({ where: { location_network_id: networkId }, order: { id: 'ASC' } });
  const post = (browser: Browser, path: string, form: Record<string, string>) =>
    browser.post(path).type('form').send(form);

  it('offers and stores current IANA names such as Asia/Kolkata beside their old aliases', async () => {
    const admin = await browserUser(t());
    const browser = await signedIn(t(), admin);
    const form = await browser.get('/networks/new').expect(200);
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Europe/Kiev']) {
      expect(form.text).toContain(`<option>${zone}</option>`);
    }
    const created = await post(browser, '/networks', {
      _csrf: csrfOf(form.text),
      network_name: 'Pune',
      timezone: 'Asia/Kolkata',
      network_template: '',
    }).expect(303);
    const [pune] = await networksOf(admin.orgId);
    expect(created.headers.location).toBe(`/networks/${pune.id}`);
    expect(pune.timezone).toBe('Asia/Kolkata');
    const edit = await browser.get(`/networks/${pune.id}/edit`).expect(200);
    expect(edit.text).toContain('<option selected>Asia/Kolkata</option>');
  });

  it('creates a network with a template, refusing a taken name beside its field, edits and deletes it', async () => {
    const admin = await browserUser(t());
    await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const template = (
      await t()
        .http()
        .post('/v1/network_templates')
        .set(admin.auth)
        .send({ network_template: { name: 'Shops', configuration: { ssid_configuration: [] } } })
        .expect(200)
    ).body.data as { id: number };
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/networks').expect(200);
    expect(list.text).toContain('<a class="button" href="/networks/new">New network</a>');
    const form = await browser.get('/networks/new').expect(200);
    expect(form.text).toContain('<option selected>UTC</option>');
    expect(form.text).toContain(`<option value="${template.id}">Shops</option>`);
    const csrf = csrfOf(form.text);

    const refused = await post(browser, '/networks', {
      _csrf: csrf,
      network_name: 'lobby',
      timezone: 'Europe/Paris',
      network_template: String(template.id),
    }).expect(422);
    expect(refused.text).toContain(
      '<p class="error" id="network_name-error">network_name has already been taken</p>',
    );
    expect(refused.text).toContain('value="lobby" required aria-invalid="true"');
    expect(refused.text).toContain('<option selected>Europe/Paris</option>');
    expect(refused.text).toContain(`<option value="${template.id}" selected>Shops</option>`);
    expect((await networksOf(admin.orgId)).map((n) => n.network_name)).toEqual(['Lobby']);

    const created = await post(browser, '/networks', {
      _csrf: csrf,
      network_name: ' Café ',
      timezone: 'Europe/Paris',
      network_template: String(template.id),
    }).expect(303);
    const [, cafe] = await networksOf(admin.orgId);
    expect([cafe.network_name, cafe.timezone, cafe.network_template, cafe.user_id]).toEqual([
      'Café',
      'Europe/Paris',
      template.id,
      admin.userId,
    ]);
    expect(created.headers.location).toBe(`/networks/${cafe.id}`);
    const shown = await browser.get(`/networks/${cafe.id}`).expect(200);
    expect(decodedHtml(shown.text)).toContain('Network Café created.');
    expect(shown.text).toContain(`<a class="button secondary" href="/networks/${cafe.id}/edit">`);

    const edit = await browser.get(`/networks/${cafe.id}/edit`).expect(200);
    expect(edit.text).toContain('value="Café" required>');
    const blank = await post(browser, `/networks/${cafe.id}`, {
      _csrf: csrf,
      network_name: '',
      timezone: 'Mars/Olympus',
      network_template: '',
    }).expect(422);
    expect(decodedHtml(blank.text)).toContain(
      '<p class="error" id="network_name-error">network_name should not be empty</p>',
    );
    expect(blank.text).toContain(
      '<p class="error" id="timezone-error">timezone must be one of the listed time zones</p>',
    );
    expect((await networksOf(admin.orgId))[1]).toMatchObject({
      network_name: 'Café',
      timezone: 'Europe/Paris',
    });
    const saved = await post(browser, `/networks/${cafe.id}`, {
      _csrf: csrf,
      network_name: 'Café du Port',
      timezone: 'UTC',
      network_template: '',
    }).expect(303);
    expect(saved.headers.location).toBe(`/networks/${cafe.id}`);
    expect((await networksOf(admin.orgId))[1]).toMatchObject({
      network_name: 'Café du Port',
      timezone: 'UTC',
      network_template: null,
    });
    expect(decodedHtml((await browser.get(`/networks/${cafe.id}`).expect(200)).text)).toContain(
      'Network Café du Port saved.',
    );

    const confirm = await browser.get(`/networks/${cafe.id}/delete`).expect(200);
    expect(decodedHtml(confirm.text)).toContain(
      'Delete Café du Port? It has 0 devices; its 0 SSIDs and its access grants are deleted with it.',
    );
    const deleted = await post(browser, `/networks/${cafe.id}/delete`, { _csrf: csrf }).expect(303);
    expect(deleted.headers.location).toBe('/networks');
    expect(decodedHtml((await browser.get('/networks').expect(200)).text)).toContain(
      'Network Café du Port deleted.',
    );
    expect((await networksOf(admin.orgId)).map((n) => n.network_name)).toEqual(['Lobby']);
  });

  it('names the devices of a network in the delete confirmation and keeps a network that has some', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    await g.device(admin.orgId, { networkId: lobby.id });
    await g.device(admin.orgId, { networkId: lobby.id });
    await t().fixtures.recountDevices();
    const browser = await signedIn(t(), admin);
    const confirm = await browser.get(`/networks/${lobby.id}/delete`).expect(200);
    expect(confirm.text).toContain(
      'Lobby has 2 devices. A network with devices cannot be deleted: move or release them first.',
    );
    expect(confirm.text).not.toContain('Yes, delete');
    const refused = await post(browser, `/networks/${lobby.id}/delete`, {
      _csrf: csrfOf(confirm.text),
    }).expect(303);
    expect(refused.headers.location).toBe(`/networks/${lobby.id}`);
    expect((await browser.get(`/networks/${lobby.id}`).expect(200)).text).toContain(
      '<div class="flash flash-error" role="alert">Network has devices and cannot be deleted</div>',
    );
    expect(await networksOf(admin.orgId)).toHaveLength(1);
  });

  it('adds, edits and deletes an SSID, showing a refused value beside its field and keeping what the form does not show', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const browser = await signedIn(t(), admin);
    const page = await browser.get(`/networks/${lobby.id}`).expect(200);
    expect(page.text).toContain(`<a class="button" href="/networks/${lobby.id}/ssids/new">`);
    const form = await browser.get(`/networks/${lobby.id}/ssids/new`).expect(200);
    const csrf = csrfOf(form.text);

    const refused = await post(browser, `/networks/${lobby.id}/ssids`, {
      _csrf: csrf,
      ssid_name: 'Staff',
      is_enabled: 'true',
      is_hidden: 'false',
      security_mode: 'wpa2',
      wpa_key: 'short',
      radio_band: '5GHz',
      v_lan_id: '5000',
    }).expect(422);
    expect(refused.text).toContain(
      '<p class="error" id="wpa_key-error">WPA key must be 8 to 63 printable ASCII characters</p>',
    );
    expect(refused.text).toContain(
      '<p class="error" id="v_lan_id-error">VLAN ID must be between 1 and 4094</p>',
    );
    expect(refused.text).toContain('value="short" aria-describedby="wpa_key-hint wpa_key-error"');
    expect(refused.text).toContain('value="Staff"');
    expect(await ssidsOf(lobby.id)).toEqual([]);

    const added = await post(browser, `/networks/${lobby.id}/ssids`, {
      _csrf: csrf,
      ssid_name: 'Staff',
      is_enabled: 'true',
      is_hidden: 'true',
      security_mode: 'wpa2',
      wpa_key: 'correct horse',
      radio_band: '5GHz',
      v_lan_id: '20',
    }).expect(303);
    expect(added.headers.location).toBe(`/networks/${lobby.id}`);
    const [staff] = await ssidsOf(lobby.id);
    expect(staff.ssid_name).toBe('Staff');
    expect(staff.settings).toMatchObject({
      is_enabled: true,
      is_hidden: true,
      security_mode: 'wpa2',
      wpa_key: 'correct horse',
      radio_band: '5GHz',
    });
    expect(staff.v_lan_attributes).toEqual({ v_lan_id: 20 });
    const shown = await browser.get(`/networks/${lobby.id}`).expect(200);
    expect(shown.text).toContain('SSID Staff added.');
    expect(shown.text).toContain(`href="/networks/${lobby.id}/ssids/${staff.id}/edit"`);

    // Fields the form does not show, set through the API, survive an edit.
    await t()
      .http()
      .put(`/v1/network_ssids/${staff.id}`)
      .set(admin.auth)
      .send({
        network_ssid: {
          ip_address: '10.0.0.1',
          captive_portal: true,
          v_lan_attributes: { name: 'staff', v_lan_id: 20 },
        },
      })
      .expect(200);
    const edit = await browser.get(`/networks/${lobby.id}/ssids/${staff.id}/edit`).expect(200);
    expect(edit.text).toContain('value="correct horse"');
    expect(edit.text).toContain('<option value="true" selected>Yes</option>');
    const saved = await post(browser, `/networks/${lobby.id}/ssids/${staff.id}`, {
      _csrf: csrf,
      ssid_name: 'Staff 5G',
      is_enabled: '',
      is_hidden: 'false',
      security_mode: 'wpa3',
      wpa_key: 'correct horse',
      radio_band: '5GHz',
      v_lan_id: '30',
    }).expect(303);
    expect(saved.headers.location).toBe(`/networks/${lobby.id}`);
    const [edited] = await ssidsOf(lobby.id);
    expect(edited.ssid_name).toBe('Staff 5G');
    expect(edited.settings).toMatchObject({
      is_enabled: null,
      is_hidden: false,
      security_mode: 'wpa3',
      ip_address: '10.0.0.1',
      captive_portal: true,
    });
    expect(edited.v_lan_attributes).toEqual({ name: 'staff', v_lan_id: 30 });
    const after = await browser.get(`/networks/${lobby.id}`).expect(200);
    expect(after.text).toContain('SSID Staff 5G saved.');
    expect(after.text).toMatch(/<td>Staff 5G<\/td>\s*<td>Not set<\/td>\s*<td>No<\/td>/);

    const taken = await post(browser, `/networks/${lobby.id}/ssids`, {
      _csrf: csrf,
      ssid_name: 'Staff 5G',
    }).expect(422);
    expect(decodedHtml(taken.text)).toContain(
      '<p class="error" id="ssid_name-error">SSID name has already been taken in this network</p>',
    );

    const deleted = await post(browser, `/networks/${lobby.id}/ssids/${staff.id}/delete`, {
      _csrf: csrf,
    }).expect(303);
    expect(deleted.headers.location).toBe(`/networks/${lobby.id}`);
    expect((await browser.get(`/networks/${lobby.id}`).expect(200)).text).toContain(
      'SSID Staff 5G deleted.',
    );
    expect(await ssidsOf(lobby.id)).toEqual([]);
  });

  it('offers the known security modes and bands, and saves another value only once "Save anyway" confirms it', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const browser = await signedIn(t(), admin);
    const form = await browser.get(`/networks/${lobby.id}/ssids/new`).expect(200);
    const csrf = csrfOf(form.text);
    const datalist = (id: string, text: string) =>
      [
        ...(new RegExp(`<datalist id="${id}">(.*?)</datalist>`).exec(text)?.[1] ?? '').matchAll(
          /<option value="([^"]*)">/g,
        ),
      ].map((m) => m[1]);
    expect(datalist('security-modes', form.text)).toEqual([
      'open',
      'owe',
      'wpa2',
      'wpa2-psk',
      'wpa3',
      'wpa3-sae',
      'wpa2-wpa3',
      'wpa2-enterprise',
      'wpa3-enterprise',
    ]);
    expect(datalist('radio-bands', form.text)).toEqual(['2.4GHz', '5GHz', '6GHz', 'dual', 'all']);
    expect(form.text).toContain('<option value="wpa3-sae">WPA3 personal (SAE)</option>');
    expect(form.text).toContain('list="security-modes"');
    expect(form.text).toContain('list="radio-bands"');
    expect(form.text).not.toContain('name="save_anyway"');

    const typed = {
      _csrf: csrf,
      ssid_name: 'Staff',
      is_enabled: 'true',
      is_hidden: 'false',
      security_mode: 'wpa9-typo',
      wpa_key: 'correct horse',
      radio_band: '7GHz',
      v_lan_id: '',
    };
    const asked = await post(browser, `/networks/${lobby.id}/ssids`, typed).expect(422);
    const askedHtml = decodedHtml(asked.text);
    expect(askedHtml).toContain(
      '<p class="error" id="security_mode-error">Security mode "wpa9-typo" is not one the console knows: choose one of the list, or tick "Save anyway" to save it as typed</p>',
    );
    expect(askedHtml).toContain(
      '<p class="error" id="radio_band-error">Radio band "7GHz" is not one the console knows: choose one of the list, or tick "Save anyway" to save it as typed</p>',
    );
    expect(askedHtml).toContain(
      '<input type="checkbox" id="save_anyway" name="save_anyway" value="security_mode=wpa9-typo&radio_band=7GHz">',
    );
    expect(asked.text).toContain(
      'value="wpa9-typo" aria-describedby="security_mode-hint security_mode-error" aria-invalid="true"',
    );
    expect(await ssidsOf(lobby.id)).toEqual([]);

    // A confirmation holds for the values it names only: another unknown value asks again.
    await post(browser, `/networks/${lobby.id}/ssids`, {
      ...typed,
      security_mode: 'wpa9-other',
      save_anyway: 'security_mode=wpa9-typo&radio_band=7GHz',
    }).expect(422);
    expect(await ssidsOf(lobby.id)).toEqual([]);

    // Confirmed, but refused by the API: its messages for people, the box still ticked.
    const refused = await post(browser, `/networks/${lobby.id}/ssids`, {
      ...typed,
      v_lan_id: '5000',
      save_anyway: 'security_mode=wpa9-typo&radio_band=7GHz',
    }).expect(422);
    expect(refused.text).toContain(
      '<p class="error" id="v_lan_id-error">VLAN ID must be between 1 and 4094</p>',
    );
    expect(refused.text).toContain(
      '<strong>The SSID was not saved:</strong> VLAN ID must be between 1 and 4094',
    );
    expect(refused.text).not.toContain('id="security_mode-error"');
    expect(decodedHtml(refused.text)).toContain(
      'value="security_mode=wpa9-typo&radio_band=7GHz" checked>',
    );
    expect(await ssidsOf(lobby.id)).toEqual([]);

    const saved = await post(browser, `/networks/${lobby.id}/ssids`, {
      ...typed,
      save_anyway: 'security_mode=wpa9-typo&radio_band=7GHz',
    }).expect(303);
    expect(saved.headers.location).toBe(`/networks/${lobby.id}`);
    const [staff] = await ssidsOf(lobby.id);
    expect(staff.settings).toMatchObject({ security_mode: 'wpa9-typo', radio_band: '7GHz' });

    // An edit that keeps the stored values asks nothing; a known value saves at once.
    await post(browser, `/networks/${lobby.id}/ssids/${staff.id}`, {
      ...typed,
      ssid_name: 'Staff 2',
    }).expect(303);
    await post(browser, `/networks/${lobby.id}/ssids/${staff.id}`, {
      ...typed,
      security_mode: 'wpa3-sae',
      radio_band: '6GHz',
    }).expect(303);
    const [edited] = await ssidsOf(lobby.id);
    expect(edited.ssid_name).toBe('Staff');
    expect(edited.settings).toMatchObject({ security_mode: 'wpa3-sae', radio_band: '6GHz' });

    // The API keeps taking any text, and its own wording.
    const api = await t()
      .http()
      .put(`/v1/network_ssids/${staff.id}`)
      .set(admin.auth)
      .send({ network_ssid: { security_mode: 'wpa9-typo', v_lan_attributes: { v_lan_id: 5000 } } })
      .expect(422);
    expect(api.body).toEqual({
      msg: 'SSID update failed',
      error_code: 1022,
      errors: 'v_lan_attributes.v_lan_id must be between 1 and 4094',
    });
  });

  it('saves RADIUS, captive portal and DHCP settings from the advanced part, keeps what is left blank, and words a refusal for people', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const browser = await signedIn(t(), admin);
    const form = await browser.get(`/networks/${lobby.id}/ssids/new`).expect(200);
    const csrf = csrfOf(form.text);
    expect(form.text).toContain(
      '<details class="advanced">\n    <summary>RADIUS, captive portal and DHCP</summary>',
    );
    for (const [id, label] of [
      ['auth_radius_id', 'RADIUS server'],
      ['acc_radius_id', 'Accounting RADIUS server'],
      ['splash_url', 'Captive portal URL'],
      ['walled_garden_range', 'Walled garden addresses'],
      ['success_url', 'Redirect URL'],
      ['dhcp_range_start', 'DHCP range start'],
      ['dhcp_range_end', 'DHCP range end'],
      ['dhcp_relay_server', 'DHCP relay server'],
      ['dhcp_lease_time', 'DHCP lease time'],
    ]) {
      expect(form.text).toContain(`<label for="${id}">${label}</label>`);
      expect(form.text).toMatch(
        new RegExp(`<input id="${id}" name="${id}" type="text"[^>]* value=""`),
      );
    }
    for (const [id, label] of [
      ['acc_radius_enabled', 'RADIUS accounting'],
      ['captive_portal', 'Captive portal'],
      ['wallgarden', 'Walled garden'],
      ['overwrite_success_url', 'Redirect after sign-in'],
    ]) {
      expect(form.text).toContain(`<input type="hidden" name="shown_${id}" value="">`);
      expect(form.text).toContain(
        `<label class="checkbox" for="${id}"><input type="checkbox" id="${id}" name="${id}" value="true"> ${label}</label>`,
      );
    }

    const main = {
      _csrf: csrf,
      ssid_name: 'Guests',
      is_enabled: 'true',
      is_hidden: 'false',
      security_mode: 'wpa2-enterprise',
      wpa_key: '',
      radio_band: 'dual',
      v_lan_id: '',
    };
    const blankAdvanced = {
      auth_radius_id: '',
      acc_radius_id: '',
      splash_url: '',
      walled_garden_range: '',
      success_url: '',
      dhcp_range_start: '',
      dhcp_range_end: '',
      dhcp_relay_server: '',
      dhcp_lease_time: '',
      shown_acc_radius_enabled: '',
      shown_captive_portal: '',
      shown_wallgarden: '',
      shown_overwrite_success_url: '',
    };
    await post(browser, `/networks/${lobby.id}/ssids`, {
      ...main,
      ...blankAdvanced,
      auth_radius_id: 'radius-1',
      captive_portal: 'true',
      splash_url: ' https://portal.example/welcome ',
      dhcp_range_start: '10.0.0.10',
      dhcp_range_end: '10.0.0.99',
      dhcp_relay_server: '2',
    }).expect(303);
    const [guests] = await ssidsOf(lobby.id);
    expect(guests.settings).toEqual({
      is_enabled: true,
      is_hidden: false,
      security_mode: 'wpa2-enterprise',
      wpa_key: null,
      radio_band: 'dual',
      auth_radius_id: 'radius-1',
      captive_portal: true,
      splash_url: 'https://portal.example/welcome',
      dhcp_range_start: '10.0.0.10',
      dhcp_range_end: '10.0.0.99',
      dhcp_relay_server: '2',
    });

    // Set through the API, shown by the form, kept by an edit that leaves the fields blank.
    await t()
      .http()
      .put(`/v1/network_ssids/${guests.id}`)
      .set(admin.auth)
      .send({
        network_ssid: { acc_radius_id: 'radius-acct', dhcp_lease_time: 3600, wallgarden: true },
      })
      .expect(200);
    const edit = await browser.get(`/networks/${lobby.id}/ssids/${guests.id}/edit`).expect(200);
    const editHtml = decodedHtml(edit.text);
    expect(editHtml).toContain('<details class="advanced" open>');
    expect(editHtml).toMatch(/id="auth_radius_id"[^>]* value="radius-1"/);
    expect(editHtml).toMatch(/id="acc_radius_id"[^>]* value="radius-acct"/);
    expect(editHtml).toMatch(/id="splash_url"[^>]* value="https:\/\/portal.example\/welcome"/);
    expect(editHtml).toMatch(/id="dhcp_lease_time"[^>]* value="3600"/);
    expect(editHtml).toContain('<input type="hidden" name="shown_captive_portal" value="true">');
    expect(editHtml).toContain(
      '<input type="checkbox" id="captive_portal" name="captive_portal" value="true" checked>',
    );
    expect(editHtml).toContain('<input type="hidden" name="shown_acc_radius_enabled" value="">');

    await post(browser, `/networks/${lobby.id}/ssids/${guests.id}`, {
      ...main,
      ...blankAdvanced,
      auth_radius_id: 'radius-2',
      shown_captive_portal: 'true',
      captive_portal: 'true',
      shown_wallgarden: 'true',
    }).expect(303);
    const [kept] = await ssidsOf(lobby.id);
    expect(kept.settings).toEqual({
      ...guests.settings,
      auth_radius_id: 'radius-2',
      acc_radius_id: 'radius-acct',
      dhcp_lease_time: '3600',
      wallgarden: false,
    });

    // Asked to, the blank fields are cleared.
    await post(browser, `/networks/${lobby.id}/ssids/${guests.id}`, {
      ...main,
      auth_radius_id: 'radius-2',
      splash_url: '',
      clear_blank: 'true',
    }).expect(303);
    const [cleared] = await ssidsOf(lobby.id);
    expect(cleared.settings).toEqual({ ...kept.settings, splash_url: null });

    const refused = await post(browser, `/networks/${lobby.id}/ssids/${guests.id}`, {
      ...main,
      ...blankAdvanced,
      dhcp_range_start: '10.0.0.200',
      dhcp_lease_time: 'an hour',
    }).expect(422);
    const refusedHtml = decodedHtml(refused.text);
    expect(refusedHtml).toContain(
      '<strong>The SSID was not saved:</strong> DHCP range start must not be after DHCP range end, DHCP lease time must be a non-negative integer',
    );
    expect(refusedHtml).toContain(
      '<p class="error" id="dhcp_range_start-error">DHCP range start must not be after DHCP range end</p>',
    );
    expect(refusedHtml).toContain(
      '<p class="error" id="dhcp_lease_time-error">DHCP lease time must be a non-negative integer</p>',
    );
    expect(refusedHtml).toContain(
      'value="an hour" aria-describedby="dhcp_lease_time-hint dhcp_lease_time-error" aria-invalid="true"',
    );
    expect(refusedHtml).toContain('<details class="advanced" open>');
    expect((await ssidsOf(lobby.id))[0].settings).toEqual(cleared.settings);

    // The API keeps its own wording.
    const api = await t()
      .http()
      .put(`/v1/network_ssids/${guests.id}`)
      .set(admin.auth)
      .send({ network_ssid: { dhcp_range_start: '10.0.0.200', dhcp_lease_time: 'an hour' } })
      .expect(422);
    expect(api.body).toEqual({
      msg: 'SSID update failed',
      error_code: 1022,
      errors:
        'dhcp_range_start must not be after dhcp_range_end, dhcp_lease_time must be a non-negative integer',
    });
  });

  it('rolls a network back to a template after a confirmation', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    await t()
      .http()
      .post('/v1/network_ssids')
      .set(admin.auth)
      .send({ network_id: lobby.id, network_ssid: { ssid_name: 'Old' } })
      .expect(200);
    const template = (
      await t()
        .http()
        .post('/v1/network_templates')
        .set(admin.auth)
        .send({
          network_template: {
            name: 'Shops',
            configuration: { ssid_configuration: [{ ssid_name: 'Guest' }, { ssid_name: 'Till' }] },
          },
        })
        .expect(200)
    ).body.data as { id: number };
    const browser = await signedIn(t(), admin);
    const confirm = await browser.get(`/networks/${lobby.id}/rollback`).expect(200);
    expect(confirm.text).toContain(`<option value="${template.id}">Shops (2 SSIDs)</option>`);
    expect(confirm.text).toContain("The template's SSIDs become the network's 1 SSID");
    const res = await post(browser, `/networks/${lobby.id}/rollback`, {
      _csrf: csrfOf(confirm.text),
      network_template_id: String(template.id),
    }).expect(303);
    expect(res.headers.location).toBe(`/networks/${lobby.id}`);
    expect((await ssidsOf(lobby.id)).map((s) => s.ssid_name)).toEqual(['Guest', 'Till']);
    const [network] = await networksOf(admin.orgId);
    expect(network.network_template).toBe(template.id);
    expect((await browser.get(`/networks/${lobby.id}`).expect(200)).text).toContain(
      'Lobby rolled back to template Shops: 2 SSIDs.',
    );
  });

  it('refuses every form post without the CSRF token, and changes nothing', async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const ssid = await t()
      .http()
      .post('/v1/network_ssids')
      .set(admin.auth)
      .send({ network_id: lobby.id, network_ssid: { ssid_name: 'Guest' } })
      .expect(200);
    const ssidId = (ssid.body.data as { id: number }).id;
    const browser = await signedIn(t(), admin);
    const posts: [string, Record<string, string>][] = [
      ['/networks', { network_name: 'New', timezone: 'UTC' }],
      [`/networks/${lobby.id}`, { network_name: 'Renamed', timezone: 'UTC' }],
      [`/networks/${lobby.id}/delete`, {}],
      [`/networks/${lobby.id}/rollback`, { network_template_id: '1' }],
      [`/networks/${lobby.id}/ssids`, { ssid_name: 'Staff' }],
      [`/networks/${lobby.id}/ssids/${ssidId}`, { ssid_name: 'Renamed' }],
      [`/networks/${lobby.id}/ssids/${ssidId}/delete`, {}],
    ];
    for (const [path, form] of posts) {
      const res = await post(browser, path, form);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.text).toContain(CSRF_PAGE);
    }
    expect((await networksOf(admin.orgId)).map((n) => n.network_name)).toEqual(['Lobby']);
    expect((await ssidsOf(lobby.id)).map((s) => s.ssid_name)).toEqual(['Guest']);
  });

  it('lets members write SSIDs only with full access, never networks, and shows them only readable networks', async () => {
    const admin = await browserUser(t());
    const full = await t().fixtures.network(admin.orgId, { network_name: 'Full' });
    const readOnly = await t().fixtures.network(admin.orgId, { network_name: 'Read' });
    const hidden = await t().fixtures.network(admin.orgId, { network_name: 'Hidden' });
    const seen = await t()
      .http()
      .post('/v1/network_ssids')
      .set(admin.auth)
      .send({ network_id: readOnly.id, network_ssid: { ssid_name: 'Seen' } })
      .expect(200);
    const seenId = (seen.body.data as { id: number }).id;
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, full.id, 'full');
    await t().fixtures.grant(admin.orgId, member.userId, readOnly.id, 'read_only');
    const browser = await signedIn(t(), member);

    const list = await browser.get('/networks').expect(200);
    expect(list.text).toContain(`data-network-id="${full.id}"`);
    expect(list.text).toContain(`data-network-id="${readOnly.id}"`);
    expect(list.text).not.toContain(`data-network-id="${hidden.id}"`);
    expect(list.text).not.toContain('New network');
    const csrf = csrfOf(list.text);

    // Networks: admins only, as the JSON routes.
    await browser.get('/networks/new').expect(403);
    await browser.get(`/networks/${full.id}/edit`).expect(403);
    await browser.get(`/networks/${full.id}/delete`).expect(403);
    await post(browser, '/networks', { _csrf: csrf, network_name: 'Mine', timezone: 'UTC' }).expect(
      403,
    );
    await post(browser, `/networks/${full.id}`, { _csrf: csrf, network_name: 'X' }).expect(403);
    await post(browser, `/networks/${full.id}/delete`, { _csrf: csrf }).expect(403);
    const fullPage = await browser.get(`/networks/${full.id}`).expect(200);
    expect(fullPage.text).not.toContain(`/networks/${full.id}/edit`);
    expect(fullPage.text).toContain(`/networks/${full.id}/ssids/new`);

    // SSIDs: full access writes, read-only is refused, a network without a grant is missing.
    await post(browser, `/networks/${full.id}/ssids`, { _csrf: csrf, ssid_name: 'Mine' }).expect(
      303,
    );
    const readPage = await browser.get(`/networks/${readOnly.id}`).expect(200);
    expect(readPage.text).not.toContain('/ssids/new');
    expect(readPage.text).not.toContain(`/ssids/${seenId}/edit`);
    await browser.get(`/networks/${readOnly.id}/ssids/new`).expect(403);
    await browser.get(`/networks/${readOnly.id}/ssids/${seenId}/edit`).expect(403);
    await post(browser, `/networks/${readOnly.id}/ssids`, { _csrf: csrf, ssid_name: 'X' }).expect(
      403,
    );
    await post(browser, `/networks/${readOnly.id}/ssids/${seenId}`, {
      _csrf: csrf,
      ssid_name: 'X',
    }).expect(403);
    await post(browser, `/networks/${readOnly.id}/ssids/${seenId}/delete`, { _csrf: csrf }).expect(
      403,
    );
    await browser.get(`/networks/${hidden.id}/ssids/new`).expect(404);
    await post(browser, `/networks/${hidden.id}/ssids`, { _csrf: csrf, ssid_name: 'X' }).expect(
      404,
    );
    // An SSID of a readable network named under another network is missing too.
    await post(browser, `/networks/${full.id}/ssids/${seenId}/delete`, { _csrf: csrf }).expect(404);
    expect((await ssidsOf(full.id)).map((s) => s.ssid_name)).toEqual(['Mine']);
    expect((await ssidsOf(readOnly.id)).map((s) => s.ssid_name)).toEqual(['Seen']);
    expect(await ssidsOf(hidden.id)).toEqual([]);
  });

  it("answers 404 for another organisation's network and SSID, changing nothing", async () => {
    const admin = await browserUser(t());
    const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const ssid = await t()
      .http()
      .post('/v1/network_ssids')
      .set(admin.auth)
      .send({ network_id: lobby.id, network_ssid: { ssid_name: 'Guest' } })
      .expect(200);
    const ssidId = (ssid.body.data as { id: number }).id;
    const stranger = await browserUser(t());
    const theirs = await t().fixtures.network(stranger.orgId, { network_name: 'Theirs' });
    const browser = await signedIn(t(), stranger);
    const csrf = csrfOf((await browser.get('/networks').expect(200)).text);
    for (const path of [
      `/networks/${lobby.id}/edit`,
      `/networks/${lobby.id}/delete`,
      `/networks/${lobby.id}/rollback`,
      `/networks/${lobby.id}/ssids/new`,
      `/networks/${lobby.id}/ssids/${ssidId}/edit`,
      `/networks/${theirs.id}/ssids/${ssidId}/edit`,
    ]) {
      const res = await browser.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const posts: [string, Record<string, string>][] = [
      [`/networks/${lobby.id}`, { network_name: 'Mine', timezone: 'UTC' }],
      [`/networks/${lobby.id}/delete`, {}],
      [`/networks/${lobby.id}/ssids`, { ssid_name: 'Mine' }],
      [`/networks/${lobby.id}/ssids/${ssidId}`, { ssid_name: 'Mine' }],
      [`/networks/${lobby.id}/ssids/${ssidId}/delete`, {}],
      [`/networks/${theirs.id}/ssids/${ssidId}/delete`, {}],
    ];
    for (const [path, form] of posts) {
      const res = await post(browser, path, { _csrf: csrf, ...form });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect((await networksOf(admin.orgId)).map((n) => n.network_name)).toEqual(['Lobby']);
    expect((await ssidsOf(lobby.id)).map((s) => s.ssid_name)).toEqual(['Guest']);
  });
});
