import { Browser, Page } from 'playwright-core';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ChangeRunner } from '../../src/fleet-change/change-runner.service';
import { FleetHistoryService } from '../../src/fleet-history/fleet-history.service';
import { startApp, TestApp } from '../harness/app';
import { GatewayDevice, gatewayFixtures } from '../harness/device-gateway.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { BrowserUser, browserUser } from '../harness/web-session';
import { expectAccessible, screenshots, sharedBrowser, WIDTHS } from './page-checks';

/**
 * The event, availability and fleet history pages in a real browser, held to the standard of the
 * other console pages (no serious or critical axe-core violation, nothing wider than a phone): the
 * Events page with and without filters and with nothing to show, a device page with its
 * availability and recent events, and the fleet history charts of the overview and a network page.
 * SQLite only, like the other browser tests (test/web/console-events.e2e.ts covers both databases);
 * the heartbeat timeout is 4 s, so that a device really goes DOWN and comes back within the test,
 * and then keeps checking in every second while the pages are looked at.
 */
describe('events, availability and fleet history pages in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let admin: BrowserUser;
  let networkId: number;
  /** In the network: up, DOWN, up again (and kept up). In no network: up, then DOWN. */
  let lobby: GatewayDevice;
  let spare: GatewayDevice;
  let keepAlive: NodeJS.Timeout | undefined;
  const g = gatewayFixtures(() => app);
  const e = eventFixtures(() => app);

  beforeAll(async () => {
    app = await startApp('sqlite', { HEARTBEAT_TIMEOUT_SECONDS: '4' });
    base = app.url;
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    networkId = (await app.fixtures.network(admin.orgId, { network_name: 'Lobby' })).id;
    lobby = await g.device(admin.orgId, { networkId, name: 'lobby-ap' });
    spare = await g.device(admin.orgId, { name: 'spare-ap' });
    await g.checkin(lobby.auth, { clients: 4 }).expect(200);
    await g.checkin(spare.auth).expect(200);
    // The service's own sweep records both DOWN once the 4 s have passed.
    await e.eventually(async () => {
      const downs = await e.events(admin.auth, { type: 'device.down' });
      return downs.length === 2 ? downs : undefined;
    }, 20_000);
    await g.checkin(lobby.auth, { clients: 4 }).expect(200);
    keepAlive = setInterval(() => {
      g.checkin(lobby.auth, { clients: 4 }).then(
        () => undefined,
        () => undefined,
      );
    }, 1000);
    const history = app.app.get(FleetHistoryService);
    for (const hoursAgo of [2, 1]) {
      await history.sample(new Date(Date.now() - hoursAgo * 3600 * 1000));
    }
  }, 120_000);

  afterAll(async () => {
    clearInterval(keepAlive);
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/overview`);
  });

  afterEach(async () => {
    await page.close();
  });

  const rows = () => page.locator('tbody tr[data-event-id]');
  const typesShown = () => rows().locator('td:nth-child(2)').allInnerTexts();

  /** Fills the filter form's fields (the others emptied) and submits it. */
  const filter = async (fields: {
    Types?: string;
    'Device MAC'?: string;
    Network?: string;
    'Since (UTC)'?: string;
    'Until (UTC)'?: string;
  }) => {
    for (const label of ['Types', 'Device MAC', 'Since (UTC)', 'Until (UTC)'] as const) {
      await page.getByLabel(label).fill(fields[label] ?? '');
    }
    await page
      .getByLabel('Network', { exact: true })
      .selectOption({ label: fields.Network ?? 'All networks' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForLoadState();
  };

  it('lists the events newest first, each with its type, device link and network, and filters them', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Events' })
      .click();
    await page.waitForURL(`${base}/events`);
    expect(await typesShown()).toEqual([
      'device.up',
      'device.down',
      'device.down',
      'device.up',
      'device.up',
    ]);
    const newest = rows().first();
    const device = newest.getByRole('link', { name: `lobby-ap ${lobby.device.mac_id}` });
    expect(await device.getAttribute('href')).toBe(`/devices/${lobby.device.id}`);
    expect(
      await newest.getByRole('link', { name: 'Lobby', exact: true }).getAttribute('href'),
    ).toBe(`/networks/${networkId}`);
    expect(await newest.locator('td').nth(4).innerText()).toBe('device');
    expect(await newest.locator('td').nth(5).innerText()).toMatch(/^down_since: \d{4}-\d\d-\d\dT/);
    await screenshots(page, 'events');

    await filter({ Types: 'device.down' });
    expect(new URL(page.url()).searchParams.get('type')).toBe('device.down');
    expect(await typesShown()).toEqual(['device.down', 'device.down']);
    expect(await rows().locator('td:nth-child(5)').allInnerTexts()).toEqual(['system', 'system']);
    await screenshots(page, 'events-by-type');

    await filter({ 'Device MAC': spare.device.mac_id.toLowerCase() });
    expect(await typesShown()).toEqual(['device.down', 'device.up']);
    expect(
      await rows()
        .getByRole('link', { name: /spare-ap/ })
        .count(),
    ).toBe(2);

    await filter({ Types: 'device.*', Network: 'Lobby' });
    expect(new URL(page.url()).searchParams.get('network_id')).toBe(String(networkId));
    expect(await typesShown()).toEqual(['device.up', 'device.down', 'device.up']);
    expect(await page.getByLabel('Network', { exact: true }).inputValue()).toBe(String(networkId));
    await screenshots(page, 'events-by-network');

    await rows()
      .first()
      .getByRole('link', { name: /lobby-ap/ })
      .click();
    await page.waitForURL(`${base}/devices/${lobby.device.id}`);
  });

  it('says so when no event matches, and shows the empty list accessibly', async () => {
    await page.goto(`${base}/events?type=rollout.*`);
    expect(await rows().count()).toBe(0);
    expect(await page.locator('p.empty').innerText()).toBe('No events.');
    expect(await page.getByLabel('Types').inputValue()).toBe('rollout.*');
    await screenshots(page, 'events-empty');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${base}/events`);
    expect(await rows().count()).toBe(5);
  });

  it("shows a device's availability over 24 hours and 7 days, with its DOWN time, and its recent events", async () => {
    await page.goto(`${base}/devices/${lobby.device.id}`);
    const availability = page.locator('section[aria-labelledby="availability-heading"]');
    expect(await availability.locator('dt').allInnerTexts()).toEqual([
      'Last 24 hours',
      'Last 7 days',
    ]);
    for (const text of await availability.locator('dd').allInnerTexts()) {
      expect(text).toMatch(/^Uptime \d+(\.\d+)? %, down under a minute$/);
    }
    expect(await availability.locator('svg.availability').count()).toBe(2);
    expect(
      await availability
        .locator('svg.availability')
        .first()
        .locator('rect')
        .evaluateAll((rects) => rects.map((rect) => rect.getAttribute('class'))),
    ).toEqual(['avail-unknown', 'avail-up', 'avail-down', 'avail-up']);
    const recent = page.locator('section[aria-labelledby="events-heading"]');
    expect(await recent.locator('tbody td:nth-child(2)').allInnerTexts()).toEqual([
      'device.up',
      'device.down',
      'device.up',
    ]);
    await screenshots(page, 'device-activity');
    await recent.getByRole('link', { name: 'All events of this device' }).click();
    await page.waitForURL(/\/events\?mac_id=/);
    expect(await typesShown()).toEqual(['device.up', 'device.down', 'device.up']);
  });

  it('charts the fleet history of the last 24 hours on the overview and on the network page', async () => {
    for (const [path, name, devices] of [
      ['/overview', 'overview-history', 2],
      [`/networks/${networkId}`, 'network-history', 1],
    ] as const) {
      await page.goto(`${base}${path}`);
      const history = page.locator('section[aria-labelledby="history-heading"]');
      expect(await history.locator('h2').innerText()).toBe('Last 24 hours');
      expect(await history.locator('#history-summary').innerText()).toMatch(
        new RegExp(
          `^At \\d\\d:\\d\\d UTC \\(latest sample\\): \\d of ${devices} devices up, \\d+ clients; over the period .* \\(\\d+ samples\\)\\.$`,
        ),
      );
      expect(await history.locator('h3').allInnerTexts()).toEqual([
        'Devices up (green) of all devices (grey)',
        'Clients',
      ]);
      expect(
        await history
          .locator('svg.history polyline')
          .evaluateAll((lines) => lines.map((line) => line.getAttribute('class'))),
      ).toEqual(['history-devices', 'history-up', 'history-clients']);
      await screenshots(page, name);
    }
  });

  // Last: the event it adds would change what the tests above count.
  it('filters by a UTC window and a network by name, and wraps long details at 1366 px and on a phone', async () => {
    const long = {
      names: Array.from({ length: 12 }, (_, i) => `guest-network-${i}-with-a-long-name`),
      token: 'x'.repeat(240),
    };
    // Yesterday at 00:10 UTC: inside the event retention, which the DOWN sweep applies at each pass.
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await app.app.get(UnitOfWork).run(() =>
      app.app.get(ChangeRunner).record(admin.orgId, [
        {
          type: 'network.updated',
          occurred_at: new Date(`${day}T00:10:00Z`),
          network: { id: networkId, network_name: 'Lobby' },
          device: null,
          actor: { type: 'system' },
          data: long,
        },
      ]),
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${base}/events`);
    await filter({
      Network: 'Lobby',
      'Since (UTC)': `${day}T00:00`,
      'Until (UTC)': `${day}T00:11`,
    });
    const query = new URL(page.url()).searchParams;
    expect([query.get('since'), query.get('until')]).toEqual([`${day}T00:00`, `${day}T00:11`]);
    expect(await typesShown()).toEqual(['network.updated']);
    const details = rows().first().locator('td.event-details');
    expect(await details.innerText()).toContain(`token: ${'x'.repeat(240)}`);

    /** How the details cell sits: its right edge against the screen, anything scrolled away. */
    const measure = () =>
      details.evaluate((cell) => {
        const region = cell.closest('.table-scroll')!;
        return {
          cellInScreen: cell.getBoundingClientRect().right <= document.documentElement.clientWidth,
          cellCut: cell.scrollWidth > cell.clientWidth,
          regionScrolls: region.scrollWidth > region.clientWidth,
          pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          lines: Math.round(
            cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight),
          ),
        };
      });
    const wide = await measure();
    expect(wide).toMatchObject({
      cellInScreen: true,
      cellCut: false,
      regionScrolls: false,
      pageOverflow: 0,
    });
    expect(wide.lines).toBeGreaterThan(1); // wrapped, not one line running off the screen

    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'events-window-phone');
    const phone = await measure();
    expect(phone.pageOverflow).toBe(0);
    expect(phone.cellCut).toBe(false);
    await screenshots(page, 'events-window');
  });
});
