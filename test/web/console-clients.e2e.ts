import { onBothDatabases } from '../harness/app';
import { clientFixtures, clientMac, station } from '../harness/clients.helpers';
import { decodedHtml } from '../harness/console.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The client MACs of a page's rows, in order. */
const rowsOf = (html: string) => [...html.matchAll(/<tr data-client="([^"]+)"/g)].map((m) => m[1]);

onBothDatabases('console: Wi-Fi clients', (t) => {
  const c = clientFixtures(t);

  async function site() {
    const admin = await browserUser(t(), { role: 'admin' });
    const network = await t().fixtures.network(admin.orgId);
    const ap = await c.device(admin.orgId, { networkId: network.id, name: 'lobby-ap' });
    const [weak, strong, gone] = [clientMac(), clientMac(), clientMac()];
    await c.report(ap, [
      station(weak, { rssi: -82, hostname: 'weak-phone', ip: '10.0.0.5' }),
      station(strong, { rssi: -41, hostname: 'strong-laptop' }),
      station(gone, { rssi: -60, hostname: '=cmd', band: '2.4' }),
    ]);
    await c.report(ap, [station(weak, { rssi: -82 }), station(strong, { rssi: -41 })]);
    return { admin, network, ap, weak, strong, gone };
  }

  it('lists the clients with filters and sorts, and exports the filtered list as CSV', async () => {
    const { admin, weak, strong, gone } = await site();
    const browser = await signedIn(t(), admin);
    const page = await browser.get('/clients').expect(200);
    expect(page.text).toContain('<a href="/clients" aria-current="page">Clients</a>');
    expect(page.text).toContain('3 clients');
    expect(rowsOf(page.text).sort()).toEqual([weak, strong, gone].sort());
    const sorted = await browser.get('/clients?sort=rssi&connected=true').expect(200);
    expect(rowsOf(sorted.text)).toEqual([weak, strong]);
    expect(decodedHtml(sorted.text)).toContain('-82 dBm <span class="hint">Weak</span>');
    const searched = await browser.get(`/clients?search=${weak.slice(-5)}`).expect(200);
    expect(rowsOf(searched.text)).toEqual([weak]);
    expect(searched.text).toContain(
      `href="/clients.csv?search&#x3D;${encodeURIComponent(weak.slice(-5))}"`,
    );
    const none = await browser.get('/clients?search=nothing-like-it').expect(200);
    expect(none.text).toContain('No client matches these filters.');
    // A bad filter value is no filter.
    expect(rowsOf((await browser.get('/clients?band=7&sort=x').expect(200)).text)).toHaveLength(3);
    const csv = await browser.get('/clients.csv?connected=false').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'mac,hostname,ip,connected,device_mac_id,device_name,network,ssid,band,channel,rssi,' +
        'connected_since,last_seen_at,tx_bytes,rx_bytes,sessions_today',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${gone},'=cmd,,false,`));
  });

  it("shows a client's page with its sessions across access points, and the device page's connected clients weakest first", async () => {
    const { admin, ap, weak, strong } = await site();
    const other = await c.device(admin.orgId, { name: 'hall-ap' });
    await c.report(other, [station(strong, { rssi: -55 })]);
    const browser = await signedIn(t(), admin);
    const page = await browser.get(`/clients/${strong.replace(/:/g, '-')}`).expect(200);
    const html = decodedHtml(page.text);
    expect(html).toContain('<h1>strong-laptop</h1>');
    expect(html).toContain('Roamed from lobby-ap');
    expect(html).toContain('Erase every record of');
    expect(html).toContain(`action="/clients/${strong.replace(/:/g, '-')}/erase"`);
    const device = await browser.get(`/devices/${ap.device.id}`).expect(200);
    expect(device.text).toContain('Connected clients, weakest signal first');
    expect(rowsOf(device.text)).toEqual([weak]);
    const refused = await browser.get('/clients/not-a-mac').expect(422);
    expect(refused.text).toContain('<title>Cannot do that · Airfleet</title>');
    expect(refused.text).toContain('Invalid parameters');
    expect((await browser.get(`/clients/${clientMac()}`).expect(404)).text).toContain(
      'Client not found',
    );
  });

  it('erases a client for an admin behind its confirmation; a member sees no Erase and may not post it', async () => {
    const { admin, network, weak } = await site();
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, network.id, 'read_only');
    const memberBrowser = await signedIn(t(), member);
    const shown = await memberBrowser.get(`/clients/${weak}`).expect(200);
    expect(shown.text).not.toContain('Erase every record of');
    await memberBrowser
      .post(`/clients/${weak}/erase`)
      .type('form')
      .send({ _csrf: csrfOf(shown.text) })
      .expect(403);
    const browser = await signedIn(t(), admin);
    const page = await browser.get(`/clients/${weak}`).expect(200);
    const erased = await browser
      .post(`/clients/${weak.replace(/:/g, '-')}/erase`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    expect(erased.headers.location).toBe('/clients');
    const after = await browser.get('/clients').expect(200);
    expect(after.text).toContain('Client erased: 1 session deleted.');
    expect(rowsOf(after.text)).not.toContain(weak);
  });
});
