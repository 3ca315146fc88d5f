import { Browser, Page } from 'playwright-core';
import { Alert } from '../../src/alerts/alert.entity';
import { LocationNetwork } from '../../src/networks/location-network.entity';
import { startApp, TestApp } from '../harness/app';
import { BrowserUser, browserUser } from '../harness/web-session';
import { expectAccessible, screenshots, sharedBrowser, WIDTHS, signInAs } from './page-checks';

/**
 * The alert pages in a real browser, held to the standard of the other console
 * pages (no serious or critical axe-core violation, nothing wider than a phone): the rule list
 * and form with a refusal, the deletion's confirmation, the Alerts page and the overview's count,
 * an acknowledgement and the list's live refresh.
 * SQLite only: test/web/console-alerts.e2e.ts covers both databases.
 */
describe('alert pages in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: BrowserUser;
  let lobby: LocationNetwork;

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    admin = await browserUser(app, { role: 'admin' });
    lobby = await app.fixtures.network(admin.orgId, { network_name: 'Lobby' });
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

  it('adds a rule through the form, where a refused value shows its message, and deletes it', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await page.waitForURL(`${app.url}/alerts`);
    await page.getByRole('link', { name: 'Alert rules' }).click();
    await page.waitForURL(`${app.url}/alert_rules`);
    await screenshots(page, 'alert-rules-empty');
    await page.getByRole('link', { name: 'New alert rule' }).click();
    await page.getByLabel('Name').fill('Busy lobby');
    await page.getByLabel('Type').selectOption({ label: 'Clients above a threshold' });
    await page.getByLabel('Lobby').check();
    await page.getByLabel('E-mail addresses').fill('noc@example.com\nnot an address');
    await page.getByRole('button', { name: 'Create alert rule' }).click();
    await page.waitForLoadState();
    const refusal = await page.getByRole('alert').innerText();
    expect(refusal).toContain(
      'alert_rule.threshold must be an integer of 0 or more (required by clients_above)',
    );
    expect(refusal).toContain('alert_rule.emails has invalid addresses: not an address');
    expect(await page.getByLabel('Lobby').isChecked()).toBe(true); // kept as typed
    await screenshots(page, 'alert-rule-form-refused');

    await page.getByLabel('Threshold (clients)').fill('40');
    await page
      .getByLabel('E-mail addresses')
      .fill(
        'noc@example.com\nthe-network-operations-centre-on-call-rotation@very-long-domain.example.com',
      );
    await page.getByRole('button', { name: 'Create alert rule' }).click();
    await page.waitForURL(`${app.url}/alert_rules`);
    const row = page.locator('tr[data-rule-id]');
    expect(await row.locator('td').allInnerTexts()).toEqual([
      'Busy lobby',
      'Clients above a threshold',
      'Lobby',
      '0 s',
      '40',
      'noc@example.com\nthe-network-operations-centre-on-call-rotation@very-long-domain.example.com',
      'Enabled',
    ]);
    await screenshots(page, 'alert-rules');

    await row.getByRole('link', { name: 'Busy lobby' }).click();
    await page.waitForLoadState();
    expect(await page.getByLabel('Threshold (clients)').inputValue()).toBe('40');
    await page.getByText('Delete', { exact: true }).click();
    await screenshots(page, 'alert-rule-edit');
    await page.getByRole('button', { name: /^Yes, delete alert rule \d+$/ }).click();
    await page.waitForURL(`${app.url}/alert_rules`);
    expect(await page.getByRole('status').innerText()).toMatch(/^Alert rule \d+ deleted\.$/);
    expect(await page.locator('tr[data-rule-id]').count()).toBe(0);
  });

  it('lists the alerts open first, and the overview counts the open ones', async () => {
    const rule = (
      await app
        .http()
        .post('/v1/alert_rules')
        .set(admin.auth)
        .send({ alert_rule: { name: 'Config', type: 'config_failed' } })
        .expect(200)
    ).body.data.alert_rule as { id: number };
    const alert = (fields: Partial<Alert>) =>
      app.fixtures.save(Alert, {
        organisation_id: admin.orgId,
        alert_rule_id: rule.id,
        type: 'config_failed',
        state: 'open',
        subject_id: fields.device_id ?? 1,
        device_id: 1,
        device_mac: '0a:00:00:00:00:01',
        device_name: null,
        network_id: lobby.id,
        network_name: lobby.network_name,
        opened_at: new Date('2026-11-27T10:00:00Z'),
        resolved_at: null,
        data: {},
        ...fields,
      });
    const resolved = await alert({
      state: 'resolved',
      resolved_at: new Date('2026-11-27T10:05:00Z'),
      data: { revision: 'r1', message: 'radio busy' },
    });
    const open = await alert({
      device_id: 2,
      device_mac: '0a:00:00:00:00:02',
      device_name: 'Reception-ceiling-access-point-near-the-revolving-door-second-floor',
      data: {
        revision: 'r2',
        message:
          'wpa_key rejected by the radio driver because the passphrase contains characters it does not accept',
      },
    });
    await page.reload();
    expect(await page.locator('#open-alerts').innerText()).toBe('1');
    await screenshots(page, 'overview-with-alerts');
    await page.locator('#open-alerts').click();
    await page.waitForURL(`${app.url}/alerts?state=open`);
    expect(await page.locator('tr[data-alert-id]').count()).toBe(1);
    expect(await page.getByLabel('State').inputValue()).toBe('open');
    await screenshots(page, 'alerts-open');

    await page.getByLabel('State').selectOption({ label: 'Open and resolved' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`${app.url}/alerts?state=`);
    const rows = page.locator('tr[data-alert-id]');
    expect(
      await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-alert-id'))),
    ).toEqual([String(open.id), String(resolved.id)]);
    expect(await rows.first().locator('td').first().innerText()).toBe('Open\nAcknowledge');
    expect(await rows.last().locator('td').last().innerText()).toBe(
      'The device refused its configuration: radio busy',
    );
    await screenshots(page, 'alerts');
  });
  it('acknowledges an alert, and shows an alert that opens while the page is open without a reload', async () => {
    const alert = (deviceId: number) =>
      app.fixtures.save(Alert, {
        organisation_id: admin.orgId,
        alert_rule_id: 999,
        type: 'device_down',
        state: 'open',
        subject_id: deviceId,
        device_id: deviceId,
        device_mac: `0a:00:00:00:01:${String(deviceId).padStart(2, '0')}`,
        device_name: 'Reception-ceiling-access-point-near-the-revolving-door-second-floor',
        network_id: lobby.id,
        network_name: lobby.network_name,
        opened_at: new Date(),
        resolved_at: null,
        data: { down_since: new Date().toISOString() },
      });
    const first = await alert(11);
    await page.goto(`${app.url}/alerts?state=open`);
    await page.getByRole('button', { name: `Acknowledge alert ${first.id}` }).click();
    await page.waitForURL(`${app.url}/alerts`);
    expect(await page.getByRole('status').innerText()).toBe(`Alert ${first.id} acknowledged.`);
    const row = page.locator(`tr[data-alert-id="${first.id}"]`);
    expect(await row.locator('td').first().innerText()).toBe(
      `Open\nAcknowledged by ${admin.email}, just now`,
    );
    expect(await row.getByRole('button', { name: /Acknowledge/ }).count()).toBe(0);

    // an alert that opens now appears by itself: the list is a live region, swapped in place
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const second = await alert(12);
    await page.waitForSelector(`tr[data-alert-id="${second.id}"]`, { timeout: 15_000 });
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(
      await page
        .locator(`tr[data-alert-id="${second.id}"]`)
        .getByRole('button', { name: `Acknowledge alert ${second.id}` })
        .count(),
    ).toBe(1);
    await screenshots(page, 'alerts-acknowledged');
    // on a 390 px phone each alert is a card, its button and who took it within the width
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    const button = await page
      .getByRole('button', { name: `Acknowledge alert ${second.id}` })
      .boundingBox();
    expect(button && button.x >= 0 && button.x + button.width <= 390).toBe(true);
    await expectAccessible(page, 'alerts-acknowledged-390');
    await page.setViewportSize(WIDTHS.desktop);
  });
});
