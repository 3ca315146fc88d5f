import { HardwarePart } from '../src/catalogue/hardware-part.entity';
import { Device } from '../src/devices/device.entity';
import { Tag } from '../src/devices/tag.entity';
import { Upgrade } from '../src/upgrades/upgrade.entity';
import { UpgradeTargetChoices } from '../src/upgrades/upgrade-target-choices.service';
import { onBothDatabases, TestApp } from './harness/app';
import { unique } from './harness/fixtures';
import { Browser, browserUser, csrfOfSession, signedIn } from './browser/web-session';

/** A form body as a browser posts it: a list is sent as the same field repeated. */
function formBody(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      body.append(name, one);
    }
  }
  return body.toString();
}

const FORM = {
  upgrade_type: 'automatic',
  version: '',
  schedule_type: 'now',
  schedule_at: '',
  time_zone: '',
};

/**
 * An organisation with two networks, a tag and four devices of two hardware parts (one device in
 * no network), its own releases, and another organisation with a network and a device.
 */
async function fleet(t: TestApp) {
  const admin = await browserUser(t, { role: 'admin' });
  const [a, b] = [await t.fixtures.hardwarePart(), await t.fixtures.hardwarePart()];
  const lobby = await t.fixtures.network(admin.orgId, { network_name: unique('Lobby ') });
  const roof = await t.fixtures.network(admin.orgId, { network_name: unique('Roof ') });
  const floor = await t.fixtures.save(Tag, {
    organisation_id: admin.orgId,
    name: unique('floor-'),
  });
  const device = (orgId: number, part: HardwarePart, fields: Partial<Device>) =>
    t.fixtures.save(Device, {
      mac_id: t.fixtures.mac(),
      organisation_id: orgId,
      hardware_part_id: part.id,
      serial: unique('SN'),
      ...fields,
    });
  const desk = await device(admin.orgId, a, { location_network_id: lobby.id, name: 'desk-ap' });
  const hall = await device(admin.orgId, a, {
    location_network_id: lobby.id,
    name: 'hall-ap',
    tags: [floor],
  });
  const attic = await device(admin.orgId, b, { location_network_id: roof.id, name: 'attic-ap' });
  const loose = await device(admin.orgId, b, { name: null });
  const other = await browserUser(t, { role: 'admin' });
  const theirNetwork = await t.fixtures.network(other.orgId, { network_name: unique('Theirs ') });
  const theirs = await device(other.orgId, a, { location_network_id: theirNetwork.id });
  const release = (version: string, parts: HardwarePart[]) =>
    t.fixtures.upgradeData({
      version,
      organisation_id: admin.orgId,
      url: Object.fromEntries(parts.map((p) => [p.part_number, `https://fw/${version}`])),
    });
  await release('1.0.0', [a]);
  await release('2.0.0', [a, b]);
  await release('3.0.0', [b]);
  await release('4.0.0', [await t.fixtures.hardwarePart()]);
  return { admin, a, b, lobby, roof, floor, desk, hall, attic, loose, other, theirNetwork, theirs };
}

/** The values of the version select of a form page, in order. */
const versions = (html: string) =>
  [...html.matchAll(/<option value="(\d+\.\d+\.\d+)"/g)].map((match) => match[1]);
