import { Browser, chromium, Page } from 'playwright-core';
import { Device } from '../../src/devices/device.entity';
import { Upgrade } from '../../src/upgrades/upgrade.entity';
import { startApp, TestApp } from '../harness/app';
import { unique } from '../harness/fixtures';
import { BrowserUser, browserUser } from './web-session';

/** Debian's chromium (.ci/install-chromium.sh installs it in CI). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The upgrade pages in a real browser: sign in, create, edit and delete an upgrade through the
 * forms, checking the list after each step. The page logic does not depend on the database, so
 * this runs on SQLite only (test/web.e2e-spec.ts covers both databases).
 */
describe('upgrade pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let admin: BrowserUser;
  let device: Device;

  beforeAll(async () => {
    t = await startApp('sqlite');
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    admin = await browserUser(t, { role: 'admin' });
    const part = await t.fixtures.hardwarePart();
    device = await t.fixtures.save(Device, {
      mac_id: t.fixtures.mac(),
      organisation_id: admin.orgId,
      hardware_part_id: part.id,
      serial: unique('SN'),
    });
    for (const version of ['2.0.0', '2.1.0']) {
      await t.fixtures.upgradeData({
        version,
        url: { [part.part_number]: `https://fw/${version}` },
      });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage();
  });

  afterEach(async () => {
    await page.close();
  });

  const upgrades = () =>
    t.dataSource.getRepository(Upgrade).find({ where: { organisation_id: admin.orgId } });
  const flash = () => page.locator('.flash').innerText();
  const rows = () => page.locator('tbody tr');

  it('signs in, creates, edits and deletes an upgrade through the pages', async () => {
    await page.goto(`${base}/upgrades`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/upgrades`);
    expect(await flash()).toBe(`Signed in as ${admin.email}.`);
    expect(await page.locator('main').innerText()).toContain('No upgrades yet.');
    expect(await page.locator('link[rel=stylesheet]').getAttribute('href')).toBe('/assets/app.css');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
    ).toBe('rgb(245, 247, 250)');

    // Create: a refused target shows the form again with the message, then a valid one is saved.
    await page.getByRole('link', { name: 'New upgrade' }).click();
    await page.getByLabel('Targets').fill(`AP:${device.id}\nrouter:1`);
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('Invalid targets: router:1');
    expect(await upgrades()).toEqual([]);
    await page.getByLabel('Targets').fill(`AP:${device.id}`);
    await page.getByLabel('Save the previous configuration').check();
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    await page.waitForURL(`${base}/upgrades`);
    expect(await flash()).toBe('Upgrade created successfully.');
    const [created] = await upgrades();
    expect(created).toEqual(
      expect.objectContaining({ device_id: device.id, version: '2.1.0', save_prev_config: true }),
    );
    expect(await rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('2.1.0');
    expect(await rows().first().innerText()).toContain(device.mac_id);

    // Edit: a manual upgrade to the older version, later, in Paris time.
    await page.getByRole('link', { name: `Edit upgrade ${created.id}` }).click();
    await page.getByLabel('Manual: the version chosen below').check();
    await page.getByLabel('Version', { exact: true }).selectOption('2.0.0');
    await page.getByLabel('Schedule', { exact: true }).selectOption('later');
    await page.getByLabel('Scheduled time').fill('2030-01-15T10:00');
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`${base}/upgrades`);
    expect(await flash()).toBe('Upgrade updated successfully.');
    const [edited] = await upgrades();
    expect(edited).toEqual(
      expect.objectContaining({
        id: created.id,
        version: '2.0.0',
        upgrade_type: 'manual',
        schedule_type: 'later',
        time_zone: 'Europe/Paris',
      }),
    );
    expect(edited.schedule_at?.toISOString()).toBe('2030-01-15T09:00:00.000Z');
    const row = await rows().first().innerText();
    expect(row).toContain('2.0.0');
    expect(row).toContain('2030-01-15 10:00 (Europe/Paris)');

    // Delete, after a confirmation: the first click only opens it.
    await page.getByText('Delete', { exact: true }).click();
    expect(await upgrades()).toHaveLength(1);
    await page.getByRole('button', { name: `Yes, delete upgrade ${created.id}` }).click();
    await page.waitForURL(`${base}/upgrades`);
    expect(await flash()).toBe(`Upgrade ${created.id} deleted.`);
    expect(await rows().count()).toBe(0);
    expect(await upgrades()).toEqual([]);

    // Sign out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/login`);
    expect(await flash()).toBe('You are signed out.');
    await page.goto(`${base}/upgrades`);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('keeps the session cookie away from scripts (HttpOnly, SameSite=Lax)', async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // without a `next`, sign-in opens the console's overview (issue 13)
    await page.waitForURL(`${base}/overview`);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'airfleet_session')).toEqual(
      expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/' }),
    );
    expect(await page.evaluate(() => document.cookie)).not.toContain('airfleet_session');
  });
});
