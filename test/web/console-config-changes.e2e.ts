import { onBothDatabases } from '../harness/app';
import { gatewayFixtures, GatewayDevice } from '../harness/device-gateway.helpers';
import { Browser, browserUser, BrowserUser, csrfOf, signedIn } from '../harness/web-session';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';

const flash = (kind: 'success' | 'error', message: string) =>
  `<div class="flash flash-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</div>`;

/** The text of a page's element by id (up to its tag's first closing), tags dropped, spaces folded. */
const textOf = (html: string, id: string) => {
  const match = new RegExp(`<(\\w+)[^>]*id="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match
    ? match[2]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : null;
};

/** The draft's rows of the network page: position and name. */
const draftRows = (html: string) =>
  [
    ...html.matchAll(/<tr data-draft-position="(\d+)">\s*<td>([^<]*)<\/td>\s*<td>([^<]*)<\/td>/g),
  ].map((m) => `${m[1]}:${m[2]}:${m[3]}`);

/**
 * The console's configuration changes: a network's draft edited with the SSID forms, its diff,
 * publishing at once or in stages, and the configuration rollout pages with Halt and Revert.
 */
onBothDatabases('console: configuration changes', (t) => {
  const g = gatewayFixtures(t);

  /** A network with the SSID Staff (VLAN 10) and `count` devices that checked in. */
  async function setup(count = 0) {
    const owner = await t().fixtures.admin();
    const admin = await browserUser(t(), { orgId: owner.orgId, role: 'admin' });
    const net = await t().fixtures.network(admin.orgId, { network_name: 'Hotel' });
    const staff = await t().fixtures.save(NetworkSsid, {
      organisation_id: admin.orgId,
      location_network_id: net.id,
      ssid_name: 'Staff',
      settings: { wpa_key: 'staff-secret', security_mode: 'wpa2', is_enabled: true },
      v_lan_attributes: { v_lan_id: 10 },
    });
    const devices: GatewayDevice[] = [];
    for (let i = 0; i < count; i++) {
      devices.push(await g.device(admin.orgId, { networkId: net.id }));
      await g.checkin(devices[i].auth).expect(200);
    }
    const browser = await signedIn(t(), admin);
    return { admin, net, staff, devices, browser };
  }

  /** Posts the form with the session's CSRF token (read from a page first). */
  const post = (browser: Browser, path: string, fields: Record<string, string> = {}) => ({
    expect: async (status: number) => {
      const page = await browser.get('/networks').expect(200);
      return browser
        .post(path)
        .type('form')
        .send({ _csrf: csrfOf(page.text), ...fields })
        .expect(status);
    },
  });

  /**
   * Posts a draft's form as a browser would: with the CSRF token and the draft it was opened on
   * (`draft_of`), both read from the page that holds the form (`formPath`).
   */
  const draftPost = (
    browser: Browser,
    formPath: string,
    path: string,
    fields: Record<string, string> = {},
  ) => ({
    expect: async (status: number) => {
      const page = await browser.get(formPath).expect(200);
      const draftOf = /name="draft_of" value="([^"]+)"/.exec(page.text)![1];
      return browser
        .post(path)
        .type('form')
        .send({ _csrf: csrfOf(page.text), draft_of: draftOf, ...fields })
        .expect(status);
    },
  });

  const ssidsOf = async (networkId: number) =>
    (
      await t()
        .dataSource.getRepository(NetworkSsid)
        .find({ where: { location_network_id: networkId }, order: { id: 'ASC' } })
    ).map(
      (s) =>
        `${s.ssid_name}@${(s.v_lan_attributes as { v_lan_id?: number } | null)?.v_lan_id ?? '-'}`,
    );

  const STAFF_FORM = {
    ssid_name: 'Staff',
    is_enabled: 'true',
    is_hidden: 'false',
    security_mode: 'wpa2',
    wpa_key: 'staff-secret',
    radio_band: '',
  };

  /** The network's newest configuration rollout, as the API lists it. */
  async function newestRollout(auth: Record<string, string>, networkId: number) {
    const res = await t()
      .http()
      .get('/v1/config_rollouts')
      .query({ network_id: networkId })
      .set(auth)
      .expect(200);
    return (res.body.data.config_rollouts as { id: number; auto_revert: boolean }[])[0];
  }

  /** A draft that moves Staff to VLAN 20 with a new key and adds Cafe. */
  async function draftOf(browser: Browser, networkId: number) {
    await post(browser, `/networks/${networkId}/draft`).expect(303);
    await draftPost(
      browser,
      `/networks/${networkId}/draft/ssids/1/edit`,
      `/networks/${networkId}/draft/ssids/1`,
      {
        ...STAFF_FORM,
        wpa_key: 'new-staff-secret',
        v_lan_id: '20',
      },
    ).expect(303);
    await draftPost(
      browser,
      `/networks/${networkId}/draft/ssids/new`,
      `/networks/${networkId}/draft/ssids`,
      {
        ssid_name: 'Cafe',
        is_enabled: 'true',
        is_hidden: 'false',
        security_mode: 'open',
      },
    ).expect(303);
  }

  it('starts a draft from the SSIDs, edits it with the SSID form, shows its diff masked, and discards it', async () => {
    const { net, browser } = await setup();
    const page = await browser.get(`/networks/${net.id}`).expect(200);
    expect(page.text).toContain('<button type="submit" class="button">Start a draft</button>');
    expect(page.text).toContain(`href="/networks/${net.id}/config-rollouts"`);

    const started = await post(browser, `/networks/${net.id}/draft`).expect(303);
    expect(started.headers.location).toBe(`/networks/${net.id}`);
    let shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash('success', 'Draft started with the network&#x27;s 1 SSID: change it, then publish.'),
    );
    expect(draftRows(shown.text)).toEqual(['1:Staff:Yes']);
    expect(textOf(shown.text, 'draft-diff')).toBe('No SSID would change.');
    const again = await post(browser, `/networks/${net.id}/draft`).expect(303);
    expect(again.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash('error', 'This network has a draft already: edit it below.'),
    );

    // The draft's SSID form: the values of the draft, refused as the API refuses a draft.
    const form = await browser.get(`/networks/${net.id}/draft/ssids/1/edit`).expect(200);
    expect(form.text).toContain('<h1>Edit SSID Staff in the draft</h1>');
    expect(form.text).toContain(`action="/networks/${net.id}/draft/ssids/1"`);
    expect(form.text).toContain(
      'id="v_lan_id" name="v_lan_id" type="text" inputmode="numeric" value="10"',
    );
    expect(form.text).toContain('<button type="submit">Save in draft</button>');
    const refused = await draftPost(
      browser,
      `/networks/${net.id}/draft/ssids/1/edit`,
      `/networks/${net.id}/draft/ssids/1`,
      {
        ...STAFF_FORM,
        v_lan_id: '5000',
      },
    ).expect(422);
    expect(refused.text).toContain(
      '<p class="error" id="v_lan_id-error">VLAN ID must be between 1 and 4094</p>',
    );
    const saved = await draftPost(
      browser,
      `/networks/${net.id}/draft/ssids/1/edit`,
      `/networks/${net.id}/draft/ssids/1`,
      {
        ...STAFF_FORM,
        wpa_key: 'new-staff-secret',
        v_lan_id: '20',
      },
    ).expect(303);
    expect(saved.headers.location).toBe(`/networks/${net.id}`);
    const added = await draftPost(
      browser,
      `/networks/${net.id}/draft/ssids/new`,
      `/networks/${net.id}/draft/ssids`,
      {
        ssid_name: 'Cafe',
        is_enabled: 'true',
        is_hidden: 'false',
        security_mode: 'open',
      },
    ).expect(303);
    expect(added.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(flash('success', 'SSID Cafe added to the draft.'));
    const duplicate = await draftPost(
      browser,
      `/networks/${net.id}/draft/ssids/new`,
      `/networks/${net.id}/draft/ssids`,
      {
        ssid_name: 'Cafe',
        security_mode: 'open',
      },
    ).expect(422);
    expect(duplicate.text).toContain(
      '<p class="error" id="ssid_name-error">SSID name has already been taken in this draft</p>',
    );
    await browser.get(`/networks/${net.id}/draft/ssids/3/edit`).expect(404);

    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(draftRows(shown.text)).toEqual(['1:Staff:Yes', '2:Cafe:New']);
    expect(textOf(shown.text, 'draft-diff')).toBe(
      'Added: Cafe Enabled: Yes Hidden: No Security mode: open ' +
        'Changed: Staff Hidden: not set → No WPA key: ******** → ******** VLAN ID: 10 → 20',
    );
    expect(shown.text).not.toContain('new-staff-secret');
    // The live SSIDs have not changed.
    expect(await ssidsOf(net.id)).toEqual(['Staff@10']);

    const removed = await draftPost(
      browser,
      `/networks/${net.id}`,
      `/networks/${net.id}/draft/ssids/2/delete`,
    ).expect(303);
    expect(removed.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(flash('success', 'SSID Cafe removed from the draft.'));
    expect(draftRows(shown.text)).toEqual(['1:Staff:Yes']);

    const discarded = await post(browser, `/networks/${net.id}/draft/delete`).expect(303);
    expect(discarded.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(flash('success', 'Draft discarded.'));
    expect(draftRows(shown.text)).toEqual([]);
    await post(browser, `/networks/${net.id}/draft/delete`).expect(303);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash('error', 'This network has no draft: it was published or discarded meanwhile.'),
    );
  });

  it('refuses to publish a draft the network changed under, bases it again, and publishes it at once', async () => {
    const { admin, net, staff, browser } = await setup();
    await draftOf(browser, net.id);
    // The network's SSIDs change meanwhile (a write of the API).
    await t()
      .http()
      .patch(`/v1/network_ssids/${staff.id}`)
      .set(admin.auth)
      .send({ network_ssid: { is_hidden: true } })
      .expect(200);
    let shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(textOf(shown.text, 'draft-outdated')).toContain(
      "The network's SSIDs changed since this draft was saved (configuration version 1, now 2)",
    );
    const stale = await post(browser, `/networks/${net.id}/draft/publish`, { mode: 'now' }).expect(
      303,
    );
    expect(stale.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash(
        'error',
        'The network&#x27;s SSIDs changed since this draft was saved, so it was not published. Check ' +
          'what the draft would change now, press &quot;Base the draft on the current SSIDs&quot;, then publish.',
      ),
    );
    expect(await ssidsOf(net.id)).toEqual(['Staff@10']);
    // The diff now also undoes the hidden flag the API set.
    expect(textOf(shown.text, 'draft-diff')).toContain('Hidden: Yes → No');

    const rebased = await post(browser, `/networks/${net.id}/draft/rebase`).expect(303);
    expect(rebased.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash('success', 'Draft based on the network&#x27;s current SSIDs.'),
    );
    expect(shown.text).not.toContain('id="draft-outdated"');

    const form = await browser.get(`/networks/${net.id}/draft/publish`).expect(200);
    expect(form.text).toContain('<h1>Publish the draft of Hotel</h1>');
    expect(form.text).toContain("<legend>Publish to the network's 0 devices</legend>");
    expect(form.text).toContain('Added: <strong>Cafe</strong>');
    const published = await post(browser, `/networks/${net.id}/draft/publish`, {
      mode: 'now',
    }).expect(303);
    expect(published.headers.location).toBe(`/networks/${net.id}`);
    shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash(
        'success',
        'Draft published: the devices of Hotel receive its SSIDs at their next check-in.',
      ),
    );
    expect(await ssidsOf(net.id)).toEqual(['Staff@20', 'Cafe@-']);
    expect(draftRows(shown.text)).toEqual([]);
    await browser.get(`/networks/${net.id}/draft/publish`).expect(303);
  });

  it('publishes in stages, says the rollout runs instead of offering SSID writes, and halts it', async () => {
    const { admin, net, staff, browser, devices } = await setup(2);
    await draftOf(browser, net.id);
    const refused = await post(browser, `/networks/${net.id}/draft/publish`, {
      mode: 'staged',
      stages: '50, 20',
      max_failure_percent: '101',
      watch_seconds: '60',
      auto_revert: 'true',
      stage_wait_seconds: '0',
    }).expect(422);
    expect(refused.text).toContain(
      '<p class="error" id="stages-error">Stages must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100</p>',
    );
    expect(refused.text).toContain(
      '<p class="error" id="max_failure_percent-error">Maximum failure must be a number from 0 to 100</p>',
    );
    expect(refused.text).toContain('name="stages" value="50, 20"');

    const published = await post(browser, `/networks/${net.id}/draft/publish`, {
      mode: 'staged',
      stages: '50, 100',
      max_failure_percent: '0',
      watch_seconds: '60',
      auto_revert: 'true',
      stage_wait_seconds: '0',
    }).expect(303);
    const rollout = await newestRollout(admin.auth, net.id);
    expect(published.headers.location).toBe(`/config-rollouts/${rollout.id}`);
    let page = await browser.get(`/config-rollouts/${rollout.id}`).expect(200);
    expect(page.text).toContain(
      flash('success', `Publishing in 2 stages: configuration rollout ${rollout.id} started.`),
    );
    expect(page.text).toContain('id="config-rollout-live" data-live="5"');
    expect(textOf(page.text, 'failure-percent')).toBe('0 % of the opened stages (halts above 0 %)');
    expect(
      [...page.text.matchAll(/<p class="stage-counts">([^<]*)<\/p>/g)].map((m) => m[1]),
    ).toEqual([
      '0 succeeded · 0 failed · 0 skipped · 1 waiting · 0 pending',
      '0 succeeded · 0 failed · 0 skipped · 0 waiting · 1 pending',
    ]);
    const outcomes = [...page.text.matchAll(/<td class="outcome-(\w+)">([^<]*)<\/td>/g)].map(
      (m) => m[2],
    );
    expect(outcomes).toEqual(['Waiting', 'Stage not opened']);
    expect(page.text).toContain(`<td class="mono"><a href="/devices/${devices[0].device.id}">`);
    // The devices of one outcome; an outcome the page does not know shows them all.
    const outcomesOf = async (query: string) =>
      [
        ...(await browser.get(`/config-rollouts/${rollout.id}?${query}`).expect(200)).text.matchAll(
          /<td class="outcome-(\w+)">([^<]*)<\/td>/g,
        ),
      ].map((m) => m[2]);
    expect(await outcomesOf('outcome=pending')).toEqual(['Stage not opened']);
    expect(await outcomesOf('outcome=lost')).toEqual(['Waiting', 'Stage not opened']);
    const failedOnly = await browser.get(`/config-rollouts/${rollout.id}?outcome=failed`);
    expect(failedOnly.text).toContain('<option value="failed" selected>Failed</option>');
    expect(failedOnly.text).toContain('No devices with this outcome.');
    expect(page.text).toContain('Changed: <strong>Staff</strong>');
    expect(page.text).toContain('Halt rollout');

    // The network page says the rollout runs and links to it; SSID writes are not offered.
    const network = await browser.get(`/networks/${net.id}`).expect(200);
    expect(textOf(network.text, 'rollout-running')).toBe(
      `A configuration rollout is running on this network: its SSIDs change when configuration rollout ${rollout.id} completes, and cannot be changed here until it completes or is halted.`,
    );
    expect(network.text).not.toContain(`href="/networks/${net.id}/ssids/new"`);
    expect(network.text).not.toContain(`/ssids/${staff.id}/edit`);
    const write = await post(browser, `/networks/${net.id}/ssids/${staff.id}`, STAFF_FORM).expect(
      303,
    );
    expect(write.headers.location).toBe(`/networks/${net.id}`);
    expect((await browser.get(`/networks/${net.id}`).expect(200)).text).toContain(
      flash(
        'error',
        'A configuration rollout is running on this network: halt it or wait for it to complete',
      ),
    );

    const list = await browser.get(`/networks/${net.id}/config-rollouts`).expect(200);
    expect(list.text).toContain('<h1>Configuration rollouts of Hotel</h1>');
    expect(list.text).toContain(
      `<td><a href="/config-rollouts/${rollout.id}">Configuration rollout ${rollout.id}</a></td>`,
    );
    expect(list.text).toContain('<td>0 of 2 devices succeeded</td>');

    const halted = await post(browser, `/config-rollouts/${rollout.id}/halt`).expect(303);
    expect(halted.headers.location).toBe(`/config-rollouts/${rollout.id}`);
    page = await browser.get(`/config-rollouts/${rollout.id}`).expect(200);
    expect(page.text).toContain(
      flash(
        'success',
        `Configuration rollout ${rollout.id} halted; its devices are given the network&#x27;s configuration again.`,
      ),
    );
    expect(page.text).toContain('never opened: the rollout halted first');
    expect(page.text).not.toContain('Halt rollout');
    expect(page.text).not.toContain('>Revert<');
    expect(page.text).toContain(
      `<li><a class="mono" href="/devices?q=${devices[0].device.mac_id}">`,
    );
    const twice = await post(browser, `/config-rollouts/${rollout.id}/halt`).expect(303);
    expect(twice.headers.location).toBe(`/config-rollouts/${rollout.id}`);
    expect((await browser.get(`/config-rollouts/${rollout.id}`).expect(200)).text).toContain(
      flash('error', 'Configuration rollout is not running'),
    );
    expect((await browser.get(`/networks/${net.id}`).expect(200)).text).toContain(
      `href="/networks/${net.id}/ssids/new"`,
    );
  });

  it('reverts a halted rollout without automatic revert', async () => {
    const { admin, net, browser, devices } = await setup(2);
    await draftOf(browser, net.id);
    await post(browser, `/networks/${net.id}/draft/publish`, {
      mode: 'staged',
      stages: '50, 100',
      watch_seconds: '60',
    }).expect(303);
    const rollout = await newestRollout(admin.auth, net.id);
    expect(rollout.auto_revert).toBe(false);
    await post(browser, `/config-rollouts/${rollout.id}/halt`).expect(303);
    let page = await browser.get(`/config-rollouts/${rollout.id}`).expect(200);
    expect(page.text).toContain(flash('success', `Configuration rollout ${rollout.id} halted.`));
    expect(page.text).toContain('<summary class="button danger">Revert</summary>');
    const reverted = await post(browser, `/config-rollouts/${rollout.id}/revert`).expect(303);
    expect(reverted.headers.location).toBe(`/config-rollouts/${rollout.id}`);
    page = await browser.get(`/config-rollouts/${rollout.id}`).expect(200);
    expect(page.text).toContain(
      flash(
        'success',
        `Configuration rollout ${rollout.id} reverted: 1 device given the network&#x27;s configuration again.`,
      ),
    );
    expect(page.text).not.toContain('<summary class="button danger">Revert</summary>');
    expect(page.text).toContain(`href="/devices?q=${devices[0].device.mac_id}"`);
    await post(browser, `/config-rollouts/${rollout.id}/revert`).expect(303);
    expect((await browser.get(`/config-rollouts/${rollout.id}`).expect(200)).text).toContain(
      flash('error', 'Configuration rollout is not halted, or was reverted already'),
    );
  });

  it('refuses a draft form opened before the draft changed, and changes nothing', async () => {
    const { admin, net, staff, browser } = await setup();
    await draftOf(browser, net.id);
    const form = await browser.get(`/networks/${net.id}/draft/ssids/2/edit`).expect(200);
    expect(form.text).toContain('<h1>Edit SSID Cafe in the draft</h1>');
    const openedOn = /name="draft_of" value="([^"]+)"/.exec(form.text)![1];
    // Meanwhile the draft is written again through the API: Cafe is now first.
    await t()
      .http()
      .put(`/v1/location_networks/${net.id}/draft`)
      .set(admin.auth)
      .send({
        draft: {
          ssids: [
            { ssid_name: 'Cafe', security_mode: 'open' },
            { id: staff.id, ssid_name: 'Staff', security_mode: 'wpa2', wpa_key: 'staff-secret' },
          ],
        },
      })
      .expect(200);
    const stale = await browser
      .post(`/networks/${net.id}/draft/ssids/2`)
      .type('form')
      .send({
        _csrf: csrfOf(form.text),
        draft_of: openedOn,
        ssid_name: 'Cafe',
        security_mode: 'wpa3',
      })
      .expect(303);
    expect(stale.headers.location).toBe(`/networks/${net.id}`);
    const shown = await browser.get(`/networks/${net.id}`).expect(200);
    expect(shown.text).toContain(
      flash(
        'error',
        'The draft changed since this form was opened (saved in another tab, or by someone else), ' +
          'so nothing was saved: check the draft below and make the change again.',
      ),
    );
    expect(draftRows(shown.text)).toEqual(['1:Cafe:New', '2:Staff:Yes']);
    const removed = await browser
      .post(`/networks/${net.id}/draft/ssids/1/delete`)
      .type('form')
      .send({ _csrf: csrfOf(form.text), draft_of: openedOn })
      .expect(303);
    expect(removed.headers.location).toBe(`/networks/${net.id}`);
    expect(draftRows((await browser.get(`/networks/${net.id}`).expect(200)).text)).toEqual([
      '1:Cafe:New',
      '2:Staff:Yes',
    ]);
  });

  it('shows a read-only member the draft and the rollout without their buttons, and refuses their writes', async () => {
    const { admin, net, browser } = await setup(2);
    await draftOf(browser, net.id);
    const reader: BrowserUser = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, reader.userId, net.id, 'read_only');
    const stranger = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const readerBrowser = await signedIn(t(), reader);
    const page = await readerBrowser.get(`/networks/${net.id}`).expect(200);
    expect(draftRows(page.text)).toEqual(['1:Staff:Yes', '2:Cafe:New']);
    expect(textOf(page.text, 'draft-diff')).toContain('WPA key: ******** → ********');
    expect(page.text).not.toContain('Discard draft');
    expect(page.text).not.toContain(`/draft/publish`);
    await post(readerBrowser, `/networks/${net.id}/draft/delete`).expect(403);
    await post(readerBrowser, `/networks/${net.id}/draft/publish`, { mode: 'now' }).expect(403);
    await readerBrowser.get(`/networks/${net.id}/draft/ssids/1/edit`).expect(403);

    await post(browser, `/networks/${net.id}/draft/publish`, {
      mode: 'staged',
      stages: '50, 100',
    }).expect(303);
    const rollout = await newestRollout(admin.auth, net.id);
    const shown = await readerBrowser.get(`/config-rollouts/${rollout.id}`).expect(200);
    expect(shown.text).not.toContain('Halt rollout');
    await post(readerBrowser, `/config-rollouts/${rollout.id}/halt`).expect(403);

    const strangerBrowser = await signedIn(t(), stranger);
    await strangerBrowser.get(`/config-rollouts/${rollout.id}`).expect(404);
    await strangerBrowser.get(`/networks/${net.id}/config-rollouts`).expect(404);
    await post(strangerBrowser, `/networks/${net.id}/draft`).expect(404);
    const other = await setup();
    await other.browser.get(`/config-rollouts/${rollout.id}`).expect(404);
    await other.browser.get('/config-rollouts/abc').expect(404);
  });
});
