import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { BrowserUser, browserUser } from '../harness/web-session';
import { expectAccessible, screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

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
      'WPA key must be 8 to 63 printable ASCII characters',
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
    expect(await page.locator('#ssid_name-error').innerText()).toMatch(/^SSID name /);
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

  it('offers the known security modes and bands, and asks before saving one it does not know', async () => {
    const network = await app.fixtures.network(admin.orgId, { network_name: 'Quay' });
    await page.goto(`${app.url}/networks/${network.id}/ssids/new`);
    const offered = (id: string) =>
      page
        .locator(`datalist#${id} option`)
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(await offered('security-modes')).toEqual([
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
    expect(await offered('radio-bands')).toEqual(['2.4GHz', '5GHz', '6GHz', 'dual', 'all']);
    expect(await page.getByLabel('Security mode').getAttribute('list')).toBe('security-modes');
    expect(await page.getByLabel('Radio band').getAttribute('list')).toBe('radio-bands');

    await page.getByLabel('SSID name').fill('Deck');
    await page.getByLabel('Security mode').fill('wpa9-typo');
    await page.getByLabel('WPA key').fill('welcome aboard');
    await page.getByLabel('Radio band').fill('5GHz');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#security_mode-error').innerText()).toBe(
      'Security mode "wpa9-typo" is not one the console knows: choose one of the list, or tick "Save anyway" to save it as typed',
    );
    expect(await page.locator('#radio_band-error').count()).toBe(0);
    expect(await page.getByLabel('Security mode').getAttribute('aria-invalid')).toBe('true');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'ssid-form-confirm');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await screenshots(page, 'ssid-form-confirm');

    await page.getByRole('checkbox', { name: /Save anyway/ }).check();
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);
    expect(await page.getByRole('status').innerText()).toBe('SSID Deck added.');
    expect((await page.locator('tr[data-ssid-id] td').allInnerTexts()).slice(0, 4)).toEqual([
      'Deck',
      'Yes',
      'No',
      'wpa9-typo',
    ]);
  });
});
