import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

/**
 * The network and SSID forms in a real browser, held to the standard of the other
 * console pages (no serious or critical axe-core violation, nothing wider than a phone): a
 * network created through its form after a refused name, an SSID added after a refused key
 * shown beside its field. SQLite only: test/web/console-networks.e2e.ts covers both databases.
 */
describe('network forms in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    await app.fixtures.network(admin.orgId, { network_name: 'Lobby' });
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

  it('creates a network and adds an SSID, each refused value shown beside its field', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Networks' })
      .click();
    await page.waitForURL(`${app.url}/networks`);
    await page.getByRole('link', { name: 'New network' }).click();
    await page.waitForURL(`${app.url}/networks/new`);
    await page.getByLabel('Name').fill('lobby');
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await page.getByRole('button', { name: 'Create network' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#network_name-error').innerText()).toBe(
      'network_name has already been taken',
    );
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Europe/Paris'); // as typed
    await screenshots(page, 'network-form-refused');

    await page.getByLabel('Name').fill('Harbour café');
    await page.getByRole('button', { name: 'Create network' }).click();
    await page.waitForURL(/\/networks\/\d+$/);
    expect(await page.getByRole('status').innerText()).toBe('Network Harbour café created.');
    expect(await page.locator('#network-timezone').innerText()).toBe('Europe/Paris');

    await page.getByRole('link', { name: 'Add SSID' }).click();
    await page.waitForURL(/\/ssids\/new$/);
    await page.getByLabel('SSID name').fill('Guests');
    await page.getByLabel('WPA key').fill('short');
    await page.getByLabel('VLAN id').fill('20');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#wpa_key-error').innerText()).toBe(
      'wpa_key must be 8 to 63 printable ASCII characters',
    );
    expect(await page.getByLabel('WPA key').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('VLAN id').inputValue()).toBe('20');
    await screenshots(page, 'ssid-form-refused');

    await page.getByLabel('WPA key').fill('welcome aboard');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForURL(/\/networks\/\d+$/);
    expect(await page.getByRole('status').innerText()).toBe('SSID Guests added.');
    const row = page.locator('tr[data-ssid-id]');
    expect((await row.locator('td').allInnerTexts()).slice(0, 4)).toEqual([
      'Guests',
      'Yes',
      'No',
      'wpa2',
    ]);
    await page.getByText('Delete', { exact: true }).last().click();
    await screenshots(page, 'network-with-ssid');
  });

  it('edits and deletes an SSID, then edits and deletes the network, each behind its form', async () => {
    const network = await app.fixtures.network(admin.orgId, { network_name: 'Dock' });
    await page.goto(`${app.url}/networks/${network.id}/ssids/new`);
    await page.getByLabel('SSID name').fill('Crew');
    await page.getByLabel('WPA key').fill('welcome aboard');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);

    await page.getByRole('link', { name: 'Edit SSID Crew' }).click();
    await page.waitForURL(/\/ssids\/\d+\/edit$/);
    await page.getByLabel('SSID name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#ssid_name-error').innerText()).toMatch(/^ssid_name /);
    await page.getByLabel('SSID name').fill('Crew 2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);
    expect(await page.locator('tr[data-ssid-id] td').first().innerText()).toBe('Crew 2');

    await page.getByLabel('Delete SSID Crew 2').click();
    await page.getByRole('button', { name: 'Yes, delete SSID Crew 2' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);
    expect(await page.locator('tr[data-ssid-id]').count()).toBe(0);

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}/edit`);
    await page.getByLabel('Name').fill('Dock east');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Dock east');

    await page.getByRole('link', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}/delete`);
    await screenshots(page, 'network-delete');
    await page.getByRole('button', { name: 'Yes, delete Dock east' }).click();
    await page.waitForURL(`${app.url}/networks`);
    expect(await page.getByRole('link', { name: 'Dock east' }).count()).toBe(0);
  });
});
