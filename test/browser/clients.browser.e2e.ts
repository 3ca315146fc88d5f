import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { clientFixtures, clientMac, station } from '../harness/clients.helpers';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, signInAs, WIDTHS } from './page-checks';

/**
 * The Wi-Fi client pages in a real browser: the Clients page with its search, filters and sorts,
 * a client's page with its sessions across access points, the device page's connected clients,
 * the header's search reaching a client's page, and Erase behind its confirmation. No serious or critical axe-core violation, nothing wider
 * than a phone. SQLite only, like the other browser tests (test/web/console-clients.e2e.ts covers
 * both databases).
 */
describe('Wi-Fi client pages in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;
  const c = clientFixtures(() => app);
  const phone = clientMac();
  const laptop = clientMac();
  const tablet = clientMac();
  let lobbyId = 0;

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    const network = await app.fixtures.network(admin.orgId, { network_name: 'Hotel' });
    const lobby = await c.device(admin.orgId, { networkId: network.id, name: 'lobby-ap' });
    const floor = await c.device(admin.orgId, { networkId: network.id, name: 'floor4-east' });
    lobbyId = lobby.device.id;
    await c.report(lobby, [
      station(phone, { rssi: -58, hostname: 'guest-phone-412', ip: '10.0.4.12', channel: 36 }),
      station(laptop, { rssi: -79, hostname: 'conference-laptop', ip: '10.0.4.20' }),
      station(tablet, { rssi: -66, hostname: 'front-desk-ipad', band: '2.4', channel: 6 }),
    ]);
    await c.report(floor, [station(phone, { rssi: -71 })]);
    await c.report(lobby, [
      station(laptop, { rssi: -80 }),
      station(tablet, { rssi: -64, band: '2.4' }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
    await signInAs(page, app.url, admin);
  });

  afterEach(async () => {
    await page.close();
  });

  const shownMacs = () =>
    page
      .locator('tbody tr[data-client]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-client')));

  it('lists, searches, filters and sorts the clients', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Clients' })
      .click();
    await page.waitForURL(`${app.url}/clients`);
    expect((await shownMacs()).sort()).toEqual([phone, laptop, tablet].sort());
    await screenshots(page, 'clients');
    await page
      .getByLabel('MAC, host name or IP')
      .fill(phone.slice(-8).replace(/:/g, '-').toLowerCase());
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForLoadState();
    expect(await shownMacs()).toEqual([phone]);
    await page.getByLabel('MAC, host name or IP').fill('');
    await page.getByLabel('Sort by').selectOption({ label: 'Weakest signal' });
    await page.getByLabel('Band').selectOption({ label: '5 GHz' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForLoadState();
    expect(await shownMacs()).toEqual([laptop, phone]);
    await screenshots(page, 'clients-filtered');
  });

  it("shows a client's sessions across access points, and a device's connected clients weakest first", async () => {
    await page.goto(`${app.url}/clients`);
    await page.getByRole('link', { name: new RegExp(`guest-phone-412`) }).click();
    await page.waitForURL(/\/clients\/[0-9A-F-]+$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('guest-phone-412');
    const rows = page
      .getByRole('region', { name: /sessions across access points/ })
      .locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('Roamed from lobby-ap');
    await screenshots(page, 'client');
    await page.goto(`${app.url}/devices/${lobbyId}`);
    expect(await shownMacs()).toEqual([laptop, tablet]);
    await screenshots(page, 'device-clients');
  });

  it("finds a client from the header's search box and reaches its page", async () => {
    await page.goto(`${app.url}/networks`);
    const header = page.getByRole('search', { name: 'Devices and clients' });
    await header.getByLabel('Search devices and clients').fill(laptop.slice(-8).toLowerCase());
    await header.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=/);
    expect(await shownMacs()).toEqual([laptop]);
    await screenshots(page, 'search');
    await page.getByRole('link', { name: /conference-laptop/ }).click();
    await page.waitForURL(`${app.url}/clients/${laptop.replace(/:/g, '-')}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('conference-laptop');
    await page.getByLabel('Search devices and clients').fill('nothing-like-it');
    await page.getByLabel('Search devices and clients').press('Enter');
    await page.waitForURL(`${app.url}/search?q=nothing-like-it`);
    await expectVisible(page.getByText('No client has this MAC, host name or IP address.'));
    await screenshots(page, 'search-none');
    await page.goto(`${app.url}/search`);
    await expectVisible(page.getByText(/in the search box at the top of the page/));
    await screenshots(page, 'search-empty');
  });

  it('erases a client after its confirmation', async () => {
    await page.goto(`${app.url}/clients/${tablet.replace(/:/g, '-')}`);
    await page.getByText('Erase', { exact: true }).click();
    await expectVisible(page.getByText(/Erase every record of/));
    await screenshots(page, 'client-erase');
    await page.getByRole('button', { name: 'Yes, erase' }).click();
    await page.waitForURL(`${app.url}/clients`);
    await expectVisible(page.getByText('Client erased: 1 session deleted.'));
    expect(await shownMacs()).not.toContain(tablet);
  });
});

async function expectVisible(locator: ReturnType<Page['getByText']>): Promise<void> {
  expect(await locator.isVisible()).toBe(true);
}
