import { Browser, Page } from 'playwright-core';
import { Device } from '../../src/devices/device.entity';
import { startApp, TestApp } from '../harness/app';
import { deviceFixtures } from '../harness/access-points.helpers';
import { consoleFleet } from '../harness/console.helpers';
import { expectAccessible, screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

/**
 * The device actions in a real browser, held to the standard of the other console
 * pages (axe, phone width): claim by MAC, move the ticked devices, tags, release and remove on
 * a device page behind their confirmations. SQLite only: test/web/console-device-actions.e2e.ts
 * covers both databases.
 */
describe('device actions in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let fleet: Awaited<ReturnType<typeof consoleFleet>>;

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    fleet = await consoleFleet(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
    await signInAs(page, app.url, fleet.admin);
  });

  afterEach(async () => {
    await page.close();
  });

  const device = (id: number) => app.dataSource.getRepository(Device).findOneBy({ id });

  it('claims a device by MAC, and moves the ticked devices to another network', async () => {
    const [master] = await app.fixtures.masterDevices(1);
    await page.goto(`${app.url}/devices`);
    await page.getByText('Claim devices', { exact: true }).click();
    await page.getByLabel('MAC addresses or serial numbers').fill(master.mac_id);
    await page.getByLabel('Into network').selectOption({ label: fleet.roof.network_name });
    await screenshots(page, 'devices-claim');
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await page.waitForURL(`${app.url}/devices`);
    expect(await page.getByRole('status').first().innerText()).toBe(
      `1 device claimed: Devices provisioned into network ${fleet.roof.network_name}.`,
    );

    await page.getByLabel(`Tick ${fleet.up.mac_id}`).check();
    await page.getByLabel(`Tick ${fleet.down.mac_id}`).check();
    await page
      .getByLabel('Network to move them to')
      .selectOption({ label: fleet.roof.network_name });
    await screenshots(page, 'devices-ticked');
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.waitForURL(`${app.url}/devices`);
    expect((await device(fleet.up.id))?.location_network_id).toBe(fleet.roof.id);
    expect((await device(fleet.down.id))?.location_network_id).toBe(fleet.roof.id);
  });

  it('tags, releases and removes a device from its page, behind confirmations', async () => {
    await page.goto(`${app.url}/devices/${fleet.roofUp.id}`);
    await page.getByLabel('Tags').fill('roof, spare');
    await page.getByRole('button', { name: 'Save tags' }).click();
    await page.waitForURL(`${app.url}/devices/${fleet.roofUp.id}`);
    expect(await page.getByRole('status').first().innerText()).toBe(
      'Tags of 1 device set to roof, spare.',
    );
    await page.getByText('Release', { exact: true }).click();
    await screenshots(page, 'device-manage');
    await page.getByRole('button', { name: 'Yes, release it' }).click();
    await page.waitForURL(`${app.url}/devices/${fleet.roofUp.id}`);
    expect((await device(fleet.roofUp.id))?.location_network_id).toBeNull();
    await page.getByText('Remove', { exact: true }).click();
    await page.getByRole('button', { name: 'Yes, remove roof-up' }).click();
    await page.waitForURL(`${app.url}/devices`);
    expect(await page.getByRole('status').first().innerText()).toBe('1 device removed.');
    expect(await device(fleet.roofUp.id)).toBeNull();
  });

  it('selects the page and every match, counts live, and keeps a device row on one line at 1366 px', async () => {
    const f = deviceFixtures(() => app);
    const made: Device[] = [];
    for (let i = 0; i < 30; i++) {
      const one = await f.device(fleet.admin.orgId, { networkId: fleet.lobby.id, part: null });
      await app.dataSource.getRepository(Device).update(one.id, { name: `bulk-${i + 10}` });
      await app.fixtures.syncRevisions();
      made.push(one);
    }
    await app
      .http()
      .put('/v1/access_points/tags')
      .set(fleet.admin.auth)
      .send({ mac_ids: made.map((d) => d.mac_id).join(','), tag_list: ['bulk', 'floor-2'] })
      .expect(200);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${app.url}/devices?tag=bulk`);
    const count = page.locator('#selected-count');
    expect(await count.innerText()).toBe('0 selected');

    // The head's box ticks the page's 25 rows; the count follows every box.
    await page.getByLabel('Select every device of this page').check();
    expect(await count.innerText()).toBe('25 selected');
    expect(await page.locator('input[name=devices]:checked').count()).toBe(25);
    await page.getByLabel(`Tick ${made[0].mac_id}`).uncheck();
    expect(await count.innerText()).toBe('24 selected');
    expect(
      await page.locator('#tick-page').evaluate((box) => (box as HTMLInputElement).indeterminate),
    ).toBe(true);

    // At 1366 px every row is one line high and the table needs no scrolling.
    const rows = await page.evaluate(() => {
      const table = document.querySelector('table.device-table')!;
      const cell = getComputedStyle(table.querySelector('tbody td')!);
      const line =
        parseFloat(cell.lineHeight) + parseFloat(cell.paddingTop) + parseFloat(cell.paddingBottom);
      const region = table.closest('.table-scroll')!;
      return {
        line,
        heights: [...table.querySelectorAll('tbody tr')].map(
          (row) => row.getBoundingClientRect().height,
        ),
        scrolls: region.scrollWidth > region.clientWidth,
      };
    });
    expect(rows.heights).toHaveLength(25);
    expect(rows.scrolls).toBe(false);
    expect(Math.max(...rows.heights)).toBeLessThan(rows.line * 1.5);
    await page.setViewportSize(WIDTHS.desktop);

    // Every match: the selection is the filters' total, the action asks naming it.
    await page.getByRole('link', { name: 'Select all 30 devices that match' }).click();
    await page.waitForURL(`${app.url}/devices?tag=bulk&select=all`);
    expect(await count.innerText()).toBe('30 selected');
    await screenshots(page, 'devices-select-all');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'devices-select-all-390');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await page.setViewportSize(WIDTHS.desktop);
    await page.getByLabel('Tags, separated by commas').fill('done');
    await page.getByRole('button', { name: 'Set tags' }).click();
    expect(await page.locator('#bulk-question').innerText()).toBe(
      'Set the tags of the 30 devices that match the filters to done?',
    );
    await screenshots(page, 'devices-bulk-confirm');
    await page.getByRole('button', { name: 'Yes, set the tags of 30 devices' }).click();
    await page.waitForURL(`${app.url}/devices?tag=bulk`);
    expect(await page.getByRole('status').first().innerText()).toBe(
      'Tags of 30 devices set to done.',
    );
    const tagged = await app.dataSource.getRepository(Device).find({
      where: { organisation_id: fleet.admin.orgId },
      relations: { tags: true },
    });
    expect(
      tagged
        .filter((d) => d.tags?.map((t) => t.name).join() === 'done')
        .map((d) => d.id)
        .sort(),
    ).toEqual(made.map((d) => d.id).sort());
  });

  it('labels a device inline on the list, and many from a CSV file chosen on the page', async () => {
    const f = deviceFixtures(() => app);
    const hotel = await app.fixtures.network(fleet.admin.orgId, { network_name: 'Hotel' });
    const [first, second] = [
      await f.device(fleet.admin.orgId, { networkId: hotel.id, part: null }),
      await f.device(fleet.admin.orgId, { networkId: hotel.id, part: null }),
    ];
    await page.goto(`${app.url}/devices?network=${hotel.id}`);
    await page.getByLabel(`Edit the label of ${first.mac_id}`).click();
    await page.getByLabel(`Label of ${first.mac_id}`, { exact: true }).fill('Room 412');
    await screenshots(page, 'devices-label-inline');
    await page
      .locator(`tr[data-device-id="${first.id}"]`)
      .getByRole('button', { name: 'Save' })
      .click();
    await page.waitForURL(`${app.url}/devices?network=${hotel.id}`);
    expect(await page.getByRole('status').first().innerText()).toBe('Label set to Room 412.');
    expect(await page.locator(`tr[data-device-id="${first.id}"] .device-name`).innerText()).toBe(
      'Room 412',
    );

    // a sheet: the file chosen is read into the rows, which can be checked before sending
    await page.getByText('Label from a sheet', { exact: true }).click();
    const csv = `mac,label\n${first.mac_id},\n${second.mac_id},"Lobby, east"\n`;
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'labels.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.waitForFunction(
      (expected) =>
        (document.getElementById('label-sheet') as HTMLTextAreaElement).value === expected,
      csv,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'devices-label-sheet-390');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await page.setViewportSize(WIDTHS.desktop);
    await screenshots(page, 'devices-label-sheet');
    await page.getByRole('button', { name: 'Set the labels' }).click();
    await page.waitForURL(`${app.url}/devices?network=${hotel.id}`);
    expect(await page.getByRole('status').first().innerText()).toBe('2 labels set.');
    expect((await device(first.id))?.label).toBeNull();
    expect((await device(second.id))?.label).toBe('Lobby, east');
  });
});
