import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { consoleFleet } from '../harness/console.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { sharedBrowser, screenshots as screenshotsOf, WIDTHS } from './page-checks';
import { BrowserUser, browserUser } from '../harness/web-session';

/**
 * The console pages in a real browser: sign in, the overview's numbers against the
 * API, filtering and searching devices, a device page, the networks, and what a read-only member
 * sees. SQLite only: test/web/console.e2e.ts covers both databases.
 */
describe('console pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let fleet: Awaited<ReturnType<typeof consoleFleet>>;

  beforeAll(async () => {
    t = await startApp('sqlite');
    base = t.url;
    browser = await sharedBrowser();
    fleet = await consoleFleet(t);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
  });

  afterEach(async () => {
    await page.close();
  });

  const signIn = async (user: BrowserUser) => {
    await page.goto(`${base}/`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/overview`);
  };

  /** Screenshots at both widths, no overflow at phone width, no serious axe-core violation. */
  const screenshots = (name: string) => screenshotsOf(page, name);

  const macs = () => page.locator('tbody tr td.mono a').allInnerTexts();

  it('signs in to the overview, whose numbers are those of the API, and follows them', async () => {
    await signIn(fleet.admin);
    const api = (await t.http().get('/v1/overview').set(fleet.admin.auth).expect(200)).body.data;
    expect(await page.locator('#devices-total').innerText()).toBe(String(api.devices.total));
    expect(await page.locator('#networks-total').innerText()).toBe(String(api.networks));
    expect(await page.locator('[data-count="Up"]').innerText()).toBe(String(api.devices.up));
    // Down counts the devices heard from before: the one never seen is under Never seen only.
    expect(await page.locator('[data-count="Down"]').innerText()).toBe(
      String(api.devices.down - 1),
    );
    expect(await page.locator('[data-count="Pending"]').innerText()).toBe(
      String(api.upgrades.pending),
    );
    expect(await page.locator('svg.chart rect').count()).toBe(4);
    await screenshots('overview');
    // At phone width the chart's labels keep their size (a scaled-down SVG
    // made them about 7 px high there) and stay inside the chart.
    await page.setViewportSize(WIDTHS.phone);
    const label = await page.locator('svg.chart text').first().boundingBox();
    const chart = await page.locator('svg.chart').boundingBox();
    expect(label!.height).toBeGreaterThanOrEqual(12);
    expect(label!.x + label!.width).toBeLessThanOrEqual(chart!.x + chart!.width);
    await page.setViewportSize(WIDTHS.desktop);

    await page.getByRole('link', { name: '1 Never seen' }).click();
    await page.waitForURL(`${base}/devices?status=NEVER`);
    expect(await macs()).toEqual([fleet.never.mac_id]);
  });

  it('filters and searches the devices, and opens one', async () => {
    await signIn(fleet.admin);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Devices' })
      .click();
    await page.waitForURL(`${base}/devices`);
    expect(await macs()).toHaveLength(5);
    await screenshots('devices');

    await page
      .getByLabel('Network', { exact: true })
      .selectOption({ label: fleet.lobby.network_name });
    await page.getByLabel('Status', { exact: true }).selectOption('UP');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/status=UP/);
    expect(await macs()).toEqual([fleet.up.mac_id]);

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page
      .getByLabel('MAC, name or tag')
      .fill(fleet.down.mac_id.replace(/:/g, '-').toLowerCase());
    await page.getByLabel('MAC, name or tag').press('Enter');
    await page.waitForURL(/q=/);
    expect(await macs()).toEqual([fleet.down.mac_id]);

    await page.getByRole('link', { name: fleet.down.mac_id }).click();
    await page.waitForURL(`${base}/devices/${fleet.down.id}`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('lobby-down');
    expect(await page.locator('#device-status').innerText()).toBe('Down for 1 h 0 min');
    expect(await page.locator('time[datetime]').first().getAttribute('title')).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
    await screenshots('device');
  });

  it('exports the filtered devices as CSV, in the order the list shows them', async () => {
    await signIn(fleet.admin);
    await page.goto(`${base}/devices?status=DOWN&sort=silent`);
    expect(await macs()).toEqual([fleet.loose.mac_id, fleet.down.mac_id]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('devices.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'mac_id,name,network,status,last_seen,firmware_version,clients,uptime_seconds,config_in_sync,serial,tags',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4))).toEqual([
      [fleet.loose.mac_id, 'spare', '', 'Down'],
      [fleet.down.mac_id, 'lobby-down', fleet.lobby.network_name, 'Down'],
    ]);
  });

  it('shows the networks and a network', async () => {
    await signIn(fleet.admin);
    await page.goto(`${base}/networks`);
    expect(await page.locator('tbody tr').count()).toBe(2);
    await screenshots('networks');
    await page.getByRole('link', { name: fleet.lobby.network_name }).click();
    await page.waitForURL(`${base}/networks/${fleet.lobby.id}`);
    expect(await page.locator('#config-sync').innerText()).toBe(
      '0 of 2 devices run the current revision; 2 out of sync',
    );
    await screenshots('network');
  });

  it('shows a read-only member only the granted network, and no write button', async () => {
    const member = await browserUser(t, { orgId: fleet.admin.orgId, role: 'member' });
    await t.fixtures.grant(fleet.admin.orgId, member.userId, fleet.lobby.id, 'read_only');
    await signIn(member);
    expect(await page.locator('#networks-total').innerText()).toBe('1');
    await page.goto(`${base}/networks`);
    expect(await page.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringContaining(fleet.lobby.network_name),
    ]);
    await page.goto(`${base}/devices`);
    expect(await macs()).toEqual([fleet.up.mac_id, fleet.down.mac_id]);
    for (const path of [
      '/overview',
      '/devices',
      `/devices/${fleet.up.id}`,
      `/networks/${fleet.lobby.id}`,
    ]) {
      await page.goto(`${base}${path}`);
      expect({
        path,
        // Export CSV (a download) reads; it is no write button.
        buttons: await page.locator('main a.button:not([download]), main button.danger').count(),
      }).toEqual({
        path,
        buttons: 0,
      });
    }
  });

  it('updates the overview by itself when a device checks in (the live poll)', async () => {
    const g = gatewayFixtures(() => t);
    const fresh = await g.device(fleet.admin.orgId, { networkId: fleet.lobby.id });
    await signIn(fleet.admin);
    const up = page.locator('[data-count="Up"]');
    const before = Number(await up.innerText());
    const never = Number(await page.locator('[data-count="Never seen"]').innerText());
    await g.checkin(fresh.auth, { firmware_version: '2.1.0' }).expect(200);
    await page.waitForFunction(
      (count) => document.querySelector('[data-count="Up"]')?.textContent === String(count),
      before + 1,
      { timeout: 15_000 },
    );
    expect(await page.locator('[data-count="Never seen"]').innerText()).toBe(String(never - 1));
    expect(new URL(page.url()).pathname).toBe('/overview'); // no reload: the poll swapped it
  });
});
