import { Browser, Page } from 'playwright-core';
import { Organisation } from '../../src/organisations/organisation.entity';
import { startApp, TestApp } from '../harness/app';
import { consoleFleet } from '../harness/console.helpers';
import { BrowserUser, browserUser } from '../harness/web-session';
import { screenshots, sharedBrowser, signInAs, WIDTHS } from './page-checks';

/** The narrowest phone the console is held to for these pages. */
const PHONE_390 = { width: 390, height: 844 };

/**
 * One login in many organisations in a real browser: the header's switcher, the "All
 * organisations" page, the Members page with its invitations, and the accept page; each held to
 * axe-core and to no horizontal overflow at phone width (375 and 390 px). SQLite only:
 * test/web/console-teams.e2e.ts covers both databases.
 */
describe('organisations, members and invitations in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let msp: BrowserUser;
  let customer: { id: number; name: string };
  let home: { id: number; name: string };

  beforeAll(async () => {
    app = await startApp('sqlite');
    browser = await sharedBrowser();
    const first = await consoleFleet(app);
    const second = await consoleFleet(app);
    msp = first.admin;
    const organisations = app.dataSource.getRepository(Organisation);
    home = { id: msp.orgId, name: 'Northwind MSP' };
    customer = { id: second.admin.orgId, name: 'Acme Hotels' };
    await organisations.update(home.id, { name: home.name });
    await organisations.update(customer.id, { name: customer.name });
    await app.fixtures.joined(msp, customer.id, 'admin');
    await browserUser(app, { orgId: customer.id, role: 'member' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: WIDTHS.desktop });
  });

  afterEach(async () => {
    await page.close();
  });

  /** Axe, both widths and the screenshots (page-checks), and no overflow at 390 px either. */
  const checked = async (name: string) => {
    await screenshots(page, name);
    await page.setViewportSize(PHONE_390);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect({ name, overflow }).toEqual({ name, overflow: 0 });
    await page.setViewportSize(WIDTHS.desktop);
  };

  it('switches organisation from the header and stays signed in', async () => {
    await signInAs(page, app.url, msp);
    const switcher = page.getByLabel('Organisation');
    expect(await switcher.inputValue()).toBe(String(home.id));
    await checked('teams-switcher');
    await switcher.selectOption({ label: customer.name });
    await page.getByRole('button', { name: 'Switch' }).click();
    await page.waitForURL(`${app.url}/overview`);
    expect(await page.getByRole('status').innerText()).toBe(`Now in ${customer.name}.`);
    expect(await page.getByLabel('Organisation').inputValue()).toBe(String(customer.id));
  });

  it('lists all organisations with their counts and opens one from its row', async () => {
    await signInAs(page, app.url, msp);
    await page.getByRole('link', { name: 'All organisations' }).click();
    await page.waitForURL(`${app.url}/organisations`);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const api = (await app.http().get('/v1/organisations').set(msp.auth).expect(200)).body.data
      .organisations as { id: number; devices: { total: number } }[];
    for (const organisation of api) {
      const row = page.locator(`tr[data-organisation-id="${organisation.id}"]`);
      expect(await row.locator('td[data-label="Devices"]').innerText()).toBe(
        String(organisation.devices.total),
      );
    }
    await checked('teams-organisations');
    await page.getByRole('button', { name: `Open ${customer.name}` }).click();
    await page.waitForURL(`${app.url}/overview`);
    expect(await page.getByRole('status').innerText()).toBe(`Now in ${customer.name}.`);
  });

  it('invites with the link shown once, changes a role, removes a member and revokes', async () => {
    const admin = await browserUser(app, { role: 'admin' });
    const colleague = await browserUser(app, { orgId: admin.orgId, role: 'member' });
    await signInAs(page, app.url, admin);
    await page.goto(`${app.url}/users`);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(`${app.url}/members`);
    await page.getByLabel('E-mail').fill('new.engineer@example.test');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Invite' }).click();
    expect(await page.locator('#invitation-link').innerText()).toMatch(
      /^http:\/\/localhost:3000\/invitations\/accept\?token=[\w-]{43,}$/,
    );
    await checked('teams-members');

    await page.goto(`${app.url}/members`);
    await page.getByLabel(`Role of ${colleague.email}`, { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: `Change the role of ${colleague.email}` }).click();
    expect(await page.getByRole('status').innerText()).toBe(`${colleague.email} is admin now.`);
    await page.locator(`tr[data-member-id="${colleague.userId}"] summary`).click();
    await page.getByRole('button', { name: `Yes, remove ${colleague.email}` }).click();
    expect(await page.getByRole('status').innerText()).toBe(
      `${colleague.email} is no longer a member.`,
    );
    await page
      .getByRole('button', { name: 'Revoke the invitation of new.engineer@example.test' })
      .click();
    expect(await page.getByRole('status').innerText()).toBe(
      'The invitation of new.engineer@example.test is revoked.',
    );
    expect(await page.getByText('No pending invitations.').count()).toBe(1);
  });

  it('accepts an invitation by choosing a password, signed in afterwards', async () => {
    const invitation = (
      await app
        .http()
        .post('/v1/invitations')
        .set(msp.auth)
        .send({ invitation: { email: 'field.tech@example.test' } })
        .expect(200)
    ).body.data.invitation as { accept_url: string };
    const url = new URL(invitation.accept_url);
    await page.goto(`${app.url}${url.pathname}${url.search}`);
    expect(await page.locator('h1').innerText()).toBe('Invitation');
    await checked('teams-accept');
    await page.getByLabel('Choose a password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create my account and accept' }).click();
    await page.waitForURL(`${app.url}/overview`);
    expect(await page.getByRole('status').innerText()).toBe('Welcome, field.tech@example.test.');
  });
});
