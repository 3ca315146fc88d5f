import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Device } from '../../src/devices/device.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { deviceFixtures } from './access-points.helpers';
import { browserUser } from './web-session';
import { TestApp } from './app';
import { Caller } from './fixtures';

/** The upgrade form's fields as a browser posts them left blank (tests add what they set). */
export const UPGRADE_FORM = {
  upgrade_type: 'automatic',
  version: '',
  schedule_type: 'now',
  schedule_at: '',
  time_zone: '',
};

/** A page's HTML with Handlebars' escape of `=` (in link queries) undone and the cells' phone labels (data-label) left out, for reading. */
export const htmlOf = (res: { text: string }) =>
  res.text.replace(/&#x3D;/g, '=').replace(/ data-label="[^"]*"/g, '');

/** What a form posted without its session's CSRF token answers (a 403 page). */
export const CSRF_PAGE = 'This form has expired or was not sent from this site.';

/** A page's text with the entities Handlebars writes decoded (`&amp;` last), for reading. */
export const decodedHtml = (html: string) =>
  html
    .replace(/&#x3D;/g, '=')
    .replace(/&#x2F;/g, '/')
    .replace(/&#x27;/g, "'")
    .replace(/&#x60;/g, '`')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The text of the element `data-count="<label>"` of a page: one number of the overview. */
export const countOf = (html: string, label: string): number => {
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
    await t.fixtures.syncRevisions(admin.orgId);
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

/** Adds an SSID named `name` (WPA2, key "correct horse") to the network through the API. */
export function addSsid(t: TestApp, admin: Caller, networkId: number, name: string) {
  return t
    .http()
    .post('/v1/network_ssids')
    .set(admin.auth)
    .send({
      network_id: networkId,
      network_ssid: { ssid_name: name, wpa_key: 'correct horse', security_mode: 'wpa2' },
    })
    .expect(200);
}
