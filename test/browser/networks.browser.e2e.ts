import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { BrowserUser, browserUser } from '../harness/web-session';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
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
    await page.getByLabel('VLAN ID').fill('20');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#wpa_key-error').innerText()).toBe(
      'WPA key must be 8 to 63 printable ASCII characters',
    );
    expect(await page.getByLabel('WPA key').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('VLAN ID').inputValue()).toBe('20');
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

  it('sets RADIUS and captive portal settings in the advanced part, keeps what is left blank, and words a refusal for people', async () => {
    const network = await app.fixtures.network(admin.orgId, { network_name: 'Marina' });
    const stored = async () =>
      (
        await app.dataSource
          .getRepository(NetworkSsid)
          .findOneByOrFail({ location_network_id: network.id })
      ).settings;
    await page.goto(`${app.url}/networks/${network.id}/ssids/new`);
    const advanced = page.locator('details.advanced');
    expect(await advanced.getAttribute('open')).toBeNull();
    await page.getByLabel('SSID name').fill('Visitors');
    await page.getByText('RADIUS, captive portal and DHCP').click();
    await page.getByLabel('RADIUS server', { exact: true }).fill('radius-1');
    await page.getByRole('checkbox', { name: 'Captive portal' }).check();
    await page.getByLabel('Captive portal URL').fill('https://portal.example/welcome');
    await page.getByLabel('DHCP range start').fill('10.0.0.200');
    await page.getByLabel('DHCP range end').fill('10.0.0.10');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#dhcp_range_start-error').innerText()).toBe(
      'DHCP range start must not be after DHCP range end',
    );
    expect(await page.getByLabel('DHCP range start').getAttribute('aria-invalid')).toBe('true');
    expect(await advanced.getAttribute('open')).toBe('');
    expect(await page.getByLabel('RADIUS server', { exact: true }).inputValue()).toBe('radius-1');
    expect(await page.getByRole('checkbox', { name: 'Captive portal' }).isChecked()).toBe(true);
    await screenshots(page, 'ssid-form-advanced-refused');
    await page.setViewportSize(WIDTHS.phone);
    await expectAccessible(page, 'ssid-form-advanced-refused-phone');
    await page.setViewportSize(WIDTHS.desktop);

    await page.getByLabel('DHCP range end').fill('10.0.0.250');
    await page.getByRole('button', { name: 'Add SSID' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);
    expect(await stored()).toMatchObject({
      auth_radius_id: 'radius-1',
      captive_portal: true,
      splash_url: 'https://portal.example/welcome',
      dhcp_range_start: '10.0.0.200',
      dhcp_range_end: '10.0.0.250',
    });

    await page.getByRole('link', { name: 'Edit SSID Visitors' }).click();
    await page.waitForURL(/\/ssids\/\d+\/edit$/);
    expect(await advanced.getAttribute('open')).toBe('');
    expect(await page.getByLabel('Captive portal URL').inputValue()).toBe(
      'https://portal.example/welcome',
    );
    await page.getByLabel('RADIUS server', { exact: true }).fill('');
    await page.getByLabel('Accounting RADIUS server').fill('radius-acct');
    await page.getByRole('checkbox', { name: 'RADIUS accounting' }).check();
    await page.setViewportSize(WIDTHS.phone);
    await expectAccessible(page, 'ssid-form-advanced-phone');
    await page.setViewportSize(WIDTHS.desktop);
    await screenshots(page, 'ssid-form-advanced');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${app.url}/networks/${network.id}`);
    expect(await stored()).toMatchObject({
      auth_radius_id: 'radius-1',
      acc_radius_id: 'radius-acct',
      acc_radius_enabled: true,
      captive_portal: true,
      splash_url: 'https://portal.example/welcome',
    });
  });
});
