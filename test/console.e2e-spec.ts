process.env.TZ = 'UTC';
import { Heartbeat } from '../src/access-points/heartbeat.entity';
import { Device } from '../src/devices/device.entity';
import { Upgrade } from '../src/upgrades/upgrade.entity';
import { deviceFixtures } from './access-points.helpers';
import { onBothDatabases, TestApp } from './harness/app';
import { browserUser, signedIn } from './browser/web-session';

/** A page's HTML with Handlebars' escape of `=` (in link queries) undone, for reading. */
export const htmlOf = (res: { text: string }) => res.text.replace(/&#x3D;/g, '=');

/** The text of the element `data-count="<label>"` of a page: one number of the overview. */
const countOf = (html: string, label: string): number => {
  const match = new RegExp(`data-count="${label}">(\\d+)<`).exec(html);
  if (!match) {
    throw new Error(`no count "${label}" in the page`);
  }
  return Number(match[1]);
};

/**
 * An organisation for the console: two networks; in "Lobby" a device UP on 2.1.0 and one DOWN
 * on 2.0.0, in "Roof" one never seen and one UP on 2.1.0; one device in no network; a pending
 * and a failed upgrade.
 */
export async function consoleFleet(t: TestApp) {
  const f = deviceFixtures(() => t);
  const admin = await browserUser(t, { role: 'admin' });
  const lobby = await t.fixtures.network(admin.orgId, { network_name: `Lobby ${admin.orgId}` });
  const roof = await t.fixtures.network(admin.orgId, { network_name: `Roof ${admin.orgId}` });
  const named = async (networkId: number | null, name: string) => {
    const made = await f.device(admin.orgId, { networkId, part: null });
    await t.dataSource.getRepository(Device).update(made.id, { name });
    return { ...made, name };
  };
  const up = await named(lobby.id, 'lobby-up');
  const down = await named(lobby.id, 'lobby-down');
  const never = await named(roof.id, 'roof-never');
  const roofUp = await named(roof.id, 'roof-up');
  const loose = await named(null, 'spare');
  const seen = (deviceId: number, secondsAgo: number, firmware: string) =>
    t.fixtures.save(Heartbeat, {
      device_id: deviceId,
      received_at: new Date(Date.now() - secondsAgo * 1000),
      firmware_version: firmware,
    });
  await seen(up.id, 30, '2.1.0');
  await seen(down.id, 3600, '2.0.0');
  await seen(roofUp.id, 10, '2.1.0');
  await seen(loose.id, 7200, '1.9.9');
  const upgrade = (deviceId: number, status: 'pending' | 'failed') =>
    t.fixtures.save(Upgrade, {
      organisation_id: admin.orgId,
      device_id: deviceId,
      version: '2.2.0',
      aps: [`AP:${deviceId}`],
      status,
    });
  await upgrade(down.id, 'pending');
  await upgrade(up.id, 'failed');
  return { admin, lobby, roof, up, down, never, roofUp, loose };
}

onBothDatabases('console pages (issue 13)', (t) => {
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
      expect(countOf(page.text, 'Down')).toBe(api.devices.down);
      expect(countOf(page.text, 'Pending')).toBe(api.upgrades.pending);
      expect(countOf(page.text, 'Failed')).toBe(api.upgrades.failed);
      expect(countOf(page.text, 'Done')).toBe(api.upgrades.done);
      expect(api).toMatchObject({
        networks: 2,
        devices: { total: 5, up: 2, down: 3 },
        upgrades: { pending: 1, failed: 1 },
      });
      expect(countOf(page.text, 'Never seen')).toBe(1);
      expect(page.text).toContain('<span id="rollouts-running">0</span>');
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

    it('sends a browser without a session to sign-in, and back after it', async () => {
      const res = await t().http().get('/overview').set('Accept', 'text/html').expect(303);
      expect(res.headers.location).toBe('/login?next=%2Foverview');
    });
  });
});
