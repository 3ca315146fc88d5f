import { Device } from '../../src/devices/device.entity';
import { onBothDatabases } from '../harness/app';
import { clientFixtures, clientMac, station } from '../harness/clients.helpers';
import { decodedHtml } from '../harness/console.helpers';
import { browserUser, signedIn } from '../harness/web-session';

/** The client MACs of a page's rows, in order. */
const clientsOf = (html: string) =>
  [...html.matchAll(/<tr data-client="([^"]+)"/g)].map((m) => m[1]);
/** The device MACs of a page's rows, in order. */
const devicesOf = (html: string) =>
  [...html.matchAll(/<tr data-device="([^"]+)"/g)].map((m) => m[1]);

onBothDatabases("console: the header's search of devices and clients", (t) => {
  const c = clientFixtures(t);

  async function site() {
    const admin = await browserUser(t(), { role: 'admin' });
    const lobby = await t().fixtures.network(admin.orgId);
    const annex = await t().fixtures.network(admin.orgId);
    const ap = await c.device(admin.orgId, { networkId: lobby.id, name: 'lobby-ap' });
    const far = await c.device(admin.orgId, { networkId: annex.id });
    await t().dataSource.getRepository(Device).update(ap.device.id, { label: 'Reception AP' });
    await t().dataSource.getRepository(Device).update(far.device.id, { label: 'Reception annex' });
    // Labels written past the app: their devices' stored revisions follow them.
    await t().fixtures.syncRevisions(admin.orgId);
    const [phone, laptop, elsewhere] = [clientMac(), clientMac(), clientMac()];
    await c.report(ap, [
      station(phone, { hostname: 'anna-phone', ip: '10.20.30.41' }),
      station(laptop, { hostname: 'bob-laptop' }),
    ]);
    await c.report(far, [station(elsewhere, { hostname: 'anna-tablet' })]);
    return { admin, lobby, ap, far, phone, laptop, elsewhere };
  }

  it('finds devices by label or MAC and clients by MAC in any form, host name or IP, each linking to its page', async () => {
    const { admin, ap, far, phone, laptop, elsewhere } = await site();
    const browser = await signedIn(t(), admin);
    const overview = await browser.get('/overview').expect(200);
    expect(overview.text).toContain(
      '<form class="site-search" method="get" action="/search" role="search" aria-label="Devices and clients">',
    );
    expect(overview.text).toContain('<input type="search" id="site-search" name="q" value=""');

    const empty = await browser.get('/search').expect(200);
    expect(empty.text).toContain('<h1>Search</h1>');
    expect(empty.text).toContain('in the search box at the top of the page.');
    expect(devicesOf(empty.text)).toEqual([]);
    expect((await browser.get('/search?q=%20%20').expect(200)).text).toContain('<h1>Search</h1>');

    const byLabel = decodedHtml((await browser.get('/search?q=reception').expect(200)).text);
    expect(byLabel).toContain('<title>Search: reception · Airfleet</title>');
    expect(byLabel).toContain('value="reception"');
    expect(devicesOf(byLabel)).toEqual([ap.device.mac_id, far.device.mac_id]);
    expect(byLabel).toContain(`<a href="/devices/${ap.device.id}">Reception AP</a>`);
    expect(byLabel).toContain('2 devices');
    expect(byLabel).toContain('0 clients');
    expect(byLabel).toContain('No client has this MAC, host name or IP address.');

    // A client's MAC in part, lower case with dashes, as a person copies it from a laptop.
    const partial = phone.slice(-8).replace(/:/g, '-').toLowerCase();
    const byMac = decodedHtml((await browser.get(`/search?q=${partial}`).expect(200)).text);
    expect(clientsOf(byMac)).toEqual([phone]);
    expect(byMac).toContain(`<a href="/clients/${phone.replace(/:/g, '-')}">anna-phone<br>`);
    const byDeviceMac = await browser.get(`/search?q=${far.device.mac_id.replace(/:/g, '')}`);
    expect(devicesOf(byDeviceMac.text)).toEqual([far.device.mac_id]);

    expect(clientsOf((await browser.get('/search?q=10.20.30.41').expect(200)).text)).toEqual([
      phone,
    ]);
    const byHost = await browser.get('/search?q=ANNA').expect(200);
    expect(clientsOf(byHost.text).sort()).toEqual([phone, elsewhere].sort());
    expect(byHost.text).toContain('2 clients');
    expect(clientsOf((await browser.get('/search?q=bob-l').expect(200)).text)).toEqual([laptop]);

    // A text past 100 characters is searched by its first 100.
    const long = await browser.get(`/search?q=${'anna'.repeat(75)}`).expect(200);
    expect(long.text).toContain(`value="${'anna'.repeat(25)}"`);
    expect(clientsOf(long.text)).toEqual([]);

    const none = await browser.get('/search?q=nothing-like-it').expect(200);
    expect(none.text).toContain('0 devices');
    expect(none.text).toContain('No device has this label, host name or MAC.');
    expect(none.text).toContain('No client has this MAC, host name or IP address.');
  });

  it('shows the first ten of each and links to the list holding them all', async () => {
    const { admin, ap } = await site();
    const many = Array.from({ length: 11 }, () => clientMac());
    await c.report(
      ap,
      many.map((mac, n) => station(mac, { hostname: `kiosk-${n}` })),
    );
    const browser = await signedIn(t(), admin);
    const page = decodedHtml((await browser.get('/search?q=kiosk').expect(200)).text);
    expect(clientsOf(page)).toHaveLength(10);
    expect(page).toContain('11 clients');
    expect(page).toContain('<a href="/clients?search=kiosk">All 11 matching clients</a>');
  });

  it("finds for a member only what the networks it may read hold; another organisation's nothing", async () => {
    const { admin, lobby, ap, phone } = await site();
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    const browser = await signedIn(t(), member);
    const devices = await browser.get('/search?q=reception').expect(200);
    expect(devicesOf(devices.text)).toEqual([ap.device.mac_id]);
    const clients = await browser.get('/search?q=anna').expect(200);
    expect(clientsOf(clients.text)).toEqual([phone]);

    const stranger = await browserUser(t(), { role: 'admin' });
    const theirs = await (await signedIn(t(), stranger)).get('/search?q=anna').expect(200);
    expect(clientsOf(theirs.text)).toEqual([]);
    expect(
      devicesOf((await (await signedIn(t(), stranger)).get('/search?q=reception')).text),
    ).toEqual([]);
  });

  it('sends a visitor who is not signed in to sign in first', async () => {
    const response = await t().http().get('/search?q=anna').set('accept', 'text/html').expect(303);
    expect(response.headers.location).toBe('/login?next=%2Fsearch%3Fq%3Danna');
  });
});
