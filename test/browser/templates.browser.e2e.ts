import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

/**
 * The templates page in a real browser (axe-core and phone width as every console
 * page): a network template copied from a network, an uplink template refused then created.
 * SQLite only: test/web/console-templates.e2e.ts covers both databases.
 */
describe('templates page in a browser', () => {
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

  it('creates a network template and an uplink template, a refusal shown beside its field', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Templates' })
      .click();
    await page.waitForURL(`${app.url}/templates`);
    await screenshots(page, 'templates-empty');

    await page.locator('#network-template-name').fill('Standard');
    await page.getByLabel('Copy the SSIDs of').selectOption({ label: 'Lobby' });
    await page.getByRole('button', { name: 'Create network template' }).click();
    await page.waitForURL(`${app.url}/templates`);
    expect(await page.getByRole('status').innerText()).toBe(
      'Network template Standard created with 0 SSIDs of Lobby.',
    );

    await page.locator('#uplink-template-name').fill('WAN');
    await page.getByLabel('Uplinks (JSON)').fill('[{"uplink_type": "7"}]');
    await page.getByRole('button', { name: 'Create uplink template' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#uplink-template-details-error').innerText()).toBe(
      'details.0.uplink_type must be one of 1, 2, 3, 4',
    );
    expect(await page.getByLabel('Uplinks (JSON)').getAttribute('aria-invalid')).toBe('true');
    await screenshots(page, 'templates-refused');

    await page.getByLabel('Uplinks (JSON)').fill('[{"uplink_type": "1", "proto": "dhcp"}]');
    await page.getByRole('button', { name: 'Create uplink template' }).click();
    await page.waitForURL(`${app.url}/templates`);
    expect(await page.getByRole('status').innerText()).toBe(
      'Uplink template WAN created with 1 uplink.',
    );
    expect(await page.locator('tr[data-uplink-template-id] td').allInnerTexts()).toEqual([
      'WAN',
      '1',
    ]);
    await screenshots(page, 'templates');
  });
});
