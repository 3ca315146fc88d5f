import { Browser, Page } from 'playwright-core';
import { startApp, TestApp } from '../harness/app';
import { rolloutFixtures } from '../harness/rollouts.helpers';
import { sharedBrowser, screenshots, WIDTHS } from './page-checks';
import { BrowserUser, browserUser } from '../harness/web-session';

/**
 * The rollout page in a real browser: from an upgrade's row to its rollout, the
 * stage bars and failure percentage, then the Halt button (CSRF form behind a confirmation)
 * drives the rollout to a halt. SQLite only, like the other browser test.
 */
describe('rollout page in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let admin: BrowserUser;
  const r = rolloutFixtures(() => app);

  beforeAll(async () => {
    app = await startApp('sqlite');
    base = app.url;
    browser = await sharedBrowser();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    // A reader in Paris: the pages' UTC times read in the browser's zone.
    page = await browser.newPage({
      viewport: WIDTHS.desktop,
      timezoneId: 'Europe/Paris',
      locale: 'en-GB',
    });
  });

  afterEach(async () => {
    await page.close();
  });

  it('shows a rollout from its upgrade, its stages and failures, and halts it with confirmation', async () => {
    const { admin: owner, devices } = await r.fleet(4, [0, 1, 2, 3]);
    admin = await browserUser(app, { orgId: owner.orgId, role: 'admin' });
    const body = await r.createRollout(admin, devices, {
      stages: [50, 100],
      max_failure_percent: 60,
      auto_revert: true,
    });
    const id = body.data.rollout.id;
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    await r.report(devices[1], r.upgradeOf(body, devices[1]), 'failed', { error: 'no space' });

    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The upgrade list shows the rollout's upgrades under its heading, which links to it.
    await page.goto(`${base}/upgrades`);
    const group = page.locator(`section[data-rollout-id="${id}"]`);
    expect((await group.locator('h2').innerText()).split(/\s+/)).toEqual([
      'Rollout',
      String(id),
      'running',
      'version',
      '2.0.0',
    ]);
    expect(await group.locator('tbody tr').count()).toBe(4);
    await screenshots(page, 'upgrades-rollout');
    await page.goto(`${base}/upgrades/${r.upgradeOf(body, devices[0])}`);
    await page.getByRole('link', { name: `Rollout ${id}` }).click();
    await page.waitForURL(`${base}/rollouts/${id}`);

    expect(await page.locator('h1').innerText()).toBe(`Rollout ${id} running`);
    expect(await page.locator('#failure-percent').innerText()).toBe(
      '25 % of the opened stages (halts above 60 %)',
    );
    const stages = page.locator('li.stage');
    expect(await stages.count()).toBe(2);
    expect(await stages.nth(0).locator('.stage-counts').innerText()).toBe(
      '1 done · 1 failed · 0 in progress · 0 pending · 0 cancelled',
    );
    expect(await stages.nth(0).locator('.segment-done').getAttribute('style')).toBe(
      'width: 50.00%',
    );
    expect(
      await stages
        .nth(0)
        .locator('.segment-failed')
        .evaluate((el) => getComputedStyle(el).width),
    ).not.toBe('0px');
    expect(await stages.nth(1).locator('.segment-pending').getAttribute('style')).toBe(
      'width: 100.00%',
    );
    await screenshots(page, 'rollout');

    // The confirmation hides the halt form until it is opened.
    const confirm = page.getByRole('button', { name: `Yes, halt rollout ${id}` });
    expect(await confirm.isVisible()).toBe(false);
    await page.locator('summary', { hasText: 'Halt rollout' }).click();
    await confirm.click();
    await page.waitForURL(`${base}/rollouts/${id}`);
    expect(await page.locator('.flash').innerText()).toBe(`Rollout ${id} halted.`);
    expect(await page.locator('h1').innerText()).toBe(`Rollout ${id} halted`);
    expect(await stages.nth(1).locator('.stage-counts').innerText()).toBe(
      '0 done · 0 failed · 0 in progress · 0 pending · 2 cancelled',
    );
    expect(await page.locator('#reverted').innerText()).toBe(devices[0].device.mac_id);
    expect(await page.locator('#reverted a').getAttribute('href')).toBe(
      `/devices?q=${devices[0].device.mac_id}`,
    );
    expect(await stages.nth(1).locator('.stage-head').innerText()).toMatch(
      /^100 % · 2 devices · opened \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} CET$/,
    );
    expect(await page.locator('summary', { hasText: 'Halt rollout' }).count()).toBe(0);
    const record = await r.show(admin, id);
    expect(record.state).toBe('halted');
    // Created in the reader's zone, the UTC instant in its title.
    const created = page.locator('dt:has-text("Created") + dd time');
    expect(await created.getAttribute('title')).toBe(record.created_at);
    expect(await created.innerText()).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} CET$/);

    // The overview's running count leads to the rollouts list, which leads back to the rollout.
    await page.goto(`${base}/overview`);
    await page.locator('#rollouts-running').click();
    await page.waitForURL(`${base}/rollouts`);
    const row = page.locator(`tr[data-rollout-id="${id}"]`);
    expect((await row.locator('td').allInnerTexts()).slice(0, 6)).toEqual([
      `Rollout ${id}`,
      'halted',
      '2.0.0',
      '1 of 4 devices done',
      '2 of 2 stages opened',
      '25 % (halts above 60 %)',
    ]);
    await screenshots(page, 'rollouts');
    await row.getByRole('link', { name: `Rollout ${id}` }).click();
    await page.waitForURL(`${base}/rollouts/${id}`);
  });

  it('creates a staged rollout through the upgrade form, finds it in the list and halts it', async () => {
    const { admin: owner, network } = await r.fleet(2, [0, 1]);
    const user = await browserUser(app, { orgId: owner.orgId, role: 'admin' });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/overview`);
    await page.goto(`${base}/networks/${network.id}`);
    await page.getByRole('link', { name: 'New upgrade' }).click();
    expect(await page.getByLabel(network.network_name, { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Manual: the version chosen below').check();
    await page.getByLabel('Version', { exact: true }).selectOption('2.0.0');
    await page.getByLabel('Roll out in stages').check();
    await page.getByLabel('Stages (percent of the devices)').fill('50, 100');
    await page.getByLabel('Maximum failures (percent)').fill('20');
    await screenshots(page, 'upgrade-form-staged');
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    // The create lands on its request's summary, which links the rollout it formed.
    await page.waitForURL(/\/upgrades\/requests\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('link', { name: /^Rollout \d+$/ }).count()).toBe(1);
    await page.goto(`${base}/rollouts`);
    const row = page.locator('tr[data-rollout-id]');
    expect((await row.locator('td').allInnerTexts()).slice(1, 6)).toEqual([
      'running',
      '2.0.0',
      '0 of 2 devices done',
      '1 of 2 stages opened',
      '0 % (halts above 20 %)',
    ]);
    await row.getByRole('link').click();
    await page.locator('summary', { hasText: 'Halt rollout' }).click();
    await page.getByRole('button', { name: /^Yes, halt rollout/ }).click();
    await page.waitForURL(/\/rollouts\/\d+$/);
    expect(await page.locator('h1').innerText()).toMatch(/^Rollout \d+ halted$/);
    expect(await page.locator('li.stage').nth(1).locator('.stage-head').innerText()).toBe(
      '100 % · 1 device · never opened: the rollout halted first',
    );
  });
});
