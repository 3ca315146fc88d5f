import { Browser, Page } from 'playwright-core';
import { Device } from '../../src/devices/device.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { startApp, TestApp } from '../harness/app';
import { unique } from '../harness/fixtures';
import { sharedBrowser, screenshots, WIDTHS } from './page-checks';
import { BrowserUser, browserUser } from '../harness/web-session';

/**
 * The upgrade pages in a real browser: sign in, create an upgrade through the target picker (a
 * network by name, a version offered for its hardware), edit and delete one, with and without
 * script; axe-core and screenshots of the list and the form. The page logic does not depend on
 * the database, so this runs on SQLite only (test/web/web.e2e.ts and
 * test/upgrades/upgrade-pages.e2e.ts cover both databases).
 */
describe('upgrade pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let admin: BrowserUser;
  let lobby: LocationNetwork;
  let roof: LocationNetwork;
  let desk: Device;
  let hall: Device;
  let attic: Device;

  beforeAll(async () => {
    t = await startApp('sqlite');
    base = t.url;
    browser = await sharedBrowser();
    admin = await browserUser(t, { role: 'admin' });
    const [part, other] = [await t.fixtures.hardwarePart(), await t.fixtures.hardwarePart()];
    lobby = await t.fixtures.network(admin.orgId, { network_name: 'Lobby' });
    roof = await t.fixtures.network(admin.orgId, { network_name: 'Roof' });
    const device = (network: LocationNetwork, name: string, hardware = part) =>
      t.fixtures.save(Device, {
        mac_id: t.fixtures.mac(),
        organisation_id: admin.orgId,
        hardware_part_id: hardware.id,
        location_network_id: network.id,
        name,
        serial: unique('SN'),
      });
    desk = await device(lobby, 'desk-ap');
    hall = await device(lobby, 'hall-ap');
    attic = await device(roof, 'attic-ap', other);
    for (const [version, parts] of [
      ['2.0.0', [part, other]],
      ['2.1.0', [part]],
      ['1.9.0', [other]],
    ] as const) {
      await t.fixtures.upgradeData({
        version,
        url: Object.fromEntries(parts.map((p) => [p.part_number, `https://fw/${version}`])),
      });
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
  });

  afterEach(async () => {
    await page.close();
    await t.dataSource.getRepository(Upgrade).delete({ organisation_id: admin.orgId });
  });

  const upgrades = () =>
    t.dataSource
      .getRepository(Upgrade)
      .find({ where: { organisation_id: admin.orgId }, order: { device_id: 'ASC' } });
  const flash = () => page.locator('.flash').innerText();
  /** Waits for the list a save leads to, by its message (the form may already be at /upgrades). */
  const saved = (message: string) => page.locator('.flash', { hasText: message }).waitFor();
  /** The upgrade rows of the list (not those of its requests). */
  const rows = () => page.locator('#upgrade-groups tbody tr');
  /** Where a create lands: its request's summary. */
  const REQUEST_PAGE = /\/upgrades\/requests\/[0-9a-f-]{36}$/;
  const offered = () =>
    page
      .locator('#version option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      );
  /** Waits until the script has shown the versions offered for the chosen targets. */
  const versionsBecome = (versions: string[]) =>
    page.waitForFunction(
      (expected) =>
        [...document.querySelectorAll<HTMLOptionElement>('#version option')]
          .map((option) => option.value)
          .filter(Boolean)
          .join(' ') === expected,
      versions.join(' '),
    );

  const signIn = async (path: string) => {
    await page.goto(`${base}${path}`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}${path}`);
  };

  /** Signs in and upgrades the Lobby network to 2.1.0 through the form: its request's summary. */
  const upgradeLobby = async () => {
    await signIn('/upgrades/new');
    await page.getByLabel('Lobby', { exact: true }).check();
    await versionsBecome(['2.1.0', '2.0.0']);
    await page.getByLabel('Manual: the version chosen below').check();
    await page.getByLabel('Version', { exact: true }).selectOption('2.1.0');
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    await page.waitForURL(REQUEST_PAGE);
  };

  it('creates an upgrade through the picker: a network by name and a version offered for it', async () => {
    await signIn('/upgrades');
    expect(await page.locator('main').innerText()).toContain('No upgrades yet.');
    await page.getByRole('link', { name: 'New upgrade' }).click();
    await page.waitForURL(`${base}/upgrades/new`);
    // before a target is chosen: every version with firmware for the organisation's hardware
    expect(await offered()).toEqual(['2.1.0', '2.0.0', '1.9.0']);
    expect(await page.locator('#device-count').innerText()).toBe('3 devices.');
    await screenshots(page, 'upgrade-form');

    // The Lobby's hardware has no 1.9.0 firmware: the list narrows as soon as it is picked.
    await page.getByLabel('Lobby', { exact: true }).check();
    await versionsBecome(['2.1.0', '2.0.0']);
    // A device found by its MAC typed in another form, then picked as well.
    await page.getByLabel('Search devices by MAC or name').fill(attic.mac_id.replace(/:/g, '-'));
    await page.locator('#device-count', { hasText: '1 device matches' }).waitFor();
    expect(await page.locator('#device-choices input').count()).toBe(1);
    await page.getByLabel(attic.mac_id).check();
    await versionsBecome(['2.0.0']);
    expect(await page.getByLabel('Lobby', { exact: true }).isChecked()).toBe(true);

    await page.getByLabel('Manual: the version chosen below').check();
    await page.getByLabel('Version', { exact: true }).selectOption('2.0.0');
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    await page.waitForURL(REQUEST_PAGE);
    expect(await flash()).toBe('Upgrade created successfully.');
    await page.getByRole('link', { name: 'All upgrades' }).click();
    await page.waitForURL(`${base}/upgrades`);
    expect(await page.getByRole('heading', { name: 'Individual upgrades' }).count()).toBe(1);
    const listed = await rows().allInnerTexts();
    expect(listed).toHaveLength(3);
    for (const device of [desk, hall, attic]) {
      expect(listed.find((row) => row.includes(device.mac_id))).toContain('2.0.0');
    }
    await screenshots(page, 'upgrades');

    // The API agrees: one manual 2.0.0 upgrade per device of the Lobby, and the attic's.
    const api = await t.http().get('/upgrades').set(admin.auth).expect(200);
    expect(
      api.body.data.upgrades.map((u: { aps: string[]; version: string; upgrade_type: string }) => [
        u.aps,
        u.version,
        u.upgrade_type,
      ]),
    ).toEqual(
      [desk, hall, attic]
        .map((device) => device.id)
        .sort((a, b) => a - b)
        .map((id) => [[`AP:${id}`], '2.0.0', 'manual']),
    );
    expect(await upgrades()).toHaveLength(3);
  });

  it("lands on the request's summary after creating a network upgrade, and cancels its pending upgrades in one step, keeping them listed", async () => {
    await upgradeLobby();
    expect(await flash()).toBe('Upgrade created successfully.');
    expect(await page.locator('#request-targets').innerText()).toBe('2 devices');
    const count = (status: string) => page.locator(`[data-count="${status}"]`).innerText();
    expect(await count('pending')).toBe('2');
    const macs = await page.locator('tbody tr td.mono').allInnerTexts();
    expect(macs.sort()).toEqual([desk.mac_id, hall.mac_id].sort());
    // The confirmation is closed until asked for; it names the count.
    await page.locator('summary', { hasText: 'Cancel the 2 pending upgrades' }).click();
    await screenshots(page, 'upgrade-request');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await page.setViewportSize(WIDTHS.desktop);
    expect(await upgrades()).toHaveLength(2);
    await page.getByRole('button', { name: 'Yes, cancel the 2 pending upgrades' }).click();
    // The request stays, its upgrades cancelled, and so does its row on the Upgrades list.
    await saved('Cancelled 2 pending upgrades.');
    expect(REQUEST_PAGE.test(new URL(page.url()).pathname)).toBe(true);
    expect(await count('cancelled')).toBe('2');
    expect(await count('pending')).toBe('0');
    expect((await upgrades()).map((u) => u.status)).toEqual(['cancelled', 'cancelled']);
    await page.getByRole('link', { name: 'All upgrades' }).click();
    await page.waitForURL(`${base}/upgrades`);
    expect(await page.locator('tr[data-request-id]').count()).toBe(1);
  });

  it("keeps a request's counts and its Cancel and Retry buttons in step as its upgrades change", async () => {
    await upgradeLobby();
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    expect(
      await page.locator('summary', { hasText: 'Cancel the 2 pending upgrades' }).count(),
    ).toBe(1);
    // one upgrade fails and the other starts, as their devices would report: the counts, the
    // Cancel button (nothing pending is left) and the Retry button change together, without
    // a reload
    const [deskUpgrade, hallUpgrade] = await upgrades();
    await t.dataSource.getRepository(Upgrade).update(deskUpgrade.id, { status: 'failed' });
    await t.dataSource.getRepository(Upgrade).update(hallUpgrade.id, { status: 'in_progress' });
    await page
      .locator('summary', { hasText: 'Retry the 1 failed upgrade' })
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-count="failed"]').innerText()).toBe('1');
    expect(await page.locator('[data-count="pending"]').innerText()).toBe('0');
    expect(await page.locator('summary', { hasText: 'Cancel the' }).count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    // an open confirmation is left alone by the refresh: the question stays under the reader
    await page.locator('summary', { hasText: 'Retry the 1 failed upgrade' }).click();
    await t.dataSource.getRepository(Upgrade).update(hallUpgrade.id, { status: 'done' });
    await page.waitForTimeout(7_000);
    expect(await page.locator('[data-count="in_progress"]').innerText()).toBe('1');
    expect(
      await page.getByRole('button', { name: 'Yes, retry the 1 failed upgrade' }).isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Yes, retry the 1 failed upgrade' }).click();
    await page.waitForURL((url) => REQUEST_PAGE.test(url.pathname));
    expect(await flash()).toMatch(/^Retrying 1 device: /);
  });

  it("retries a request's failed upgrades in one step, as a new request of the failed devices only", async () => {
    await upgradeLobby();
    const first = page.url();
    // The desk's upgrade fails (as its device would report), the hall's is done.
    const [deskUpgrade, hallUpgrade] = await upgrades();
    await t.dataSource.getRepository(Upgrade).update(deskUpgrade.id, { status: 'failed' });
    await t.dataSource.getRepository(Upgrade).update(hallUpgrade.id, { status: 'done' });
    await page.reload();
    await page.locator('summary', { hasText: 'Retry the 1 failed upgrade' }).click();
    await page.getByRole('button', { name: 'Yes, retry the 1 failed upgrade' }).click();
    await page.waitForURL((url) => REQUEST_PAGE.test(url.pathname) && url.href !== first);
    expect(await flash()).toMatch(/^Retrying 1 device: /);
    expect(await page.locator('tbody tr td.mono').allInnerTexts()).toEqual([desk.mac_id]);
    const after = (await upgrades()).sort((a, b) => a.device_id - b.device_id || a.id - b.id);
    expect(after.map((u) => [u.device_id, u.status, u.version])).toEqual([
      [desk.id, 'failed', '2.1.0'],
      [desk.id, 'pending', '2.1.0'],
      [hall.id, 'done', '2.1.0'],
    ]);
    await screenshots(page, 'upgrade-request-retried');
  });

  it('edits and deletes an upgrade, a refused save keeping what was entered', async () => {
    await signIn('/upgrades/new');
    await page.getByLabel(desk.mac_id).check();
    await page.getByLabel('Save the previous configuration').check();
    await page.getByLabel('Schedule', { exact: true }).selectOption('later');
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    // A later upgrade needs its time: refused, and the form keeps the choices.
    expect(await page.getByRole('alert').innerText()).toContain(
      'schedule_at is required when schedule_type is later',
    );
    expect(await page.getByLabel(desk.mac_id).isChecked()).toBe(true);
    expect(await page.getByLabel('Save the previous configuration').isChecked()).toBe(true);
    expect(await upgrades()).toEqual([]);
    await page.getByLabel('Schedule', { exact: true }).selectOption('now');
    await page.getByRole('button', { name: 'Create upgrade' }).click();
    await saved('Upgrade created successfully.');
    await page.goto(`${base}/upgrades`);
    const [created] = await upgrades();
    expect(created).toEqual(
      expect.objectContaining({ device_id: desk.id, version: '2.1.0', save_prev_config: true }),
    );

    // Edit: a manual upgrade to the older version, later, in Paris time.
    await page.getByRole('link', { name: `Edit upgrade ${created.id}` }).click();
    expect(await page.locator('#targets-hint').innerText()).toContain(desk.mac_id);
    expect(await offered()).toEqual(['2.1.0', '2.0.0']);
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
    expect(await rows().first().innerText()).toContain('2030-01-15 10:00 (Europe/Paris)');

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
  });

  it('picks targets without script: the buttons show the form again for the search and targets', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: WIDTHS.desktop,
    });
    page = await context.newPage();
    try {
      await signIn('/upgrades/new');
      await page.getByLabel('Search devices by MAC or name').fill('hall');
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
      expect(await page.locator('#device-count').innerText()).toBe('1 device matches “hall”.');
      await page.getByLabel(hall.mac_id).check();
      await page.getByLabel('Roof', { exact: true }).check();
      await page.getByRole('button', { name: 'Show the versions for these targets' }).click();
      expect(await offered()).toEqual(['2.0.0']);
      expect(await page.getByLabel(hall.mac_id).isChecked()).toBe(true);
      expect(await page.getByLabel('Roof', { exact: true }).isChecked()).toBe(true);
      expect(await upgrades()).toEqual([]);
      await page.getByLabel('Manual: the version chosen below').check();
      await page.getByLabel('Version', { exact: true }).selectOption('2.0.0');
      await page.getByRole('button', { name: 'Create upgrade' }).click();
      await saved('Upgrade created successfully.');
      expect((await upgrades()).map((u) => [u.device_id, u.version])).toEqual(
        [hall.id, attic.id].sort((a, b) => a - b).map((id) => [id, '2.0.0']),
      );
    } finally {
      await context.close();
    }
  });

  it('keeps the session cookie away from scripts (HttpOnly, SameSite=Lax)', async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // without a `next`, sign-in opens the console's overview
    await page.waitForURL(`${base}/overview`);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'airfleet_session')).toEqual(
      expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/' }),
    );
    expect(await page.evaluate(() => document.cookie)).not.toContain('airfleet_session');
  });
});
