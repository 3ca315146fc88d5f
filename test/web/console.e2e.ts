process.env.TZ = 'UTC';
import { deviceFixtures } from '../harness/access-points.helpers';
import { browserUser, signedIn } from '../harness/web-session';
import { addSsid, consoleFleet, countOf, decodedHtml, htmlOf } from '../harness/console.helpers';
import { onBothDatabases } from '../harness/app';
import { Alert } from '../../src/alerts/alert.entity';
import { alertFixtures } from '../harness/alerts.helpers';

onBothDatabases('console pages', (t) => {
  const a = alertFixtures(t);
  describe('GET /overview', () => {
    it('shows the numbers of GET /v1/overview, never-seen devices and firmware versions', async () => {
      const { admin } = await consoleFleet(t());
      const api = (await t().http().get('/v1/overview').set(admin.auth).expect(200)).body.data;
      const res = await (await signedIn(t(), admin)).get('/overview').expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const page = { text: htmlOf(res) };
      expect(page.text).toContain(`<a href="/devices" id="devices-total">${api.devices.total}</a>`);
      expect(page.text).toContain(`<a href="/networks" id="networks-total">${api.networks}</a>`);
      expect(countOf(page.text, 'Up')).toBe(api.devices.up);
      // The one never-seen device counts under Never seen only, not under Down too.
      expect(countOf(page.text, 'Down')).toBe(api.devices.down - 1);
      expect(countOf(page.text, 'Pending')).toBe(api.upgrades.pending);
      expect(countOf(page.text, 'Failed')).toBe(api.upgrades.failed);
      expect(countOf(page.text, 'Done')).toBe(api.upgrades.done);
      expect(api).toMatchObject({
        networks: 2,
        devices: { total: 5, up: 2, down: 3 },
        upgrades: { pending: 1, failed: 1 },
      });
      expect(countOf(page.text, 'Never seen')).toBe(1);
      expect(page.text).toContain('<a href="/rollouts" id="rollouts-running">0</a>');
      // each number links to the list behind it
      expect(page.text).toContain(
        '<li><a href="/devices?status=UP"><span class="count" data-count="Up">2</span> Up</a></li>',
      );
      expect(page.text).toContain('href="/devices?status=NEVER"');
      expect(page.text).toContain('href="/upgrades?status=pending"');
      // the firmware distribution: most devices first, the chart and its list of links
      expect(page.text).toMatch(/<svg class="chart"[^>]*aria-hidden="true"/);
      const versions = [
        ...page.text.matchAll(
          /<li><a href="(\/devices\?firmware=[^"]+)"><span class="count">(\d+)<\/span> ([^<]+)<\/a><\/li>/g,
        ),
      ].map((m) => [m[1], Number(m[2]), m[3]]);
      expect(versions).toEqual([
        ['/devices?firmware=2.1.0', 2, '2.1.0'],
        ['/devices?firmware=1.9.9', 1, '1.9.9'],
        ['/devices?firmware=2.0.0', 1, '2.0.0'],
        ['/devices?firmware=none', 1, 'Not reported'],
      ]);
    });

    it('counts for a member only the networks it was granted', async () => {
      const { admin, lobby } = await consoleFleet(t());
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      const api = (await t().http().get('/v1/overview').set(member.auth).expect(200)).body.data;
      expect(api).toMatchObject({ networks: 1, devices: { total: 2, up: 1, down: 1 } });
      const page = await (await signedIn(t(), member)).get('/overview').expect(200);
      expect(page.text).toContain('<a href="/networks" id="networks-total">1</a>');
      expect(countOf(page.text, 'Up')).toBe(1);
      expect(countOf(page.text, 'Down')).toBe(1);
      expect(countOf(page.text, 'Never seen')).toBe(0);
      expect(page.text).not.toContain('1.9.9');
    });

    it('gives each network a line, those that need a look first: devices up, down, never seen, open alerts', async () => {
      const { admin, lobby, roof } = await consoleFleet(t());
      const quiet = await t().fixtures.network(admin.orgId, {
        network_name: `Annex ${admin.orgId}`,
      });
      const rule = await a.rule(admin, { name: 'Down', type: 'device_down' });
      let subject = 0;
      const alertIn = (network: { id: number; network_name: string }, state: 'open' | 'resolved') =>
        t().fixtures.save(Alert, {
          organisation_id: admin.orgId,
          alert_rule_id: rule.id,
          type: 'device_down',
          state,
          subject_id: (subject += 1),
          device_id: null,
          device_mac: null,
          device_name: null,
          network_id: network.id,
          network_name: network.network_name,
          opened_at: new Date(),
          resolved_at: state === 'resolved' ? new Date() : null,
          data: {},
        });
      await alertIn(roof, 'open');
      await alertIn(roof, 'open');
      await alertIn(lobby, 'resolved');
      const lines = (html: string) =>
        [
          ...html.matchAll(
            /<li data-network-id="(\d+)">\s*<a href="\/networks\/\d+">([^<]+)<\/a>[\s\S]*?<span class="health-text">(?:<a [^>]+>)?([^<]+)/g,
          ),
        ].map((m) => [Number(m[1]), decodedHtml(m[2]), m[3]]);
      const page = await (await signedIn(t(), admin)).get('/overview').expect(200);
      expect(lines(page.text)).toEqual([
        [lobby.id, lobby.network_name, '1 of 2 up · 1 down'],
        [roof.id, roof.network_name, '1 of 2 up · 1 never seen · 2 open alerts'],
        [quiet.id, quiet.network_name, '0 of 0 up'],
      ]);
      // the words of a network with devices down lead to them
      expect(page.text).toContain(
        `<span class="health-text"><a href="/devices?network=${lobby.id}&amp;status=DOWN">`,
      );
      expect(page.text).toContain('id="overview-networks" data-live="5"');
      // a member: only the networks granted, and only their alerts
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      await t().fixtures.grant(admin.orgId, member.userId, roof.id, 'read_only');
      const theirs = await (await signedIn(t(), member)).get('/overview').expect(200);
      expect(lines(theirs.text)).toEqual([
        [roof.id, roof.network_name, '1 of 2 up · 1 never seen · 2 open alerts'],
      ]);
    });

    it('sends a browser without a session to sign-in, and back after it', async () => {
      const res = await t().http().get('/overview').set('Accept', 'text/html').expect(303);
      expect(res.headers.location).toBe('/login?next=%2Foverview');
    });
  });

  describe('GET /devices', () => {
    /** The MACs of the table's rows, in order. */
    const macsOf = (html: string) =>
      [...html.matchAll(/<td class="mono"><a href="\/devices\/\d+">([0-9A-F:]+)<\/a><\/td>/g)].map(
        (m) => m[1],
      );

    it('lists the devices with network, status, last seen, firmware, config and pending upgrade', async () => {
      const { admin, lobby, up, down, never, roofUp, loose } = await consoleFleet(t());
      const agent = await signedIn(t(), admin);
      const page = htmlOf(await agent.get('/devices').expect(200));
      expect(macsOf(page)).toEqual([up, down, never, roofUp, loose].map((d) => d.mac_id));
      expect(page).toContain('Devices 1 to 5 of 5');
      const row = (id: number) =>
        new RegExp(`<tr data-device-id="${id}">([\\s\\S]*?)</tr>`).exec(page)![1];
      expect(row(down.id)).toContain(`<a href="/networks/${lobby.id}">${lobby.network_name}</a>`);
      expect(row(down.id)).toContain('<td class="status-down">Down</td>');
      expect(row(down.id)).toMatch(
        /<time datetime="[\d-]+T[\d:.]+Z" title="[\d-]+T[\d:.]+Z">1 h ago<\/time>/,
      );
      expect(row(down.id)).toContain('<td>2.0.0</td>');
      expect(row(down.id)).toMatch(/<a href="\/upgrades\/\d+">2\.2\.0<\/a>/);
      expect(row(up.id)).toContain('<td class="status-up">Up</td>');
      expect(row(up.id)).toContain('just now');
      expect(row(never.id)).toContain('<td class="status-down">Never seen</td>');
      expect(row(never.id)).toContain('Not in sync');
      expect(row(loose.id)).toContain('<span class="hint">None</span>');
    });

    it('filters by network, status and firmware, and searches MACs in any form and names', async () => {
      const { admin, lobby, up, down, never, roofUp, loose } = await consoleFleet(t());
      const agent = await signedIn(t(), admin);
      const list = async (query: Record<string, string>) =>
        macsOf(htmlOf(await agent.get('/devices').query(query).expect(200)));
      expect(await list({ network: String(lobby.id) })).toEqual([up.mac_id, down.mac_id]);
      expect(await list({ status: 'UP' })).toEqual([up.mac_id, roofUp.mac_id]);
      // DOWN lists the devices heard from before; the never seen are under NEVER.
      expect(await list({ status: 'DOWN' })).toEqual([down.mac_id, loose.mac_id]);
      expect(await list({ status: 'NEVER' })).toEqual([never.mac_id]);
      expect(await list({ firmware: '2.1.0' })).toEqual([up.mac_id, roofUp.mac_id]);
      expect(await list({ firmware: 'none' })).toEqual([never.mac_id]);
      expect(await list({ network: String(lobby.id), status: 'UP', firmware: '2.1.0' })).toEqual([
        up.mac_id,
      ]);
      const digits = down.mac_id.replace(/:/g, '');
      for (const form of [
        down.mac_id,
        down.mac_id.toLowerCase().replace(/:/g, '-'),
        digits,
        digits.slice(4).toLowerCase(),
      ]) {
        expect(await list({ q: form })).toEqual([down.mac_id]);
      }
      expect(await list({ q: 'ROOF' })).toEqual([never.mac_id, roofUp.mac_id]);
      expect(await list({ q: '%' })).toEqual([]);
      const page = htmlOf(await agent.get('/devices').query({ status: 'NEVER' }).expect(200));
      expect(page).toContain('<option value="NEVER" selected>Never seen</option>');
      expect(page).toContain('<a href="/devices">Clear filters</a>');
    });

    it('pages 25 devices at a time', async () => {
      const { admin } = await consoleFleet(t());
      const f = deviceFixtures(() => t());
      for (let i = 0; i < 21; i += 1) {
        await f.device(admin.orgId, { networkId: null, part: null });
      }
      const agent = await signedIn(t(), admin);
      const first = htmlOf(await agent.get('/devices').expect(200));
      expect(first).toContain('Devices 1 to 25 of 26');
      expect(first).toContain('<a href="/devices?page=2" rel="next">Next</a>');
      const second = htmlOf(await agent.get('/devices?page=2').expect(200));
      expect(second).toContain('Devices 26 to 26 of 26');
      expect(second).toContain('<a href="/devices" rel="prev">Previous</a>');
    });

    it('shows a member only the devices of granted networks, and 404 for another network', async () => {
      const { admin, lobby, roof, up, down } = await consoleFleet(t());
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      const agent = await signedIn(t(), member);
      const page = htmlOf(await agent.get('/devices').expect(200));
      expect(macsOf(page)).toEqual([up.mac_id, down.mac_id]);
      expect(page).not.toContain(roof.network_name);
      const other = await agent.get(`/devices?network=${roof.id}`).expect(404);
      expect(other.text).toContain('Network not found');
    });
  });

  describe('GET /devices/:id', () => {
    it('shows live status, configuration, tags and upgrade history', async () => {
      const { admin, down, lobby } = await consoleFleet(t());
      await t()
        .http()
        .put('/v1/access_points/tags')
        .set(admin.auth)
        .send({ mac_ids: down.mac_id, tag_list: ['lobby', 'floor-2'] })
        .expect(200);
      const page = htmlOf(
        await (await signedIn(t(), admin)).get(`/devices/${down.id}`).expect(200),
      );
      expect(page).toContain('<h1>lobby-down</h1>');
      // DOWN for an hour: how long it has been silent, and its last report worded as such.
      expect(page).toContain('<dd class="status-down" id="device-status">Down for 1 h 0 min</dd>');
      expect(page).toContain('<dd class="stale" id="device-clients">0 when last seen</dd>');
      expect(page).toContain('<dd class="stale" id="device-uptime">Not reported</dd>');
      expect(page).toContain('<dt>Firmware</dt><dd>2.0.0</dd>');
      expect(page).toContain(`<a href="/networks/${lobby.id}">${lobby.network_name}</a>`);
      expect(page).toContain('<span class="tag">floor-2</span> <span class="tag">lobby</span>');
      expect(page).toContain('<dd id="config-in-sync">No</dd>');
      expect(page).toMatch(/<dt>Current revision<\/dt><dd class="mono">[0-9a-f]{12,}<\/dd>/);
      expect(page).toContain('<dt>Applied revision</dt><dd class="mono">None reported</dd>');
      expect(page).toMatch(
        /<td><a href="\/upgrades\/\d+">\d+<\/a><\/td>\s*<td>2\.2\.0<\/td>\s*<td>pending<\/td>/,
      );
      expect(page).toContain(
        `<a class="button" href="/upgrades/new?aps=AP:${down.id}">New upgrade</a>`,
      );
      expect(page).toContain('data-live="5"');
    });

    it('answers 404 for a device of another organisation, a network not granted, or no device', async () => {
      const { admin, never } = await consoleFleet(t());
      const other = await browserUser(t(), { role: 'admin' });
      const agent = await signedIn(t(), other);
      await agent.get(`/devices/${never.id}`).expect(404);
      await agent.get('/devices/99999999999').expect(404);
      await agent.get('/devices/abc').expect(404);
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      const memberAgent = await signedIn(t(), member);
      const res = await memberAgent.get(`/devices/${never.id}`).expect(404);
      expect(res.text).toContain('Device not found');
      // The way back is the devices list, not the upgrades.
      expect(res.text).toContain("<p><a href='/devices'>Back to devices</a></p>");
    });

    it('shows a read-only member a granted device without write buttons', async () => {
      const { admin, lobby, up } = await consoleFleet(t());
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      const page = htmlOf(await (await signedIn(t(), member)).get(`/devices/${up.id}`).expect(200));
      expect(page).toContain('<h1>lobby-up</h1>');
      expect(page).not.toContain('New upgrade');
    });
  });

  describe('GET /networks and /networks/:id', () => {
    it('searches the networks by name, and pages the device list 25, 50 or 100 at a time', async () => {
      const { admin, lobby, roof } = await consoleFleet(t());
      const agent = await signedIn(t(), admin);
      const ids = (html: string) =>
        [...html.matchAll(/<tr data-network-id="(\d+)">/g)].map((m) => Number(m[1]));
      const found = htmlOf(await agent.get('/networks?q=LOBBY').expect(200));
      expect(ids(found)).toEqual([lobby.id]);
      expect(found).toContain('value="LOBBY"');
      expect(ids(htmlOf(await agent.get('/networks').expect(200)))).toEqual([lobby.id, roof.id]);
      expect(htmlOf(await agent.get('/networks?q=cellar').expect(200))).toContain(
        'No network name contains “cellar”.',
      );
      const f = deviceFixtures(() => t());
      for (let i = 0; i < 51; i += 1) {
        await f.device(admin.orgId, { networkId: null, part: null });
      }
      const fifty = htmlOf(await agent.get('/devices?size=50').expect(200));
      expect(fifty).toContain('Devices 1 to 50 of 56');
      expect(fifty).toContain('<option value="50" selected>50</option>');
      expect(fifty).toMatch(/<a href="\/devices\?size=50(&amp;|&)page=2" rel="next">Next<\/a>/);
      expect(htmlOf(await agent.get('/devices?size=7').expect(200))).toContain(
        'Devices 1 to 25 of 56',
      );
    });

    it('lists the networks with devices up and down and their SSID count', async () => {
      const { admin, lobby, roof } = await consoleFleet(t());
      await addSsid(t(), admin, lobby.id, 'Guests');
      await addSsid(t(), admin, lobby.id, 'Staff');
      const page = htmlOf(await (await signedIn(t(), admin)).get('/networks').expect(200));
      const row = (id: number) =>
        new RegExp(`<tr data-network-id="${id}">([\\s\\S]*?)</tr>`).exec(page)![1];
      expect(row(lobby.id).replace(/\s+/g, ' ')).toBe(
        ` <td><a href="/networks/${lobby.id}">${lobby.network_name}</a></td>` +
          ` <td><a href="/devices?network=${lobby.id}">2</a></td>` +
          ` <td class="status-up"><a href="/devices?network=${lobby.id}&amp;status=UP">1</a></td>` +
          ` <td class="status-down"><a href="/devices?network=${lobby.id}&amp;status=DOWN">1</a></td>` +
          ` <td>2</td> <td>${lobby.timezone}</td> `,
      );
      expect(row(roof.id)).toContain('<td>0</td>');
      // Roof's never-seen device is not counted Down (the DOWN list it links to leaves it out).
      expect(row(roof.id)).toContain(`&amp;status=DOWN">0</a></td>`);
      const roofPage = htmlOf(
        await (await signedIn(t(), admin)).get(`/networks/${roof.id}`).expect(200),
      );
      expect(roofPage).toContain('<dd class="status-down" data-count="Down">0</dd>');
      expect(roofPage).toContain(
        `<dt>Never seen</dt><dd data-count="Never seen"><a href="/devices?network=${roof.id}&amp;status=NEVER">1</a></dd>`,
      );
    });

    it('shows a network: settings, devices, configuration sync and SSIDs with keys for writers', async () => {
      const { admin, lobby, up, down } = await consoleFleet(t());
      await addSsid(t(), admin, lobby.id, 'Guests');
      const page = htmlOf(
        await (await signedIn(t(), admin)).get(`/networks/${lobby.id}`).expect(200),
      );
      expect(page).toContain(`<h1>${lobby.network_name}</h1>`);
      expect(page).toContain(`<dd id="network-timezone">${lobby.timezone}</dd>`);
      expect(page).toContain('<dd id="network-template">None</dd>');
      expect(page).toContain('<dd class="status-up" data-count="Up">1</dd>');
      expect(page).toContain('<dd class="status-down" data-count="Down">1</dd>');
      expect(page).toContain(
        `<dd id="config-sync">0 of 2 devices run the current revision; <a href="/devices?network=${lobby.id}&amp;sync=out">2 out of sync</a></dd>`,
      );
      expect(page).toContain(`<a href="/devices/${up.id}">${up.mac_id}</a>`);
      expect(page).toContain(`<a href="/devices/${down.id}">${down.mac_id}</a>`);
      expect(page).toContain('<span class="mono wpa-key">correct horse</span>');
      // Created without is_enabled or is_hidden (null): "Not set", not "No".
      const guests = /<tr data-ssid-id="\d+">([\s\S]*?)<\/tr>/.exec(page)![1].replace(/\s+/g, ' ');
      expect(guests).toContain('<td>Guests</td> <td>Not set</td> <td>Not set</td> <td>wpa2</td>');
    });

    it('hides WPA keys and write buttons from a read-only member, and other networks', async () => {
      const { admin, lobby, roof } = await consoleFleet(t());
      await addSsid(t(), admin, lobby.id, 'Guests');
      const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
      await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
      const agent = await signedIn(t(), member);
      const list = htmlOf(await agent.get('/networks').expect(200));
      expect(list).toContain(lobby.network_name);
      expect(list).not.toContain(roof.network_name);
      const page = htmlOf(await agent.get(`/networks/${lobby.id}`).expect(200));
      expect(page).toContain('<td>Guests</td>');
      expect(page).not.toContain('correct horse');
      expect(page).toContain('Hidden (read-only access)');
      expect(page).not.toContain('New upgrade');
      const hidden = await agent.get(`/networks/${roof.id}`).expect(404);
      expect(hidden.text).toContain('Network not found');
      await agent.get('/networks/0').expect(404);
    });
  });
});
