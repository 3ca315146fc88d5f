import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { gatewayFixtures, GatewayDevice } from '../harness/device-gateway.helpers';
import { BrowserUser, browserUser } from '../harness/web-session';
import { NetworkSsid } from '../../src/network-ssids/network-ssid.entity';
import { screenshots, sharedBrowser, signInAs, WIDTHS } from './page-checks';

/**
 * A configuration change in a real browser: a draft started on the network page, one SSID
 * changed with the SSID form (a refused VLAN shown beside its field) and one added, the diff
 * with the key masked, a publish in stages, then the configuration rollout page, which follows
 * the devices by itself (its live region) until its second stage opens, and its Halt. Held to
 * the standard of the other console pages (axe-core, nothing wider than a phone). SQLite only:
 * test/web/console-config-changes.e2e.ts covers both databases.
 */
describe('configuration changes in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;
  const g = gatewayFixtures(() => app);

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
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

  /** The device checks in running the configuration it is given now. */
  async function runsItsConfiguration(device: GatewayDevice) {
    const config = await app.http().get('/device/v1/config').set(device.auth).expect(200);
    await g
      .checkin(device.auth, { config_revision: (config.body as { revision: string }).revision })
      .expect(200);
  }

  it('edits a draft, shows its diff, publishes it in stages, follows the rollout live and halts it', async () => {
    const net = await app.fixtures.network(admin.orgId, { network_name: 'Seaside hotel' });
    await app.fixtures.save(NetworkSsid, {
      organisation_id: admin.orgId,
      location_network_id: net.id,
      ssid_name: 'Guests',
      settings: { wpa_key: 'guest-secret', security_mode: 'wpa2', is_enabled: true },
      v_lan_attributes: { v_lan_id: 10 },
    });
    const devices: GatewayDevice[] = [];
    for (let i = 0; i < 2; i++) {
      devices.push(await g.device(admin.orgId, { networkId: net.id }));
      await g.checkin(devices[i].auth).expect(200);
    }

    await page.goto(`${app.url}/networks/${net.id}`);
    await page.getByRole('button', { name: 'Start a draft' }).click();
    await page.waitForURL(`${app.url}/networks/${net.id}`);
    expect(await page.getByRole('status').innerText()).toBe(
      "Draft started with the network's 1 SSID: change it, then publish.",
    );
    await page.getByRole('link', { name: 'Edit SSID Guests in the draft' }).click();
    await page.waitForURL(`${app.url}/networks/${net.id}/draft/ssids/1/edit`);
    await page.getByLabel('Security mode').fill('wpa3');
    await page.getByLabel('VLAN ID').fill('5000');
    await page.getByRole('button', { name: 'Save in draft' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#v_lan_id-error').innerText()).toBe(
      'VLAN ID must be between 1 and 4094',
    );
    await page.getByLabel('VLAN ID').fill('20');
    await page.getByRole('button', { name: 'Save in draft' }).click();
    await page.waitForURL(`${app.url}/networks/${net.id}`);
    await page.getByRole('link', { name: 'Add SSID to draft' }).click();
    await page.getByLabel('SSID name').fill('Staff');
    await page.getByLabel('WPA key').fill('staff-secret-1');
    await page.getByRole('button', { name: 'Add to draft' }).click();
    await page.waitForURL(`${app.url}/networks/${net.id}`);
    expect(await page.getByRole('status').innerText()).toBe('SSID Staff added to the draft.');

    const diff = page.locator('#draft-diff');
    expect(await diff.locator('dt').allInnerTexts()).toEqual(['Added: Staff', 'Changed: Guests']);
    expect(await diff.locator('dt:has-text("Added") + dd li').allInnerTexts()).toContain(
      'WPA key: ********',
    );
    expect(await diff.locator('dt:has-text("Changed") + dd li').allInnerTexts()).toEqual([
      'Security mode: wpa2 → wpa3',
      'VLAN ID: 10 → 20',
    ]);
    expect(await page.content()).not.toContain('staff-secret-1');
    await screenshots(page, 'network-draft');

    await page.getByRole('link', { name: 'Publish…' }).click();
    await page.waitForURL(`${app.url}/networks/${net.id}/draft/publish`);
    await page.getByLabel('In stages').check();
    await page.getByLabel('Stages (percent of the devices)').fill('50, 100');
    await page.getByLabel('Watch time (seconds)').fill('0');
    await screenshots(page, 'draft-publish');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/config-rollouts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.getByRole('status').innerText()).toBe(
      `Publishing in 2 stages: configuration rollout ${id} started.`,
    );
    expect(await page.locator('h1').innerText()).toBe(`Configuration rollout ${id} running`);
    const stages = page.locator('li.stage');
    expect(await stages.nth(0).locator('.stage-counts').innerText()).toBe(
      '0 succeeded · 0 failed · 0 skipped · 1 waiting · 0 pending',
    );
    await screenshots(page, 'config-rollout');

    // The first stage's device runs the draft: the page follows by itself (no reload) until the
    // second stage opens.
    const first = (
      await app.http().get(`/v1/config_rollouts/${id}/devices`).set(admin.auth).expect(200)
    ).body.data.devices[0] as { id: number };
    await runsItsConfiguration(devices.find((d) => d.device.id === first.id)!);
    await page.waitForFunction(
      () =>
        document.querySelector('li.stage[data-stage="2"] .stage-counts')?.textContent ===
        '0 succeeded · 0 failed · 0 skipped · 1 waiting · 0 pending',
      undefined,
      { timeout: 20_000 },
    );
    expect(await stages.nth(0).locator('.stage-counts').innerText()).toBe(
      '1 succeeded · 0 failed · 0 skipped · 0 waiting · 0 pending',
    );
    expect(new URL(page.url()).pathname).toBe(`/config-rollouts/${id}`);

    // The network page says a rollout runs and offers no SSID writes.
    await page.goto(`${app.url}/networks/${net.id}`);
    expect(await page.locator('#rollout-running').innerText()).toContain(
      `configuration rollout ${id}`,
    );
    expect(await page.getByRole('link', { name: 'Add SSID', exact: true }).count()).toBe(0);
    await page.locator('#rollout-running').getByRole('link').click();
    await page.waitForURL(`${app.url}/config-rollouts/${id}`);

    const confirm = page.getByRole('button', { name: `Yes, halt configuration rollout ${id}` });
    expect(await confirm.isVisible()).toBe(false);
    await page.locator('summary', { hasText: 'Halt rollout' }).click();
    await confirm.click();
    await page.waitForURL(`${app.url}/config-rollouts/${id}`);
    expect(await page.locator('.flash').innerText()).toBe(
      `Configuration rollout ${id} halted; its devices are given the network's configuration again.`,
    );
    expect(await page.locator('h1').innerText()).toBe(`Configuration rollout ${id} halted`);
    expect(await page.locator('#reverted li').count()).toBe(2);
    expect(await page.locator('summary', { hasText: 'Halt rollout' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Configuration rollouts' }).click();
    await page.waitForURL(`${app.url}/networks/${net.id}/config-rollouts`);
    expect(
      (await page.locator(`tr[data-config-rollout-id="${id}"] td`).allInnerTexts()).slice(0, 5),
    ).toEqual([
      `Configuration rollout ${id}`,
      'halted',
      '1 of 2 devices succeeded',
      '2 of 2 stages opened',
      '0 % (halts above 0 %)',
    ]);
    await screenshots(page, 'config-rollouts');
  });
});
