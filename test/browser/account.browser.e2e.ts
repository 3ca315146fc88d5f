import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

/**
 * The API tokens page and the admins' users and access page in a real browser, held
 * to the other pages' standard (axe, phone width). SQLite only: the HTTP tests in test/web
 * cover both databases.
 */
describe('tokens and users pages in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    await browserUser(app, { orgId: admin.orgId, role: 'member' });
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

  it('creates a token from the footer link, shows it once, and revokes it', async () => {
    await page.getByRole('link', { name: 'API tokens' }).click();
    await page.waitForURL(`${app.url}/tokens`);
    await page.getByLabel('Name').fill('ci');
    await page.getByRole('button', { name: 'Create token' }).click();
    expect(await page.locator('#secret').innerText()).toMatch(/^\S{20,}$/);
    await screenshots(page, 'tokens');
    await page.getByText('Revoke', { exact: true }).first().click();
    await page.getByRole('button', { name: /^Yes, revoke token/ }).click();
    await page.waitForURL(`${app.url}/tokens`);
    expect(await page.getByRole('status').innerText()).toMatch(/^Token \d+ revoked\.$/);
  });

  it('grants a member access to a network', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.waitForURL(`${app.url}/users`);
    await page.getByRole('button', { name: 'Grant' }).click();
    await page.waitForURL(`${app.url}/users`);
    expect(await page.getByRole('status').innerText()).toBe(
      'Access granted: full (change and command).',
    );
    await screenshots(page, 'users');
  });
});