/** The `aps` values of the picker's checkboxes, and which are checked. */
const boxes = (html: string) =>
  [
    ...html.matchAll(/<input type="checkbox" id="[^"]+" name="aps" value="([^"]+)"( checked)?>/g),
  ].map((match) => (match[2] ? `${match[1]} checked` : match[1]));

onBothDatabases('upgrade form: targets by name (issue 13)', (t) => {
  const post = (agent: Browser, path: string, fields: Record<string, string | string[]>) =>
    agent.post(path).type('form').send(formBody(fields));
  const upgradesOf = (orgId: number) =>
    t()
      .dataSource.getRepository(Upgrade)
      .find({ where: { organisation_id: orgId }, order: { device_id: 'ASC' } });

  it('offers networks and tags by name and devices by MAC or name, never another organisation’s', async () => {
    const f = await fleet(t());
    const agent = await signedIn(t(), f.admin);
    const page = await agent.get('/upgrades/new').expect(200);
    expect(page.text).toContain(
      `<input type="checkbox" id="target-network-${f.lobby.id}" name="aps" value="network:${f.lobby.id}"> ${f.lobby.network_name}</label>`,
    );
    expect(page.text).toContain(
      `<input type="checkbox" id="target-tag-${f.floor.id}" name="aps" value="tag:${f.floor.id}"> ${f.floor.name}</label>`,
    );
    expect(page.text).toContain(
      `<span class="mono">${f.hall.mac_id}</span> hall-ap <span class="hint">in ${f.lobby.network_name}</span>`,
    );
    expect(boxes(page.text)).toEqual([
      `network:${f.lobby.id}`,
      `network:${f.roof.id}`,
      `tag:${f.floor.id}`,
      `AP:${f.desk.id}`,
      `AP:${f.hall.id}`,
      `AP:${f.attic.id}`,
      `AP:${f.loose.id}`,
    ]);
    expect(page.text).toContain('4 devices.');
    expect(page.text).not.toContain(f.theirNetwork.network_name);
    expect(page.text).not.toContain(f.theirs.mac_id);
    expect(page.text).not.toContain('<textarea');
  });

  it('searches the devices again for the form, keeping what was entered and saving nothing', async () => {
    const f = await fleet(t());
    const agent = await signedIn(t(), f.admin);
    const csrf = await csrfOfSession(agent);
    const entered = {
      ...FORM,
      _csrf: csrf,
      intent: 'refresh',
      aps: [`network:${f.roof.id}`, `AP:${f.attic.id}`],
      upgrade_type: 'manual',
      version: '2.0.0',
      schedule_type: 'later',
      schedule_at: '2030-01-15T10:00',
      time_zone: 'Europe/Paris',
      save_prev_config: 'true',
    };
    const dashed = f.desk.mac_id.replace(/:/g, '-').toLowerCase();
    const res = await post(agent, '/upgrades', { ...entered, q: dashed }).expect(200);
    // the chosen device stays listed and checked; the search finds the desk by its MAC
    expect(boxes(res.text)).toEqual([
      `network:${f.lobby.id}`,
      `network:${f.roof.id} checked`,
      `tag:${f.floor.id}`,
      `AP:${f.attic.id} checked`,
      `AP:${f.desk.id}`,
    ]);
    expect(res.text).toContain(`1 device matches “${dashed}”.`);
    expect(res.text).toContain(`value="${dashed}"`);
    expect(res.text).toContain('<option value="2.0.0" selected>');
    expect(res.text).toContain('<input type="radio" name="upgrade_type" value="manual" checked>');
    expect(res.text).toContain('value="2030-01-15T10:00"');
    expect(res.text).toContain('<option value="Europe/Paris" selected>');
    expect(res.text).toContain(
      'id="save_prev_config" name="save_prev_config" type="checkbox" value="true" checked',
    );
    expect(res.text).not.toContain('role="alert"');

    const byName = await post(agent, '/upgrades', { ...entered, aps: [], q: 'HALL' }).expect(200);
    expect(boxes(byName.text).filter((box) => box.startsWith('AP:'))).toEqual([`AP:${f.hall.id}`]);
    expect(byName.text).toContain('1 device matches “HALL”.');
    const none = await post(agent, '/upgrades', { ...entered, q: 'nothing-like-it' }).expect(200);
    expect(none.text).toContain('0 devices match “nothing-like-it”.');
    // a search with a control character is no search
    const tab = await post(agent, '/upgrades', { ...entered, aps: [], q: 'a\tb' }).expect(200);
    expect(tab.text).toContain('4 devices.');
    // another organisation's device cannot be chosen into the list
    const foreign = await post(agent, '/upgrades', { ...entered, aps: [`AP:${f.theirs.id}`] });
    expect(foreign.status).toBe(200);
    expect(foreign.text).not.toContain(f.theirs.mac_id);
    expect(await upgradesOf(f.admin.orgId)).toEqual([]);
  });

  it('offers only the versions with firmware for the hardware of every chosen target', async () => {
    const f = await fleet(t());
    const agent = await signedIn(t(), f.admin);
    const csrf = await csrfOfSession(agent);
    const offered = async (aps: string[], path = '/upgrades') =>
      versions(
        (await post(agent, path, { ...FORM, _csrf: csrf, intent: 'refresh', aps }).expect(200))
          .text,
      );
    // no target: every version with firmware for some hardware of the organisation
    expect(versions((await agent.get('/upgrades/new').expect(200)).text)).toEqual([
      '3.0.0',
      '2.0.0',
      '1.0.0',
    ]);
    expect(await offered([`network:${f.lobby.id}`])).toEqual(['2.0.0', '1.0.0']);
    expect(await offered([`tag:${f.floor.id}`])).toEqual(['2.0.0', '1.0.0']);
    expect(await offered([`network:${f.roof.id}`, `AP:${f.loose.id}`])).toEqual(['3.0.0', '2.0.0']);
    expect(await offered([`network:${f.lobby.id}`, `AP:${f.attic.id}`])).toEqual(['2.0.0']);

    // an edited upgrade's own device counts as a target
    await post(agent, '/upgrades', {
      ...FORM,
      _csrf: csrf,
      aps: `AP:${f.attic.id}`,
      upgrade_type: 'manual',
      version: '3.0.0',
    }).expect(303);
    const [upgrade] = await upgradesOf(f.admin.orgId);
    const edit = await agent.get(`/upgrades/${upgrade.id}/edit`).expect(200);
    expect(versions(edit.text)).toEqual(['3.0.0', '2.0.0']);
    expect(edit.text).toContain('<option value="3.0.0" selected>');
    expect(await offered([`AP:${f.desk.id}`], `/upgrades/${upgrade.id}`)).toEqual(['2.0.0']);
    expect((await upgradesOf(f.admin.orgId)).map((u) => u.version)).toEqual(['3.0.0']);
  });

  it('creates upgrades for the networks, tags and devices picked, as the API targets them', async () => {
    const f = await fleet(t());
    const agent = await signedIn(t(), f.admin);
    await post(agent, '/upgrades', {
      ...FORM,
      _csrf: await csrfOfSession(agent),
      aps: [`network:${f.roof.id}`, `tag:${f.floor.id}`, `AP:${f.loose.id}`],
      upgrade_type: 'manual',
      version: '2.0.0',
    })
      .expect(303)
      .expect('location', '/upgrades');
    expect(
      (await upgradesOf(f.admin.orgId)).map((u) => ({ device: u.device_id, version: u.version })),
    ).toEqual(
      [f.hall, f.attic, f.loose]
        .map((d) => ({ device: d.id, version: '2.0.0' }))
        .sort((x, y) => x.device - y.device),
    );
  });

  it('offers a member only the networks granted and their devices', async () => {
    const f = await fleet(t());
    const member = await browserUser(t(), { orgId: f.admin.orgId, role: 'member' });
    await t().fixtures.grant(f.admin.orgId, member.userId, f.lobby.id, 'full');
    const choices = await t()
      .app.get(UpgradeTargetChoices)
      .choices(
        {
          id: member.userId,
          organisation_id: f.admin.orgId,
          email: member.email,
          role: 'member',
          super_admin: false,
        },
        [`AP:${f.attic.id}`, `AP:${f.desk.id}`],
        undefined,
      );
    expect(choices.networks.map((n) => n.id)).toEqual([f.lobby.id]);
    expect(choices.devices.map((d) => d.id)).toEqual([f.desk.id, f.hall.id]);
    expect(choices.matching).toBe(2);
  });
});
