import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { browserUser, signedIn } from '../harness/web-session';
import { onBothDatabases } from '../harness/app';
import { FleetHistoryService, sampleSlot } from '../../src/fleet-history/fleet-history.service';
import { withoutPeriodicWork } from '../harness/periodic-work';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ChangeRunner } from '../../src/fleet-change/change-runner.service';
import { EventsRepository } from '../../src/event-log/events.repository';
import { decodedHtml } from '../harness/console.helpers';

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

  /** Events of `network` at these minutes of 1 January 2025 (UTC), their ids in that order. */
  const scripted = async (
    orgId: number,
    network: { id: number; network_name: string },
    minutes: number[],
  ): Promise<number[]> => {
    await t()
      .app.get(UnitOfWork)
      .run(() =>
        t()
          .app.get(ChangeRunner)
          .record(
            orgId,
            minutes.map((minute) => ({
              type: 'network.updated',
              occurred_at: new Date(Date.UTC(2025, 0, 1, 0, minute)),
              network: { id: network.id, network_name: network.network_name },
              device: null,
              actor: { type: 'system' },
              data: { minute },
            })),
          ),
      );
    const rows = await t()
      .app.get(EventsRepository)
      .list(orgId, { networkId: network.id, limit: 100 });
    return rows.map((row) => Number(row.id)).reverse();
  };
  const rowsOf = (html: string) =>
    [...html.matchAll(/<tr data-event-id="(\d+)">/g)].map((m) => Number(m[1]));

  it('filters by a network chosen by name among those the user may read, and by a UTC time window', () =>
    // Its events are of 2025, older than the retention the DOWN sweep applies at each pass.
    withoutPeriodicWork(t().app, async () => {
      const admin = await browserUser(t());
      const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
      const dock = await t().fixtures.network(admin.orgId, { network_name: 'Dock' });
      const [l10, l20, l30] = await scripted(admin.orgId, lobby, [10, 20, 30]);
      const [d15] = await scripted(admin.orgId, dock, [15]);
      const browser = await signedIn(t(), admin);

      const all = await browser.get('/events').expect(200);
      // Newest first: in the order the events were written (the Dock's last).
      expect(rowsOf(all.text)).toEqual([d15, l30, l20, l10]);
      expect(all.text).toMatch(
        new RegExp(
          `<select id="network_id" name="network_id">\\s*<option value="">All networks</option>\\s*` +
            `<option value="${dock.id}">Dock</option><option value="${lobby.id}">Lobby</option>\\s*</select>`,
        ),
      );
      expect(all.text).toContain('<input type="datetime-local" id="since" name="since" value="">');
      expect(all.text).toContain('<label for="since">Since (UTC)</label>');

      const lobbyOnly = await browser.get(`/events?network_id=${lobby.id}`).expect(200);
      expect(rowsOf(lobbyOnly.text)).toEqual([l30, l20, l10]);
      expect(lobbyOnly.text).toContain(`<option value="${lobby.id}" selected>Lobby</option>`);

      // since: at or after; until: before; both read as UTC.
      const window = await browser
        .get('/events?since=2025-01-01T00:15&until=2025-01-01T00:30')
        .expect(200);
      expect(rowsOf(window.text)).toEqual([d15, l20]);
      expect(window.text).toContain('name="since" value="2025-01-01T00:15"');
      expect(window.text).toContain('name="until" value="2025-01-01T00:30"');
      const both = await browser
        .get(`/events?network_id=${lobby.id}&since=2025-01-01T00:15:00`)
        .expect(200);
      expect(rowsOf(both.text)).toEqual([l30, l20]);

      // A member is offered the networks it may read only.
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      await t().fixtures.grant(admin.orgId, member.userId, dock.id, 'read_only');
      const seen = await (await signedIn(t(), member)).get('/events').expect(200);
      expect(rowsOf(seen.text)).toEqual([d15]);
      expect(seen.text).toContain(`<option value="${dock.id}">Dock</option>`);
      expect(seen.text).not.toContain('Lobby');
    }));

  it('lists no event and says why beside its filter when the time window cannot be read', () =>
    withoutPeriodicWork(t().app, async () => {
      const admin = await browserUser(t());
      const lobby = await t().fixtures.network(admin.orgId, { network_name: 'Lobby' });
      await scripted(admin.orgId, lobby, [10]);
      const browser = await signedIn(t(), admin);
      const bad = await browser.get('/events?since=2025-02-30T10:00').expect(422);
      expect(rowsOf(bad.text)).toEqual([]);
      expect(bad.text).toContain(
        '<p class="error" id="since-error">Since must be a date and time such as 2026-12-07T09:30</p>',
      );
      expect(bad.text).toContain('aria-invalid="true" aria-describedby="since-error"');
      const reversed = await browser
        .get('/events?since=2025-01-01T00:30&until=2025-01-01T00:10')
        .expect(422);
      expect(rowsOf(reversed.text)).toEqual([]);
      expect(decodedHtml(reversed.text)).toContain(
        '<p class="error" id="since-error">Since must not be after until</p>',
      );
      const unknown = await browser.get('/events?type=device.nonsense').expect(422);
      expect(decodedHtml(unknown.text)).toContain(
        '<p class="error" id="type-error">Types has unknown event types: device.nonsense</p>',
      );
    }));

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
      const other = await t().fixtures.network(admin.orgId);
      const ap = await g.device(admin.orgId, { networkId: network.id });
      const second = await g.device(admin.orgId, { networkId: other.id });
      await t().fixtures.recountDevices();
      const browser = await signedIn(t(), admin);
      expect((await browser.get('/overview').expect(200)).text).toContain(
        'No fleet history sample yet.',
      );
      await g.checkin(ap.auth, { clients: 5 }).expect(200);
      await g.checkin(second.auth, { clients: 2 }).expect(200);
      const at = sampleSlot(new Date(Date.now() - 3600 * 1000), 300);
      await t().app.get(FleetHistoryService).sample(at);
      const clock = `${at.toISOString().slice(11, 16)} UTC`;
      const summary = (text: string) => /<p id="history-summary">([^<]*)<\/p>/.exec(text)?.[1];
      const overview = await browser.get('/overview').expect(200);
      expect(summary(overview.text)).toBe(
        `At ${clock} (latest sample): 2 of 2 devices up, 7 clients; over the period 2 to 2 up, ` +
          '7 to 7 clients (1 sample).',
      );
      // the chart names its scale and its time, and refreshes with the counts above it
      expect(overview.text).toContain('<polyline class="history-up"');
      expect(overview.text).toContain(
        `<div class="history-x" aria-hidden="true"><span>${clock}</span>`,
      );
      expect(overview.text).toContain(
        '<section aria-labelledby="history-heading" class="card" id="history" data-live="5">',
      );
      const page = await browser.get(`/networks/${network.id}`).expect(200);
      expect(page.text).toContain('<polyline class="history-clients"');
      expect(summary(page.text)).toBe(
        `At ${clock} (latest sample): 1 of 1 devices up, 5 clients; over the period 1 to 1 up, ` +
          '5 to 5 clients (1 sample).',
      );

      // a member's overview charts the networks they may read, added up; with none, no sample
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      const memberBrowser = await signedIn(t(), member);
      expect((await memberBrowser.get('/overview').expect(200)).text).toContain(
        'No fleet history sample yet.',
      );
      await t().fixtures.grant(admin.orgId, member.userId, network.id, 'read_only');
      expect(summary((await memberBrowser.get('/overview').expect(200)).text)).toBe(
        `At ${clock} (latest sample): 1 of 1 devices up, 5 clients; over the period 1 to 1 up, ` +
          '5 to 5 clients (1 sample).',
      );
      await t().fixtures.grant(admin.orgId, member.userId, other.id, 'full');
      expect(summary((await memberBrowser.get('/overview').expect(200)).text)).toBe(
        `At ${clock} (latest sample): 2 of 2 devices up, 7 clients; over the period 2 to 2 up, ` +
          '7 to 7 clients (1 sample).',
      );
      // the API keeps the organisation's series to admins
      await t()
        .http()
        .get('/v1/fleet_history')
        .set('Authorization', `Bearer ${member.token}`)
        .expect(403);
    }));
});
