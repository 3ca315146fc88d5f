import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { browserUser, signedIn } from '../harness/web-session';
import { onBothDatabases } from '../harness/app';
import { FleetHistoryService } from '../../src/fleet-history/fleet-history.service';
import { withoutPeriodicWork } from '../harness/periodic-work';

onBothDatabases('console: events and availability', (t) => {
  const g = gatewayFixtures(t);

  it("lists the organisation's events newest first, filtered by device, with an Events link in the header", async () => {
    const admin = await browserUser(t());
    const network = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
    const [a, b] = [
      await g.device(admin.orgId, { networkId: network.id, name: 'lobby-ap' }),
      await g.device(admin.orgId),
    ];
    await g.checkin(a.auth).expect(200);
    await g.checkin(b.auth).expect(200);
    const browser = await signedIn(t(), admin);
    const page = await browser.get('/events').expect(200);
    expect(page.text).toContain('<a href="/events" aria-current="page">Events</a>');
    const rows = [...page.text.matchAll(/<tr data-event-id="(\d+)">/g)].map((m) => Number(m[1]));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toBeGreaterThan(rows[1]);
    expect(page.text).toContain(
      `<a href="/devices/${a.device.id}">lobby-ap <span class="mono">${a.device.mac_id}</span></a>`,
    );
    expect(page.text).toContain(`<a href="/networks/${network.id}">Lobby</a>`);
    const filtered = await browser.get(`/events?mac_id=${b.device.mac_id}`).expect(200);
    expect([...filtered.text.matchAll(/<tr data-event-id=/g)]).toHaveLength(1);
    expect(filtered.text).toContain(b.device.mac_id);
    expect(filtered.text).not.toContain('lobby-ap');
  });

  it('shows on a device page its availability over 24 hours and 7 days and its recent events', async () => {
    const admin = await browserUser(t());
    const ap = await g.device(admin.orgId);
    await g.checkin(ap.auth).expect(200);
    const page = await (await signedIn(t(), admin)).get(`/devices/${ap.device.id}`).expect(200);
    expect(page.text).toContain('<h2 id="availability-heading">Availability</h2>');
    expect(page.text).toMatch(
      /<dt>Last 24 hours<\/dt>\s*<dd>Uptime 100 %, down none<svg class="availability"/,
    );
    expect(page.text).toMatch(/<dt>Last 7 days<\/dt>\s*<dd>Uptime 100 %, down none/);
    expect(page.text).toContain('<rect class="avail-up"');
    expect(page.text).toMatch(/<td>device\.up<\/td>/);
    expect(page.text).toContain(`<a href="/events?mac_id=${ap.device.mac_id}">`);
  });

  it('charts the fleet history of the last 24 hours on the overview and on a network page', () =>
    // The clock's own sample (every 300 s) must not join the one the test takes.
    withoutPeriodicWork(t().app, async () => {
      const admin = await browserUser(t());
      const network = await t().fixtures.network(admin.orgId);
      const ap = await g.device(admin.orgId, { networkId: network.id });
      await t().fixtures.recountDevices();
      const browser = await signedIn(t(), admin);
      expect((await browser.get('/overview').expect(200)).text).toContain(
        'No fleet history sample yet.',
      );
      await g.checkin(ap.auth, { clients: 5 }).expect(200);
      await t()
        .app.get(FleetHistoryService)
        .sample(new Date(Date.now() - 3600 * 1000));
      const overview = await browser.get('/overview').expect(200);
      expect(overview.text).toContain(
        '<p id="history-summary">Now 1 of 1 devices up, 5 clients; over the period 1 to 1 up, 5 to 5 clients (1 sample).</p>',
      );
      expect(overview.text).toContain('<polyline class="history-up"');
      const page = await browser.get(`/networks/${network.id}`).expect(200);
      expect(page.text).toContain('<polyline class="history-clients"');
    }));
});
