import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { WebhookReceiver } from '../harness/webhook-receiver';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, WIDTHS } from './page-checks';

/**
 * The webhook pages in a real browser, held to the standard of the other console
 * pages (no serious or critical axe-core violation, nothing wider than a phone): the empty list,
 * the form and a refusal, the page that shows the secret once, and the delivery log after a test.
 */
describe('webhook pages in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    app = await startApp('sqlite', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    await receiver.start();
  }, 120_000);

  afterAll(async () => {
    await receiver.stop();
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/overview`);
  });

  afterEach(async () => {
    await page.close();
  });

  it('adds a webhook, shows its secret once, and lists the delivery of a test', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await page.waitForURL(`${app.url}/webhooks`);
    await screenshots(page, 'webhooks-empty');
    await page.getByRole('link', { name: 'New webhook' }).click();
    await page.getByLabel('URL').fill(receiver.url());
    await page.getByLabel('Event types').fill('device.melted');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('alert').innerText()).toContain(
      'webhook.event_types has unknown event types: device.melted',
    );
    await screenshots(page, 'webhook-form-refused');

    await page.getByLabel('Event types').fill('network.*, device.down');
    await page.getByLabel('Description').fill('NOC wall');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.waitForLoadState();
    const secret = await page.locator('#secret code').innerText();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await screenshots(page, 'webhook-created');

    await page.getByRole('button', { name: 'Send a test' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#secret').count()).toBe(0); // shown once only
    const end = Date.now() + 5000;
    while ((await page.locator('td.state-succeeded').count()) === 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await page.reload();
    }
    expect(await page.locator('tr[data-delivery-id] td').first().innerText()).toBe('webhook.test');
    expect(await page.locator('td.state-succeeded').innerText()).toBe('succeeded');
    await screenshots(page, 'webhook-deliveries');
    expect(receiver.received).toHaveLength(1);
  });
});
