import { Browser, Page } from 'playwright-core';
import { Device } from '../../src/devices/device.entity';
import { startApp, TestApp } from '../harness/app';
import { consoleFleet } from '../harness/console.helpers';
import { screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

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
});
