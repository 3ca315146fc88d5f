import { Browser, Page } from 'playwright-core';
import { Command } from '../../src/commands/command.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { startApp, TestApp } from '../harness/app';
import { gatewayFixtures, GatewayDevice } from '../harness/device-gateway.helpers';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

/**
 * The command buttons in a real browser, held to the standard of the other console
 * pages (no serious or critical axe-core violation, nothing wider than a phone): Locate, Reboot
 * behind its confirmation, the device's recent commands, a network's "Reboot all". SQLite only:
 * test/web/console-commands.e2e.ts covers both databases.
 */
describe('command buttons in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;
  let lobby: LocationNetwork;
  let hall: GatewayDevice;

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    lobby = await app.fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const g = gatewayFixtures(() => app);
    hall = await g.device(admin.orgId, { networkId: lobby.id, name: 'Hall AP' });
    await g.device(admin.orgId, { networkId: lobby.id, name: 'Bar AP' });
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

  const commands = () =>
    app.dataSource.getRepository(Command).find({
      where: { organisation_id: admin.orgId },
      order: { id: 'ASC' },
    });

  it('locates a device, reboots it after the confirmation and lists both', async () => {
    await page.goto(`${app.url}/devices/${hall.device.id}`);
    await page.getByRole('button', { name: 'Locate' }).click();
    await page.waitForURL(`${app.url}/devices/${hall.device.id}`);
    expect(await page.getByRole('status').innerText()).toMatch(
      /^Locate queued \(command \d+\): the device blinks for 60 s after its next check-in\.$/,
    );
    const confirm = page.getByRole('button', { name: 'Yes, reboot' });
    expect(await confirm.isVisible()).toBe(false); // behind its confirmation
    await page.getByText('Reboot', { exact: true }).click();
    await screenshots(page, 'device-reboot-confirmation');
    await confirm.click();
    await page.waitForURL(`${app.url}/devices/${hall.device.id}`);
    const rows = page.locator('tr[data-command-id]');
    expect(await rows.count()).toBe(2);
    expect((await rows.first().locator('td').allInnerTexts()).slice(1, 3)).toEqual([
      'Reboot',
      'Queued',
    ]);
    expect((await commands()).map((c) => c.type)).toEqual(['locate', 'reboot']);
    await screenshots(page, 'device-commands');
  });

  it('reboots a whole network after a confirmation naming the count', async () => {
    await page.goto(`${app.url}/networks/${lobby.id}`);
    await page.getByText('Reboot all', { exact: true }).click();
    expect(await page.getByText('Reboot all 2 devices of Lobby?').isVisible()).toBe(true);
    await screenshots(page, 'network-reboot-confirmation');
    await page.getByRole('button', { name: 'Yes, reboot 2 devices' }).click();
    await page.waitForURL(`${app.url}/networks/${lobby.id}`);
    expect(await page.getByRole('status').innerText()).toBe(
      'Reboot queued for 2 devices: each gets it at its next check-in.',
    );
  });
});
