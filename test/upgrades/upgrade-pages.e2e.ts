import { HardwarePart } from '../../src/catalogue/hardware-part.entity';
import { Device } from '../../src/devices/device.entity';
import { Tag } from '../../src/devices/tag.entity';
import { Upgrade } from '../../src/firmware/upgrade.entity';
import { UpgradeTargetChoicesService } from '../../src/upgrades/upgrade-target-choices.service';
import { onBothDatabases, TestApp } from '../harness/app';
import { unique } from '../harness/fixtures';
import { Browser, browserUser, csrfOfSession, signedIn } from '../harness/web-session';
import { UPGRADE_FORM as FORM } from '../harness/console.helpers';

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

onBothDatabases('upgrade form: targets by name', (t) => {
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
      .expect('location', /^\/upgrades\/requests\/[0-9a-f-]{36}$/);
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
      .app.get(UpgradeTargetChoicesService)
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

onBothDatabases('upgrade list: pages and rollouts', (t) => {
  /** An admin with `count` devices in a network, each with a pending upgrade (one request). */
  async function upgraded(count: number) {
    const admin = await browserUser(t(), { role: 'admin' });
    const part = await t().fixtures.hardwarePart();
    const network = await t().fixtures.network(admin.orgId);
    const devices = [];
    for (let k = 0; k < count; k++) {
      devices.push(
        await t().fixtures.save(Device, {
          mac_id: t().fixtures.mac(),
          organisation_id: admin.orgId,
          hardware_part_id: part.id,
          location_network_id: network.id,
          serial: unique('SN'),
        }),
      );
    }
    await t().fixtures.upgradeData({
      version: '6.0.0',
      organisation_id: admin.orgId,
      url: { [part.part_number]: 'https://fw/6' },
    });
    return { admin, part, network, devices };
  }
  const ids = (html: string) =>
    [...html.matchAll(/data-upgrade-id="(\d+)"/g)].map((match) => Number(match[1]));
  /** A page with the entities Handlebars writes in links (`=`, `&`) decoded. */
  const list = async (agent: Browser, path: string) =>
    (await agent.get(path).expect(200)).text.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
  const create = (auth: Record<string, string>, upgrade: object) =>
    t().http().post('/upgrades').set(auth).send({ upgrade }).expect(200);

  it('shows 25 upgrades a page, newest first, with page links that keep the status filter', async () => {
    const { admin, network } = await upgraded(30);
    await create(admin.auth, { aps: [`network:${network.id}`] });
    const stored = await t()
      .dataSource.getRepository(Upgrade)
      .find({ where: { organisation_id: admin.orgId }, order: { id: 'DESC' } });
    const newestFirst = stored.map((u) => u.id);
    // the 28 oldest fail
    await t().dataSource.getRepository(Upgrade).update(newestFirst.slice(2), { status: 'failed' });
    const agent = await signedIn(t(), admin);

    const first = await list(agent, '/upgrades');
    expect(ids(first)).toEqual(newestFirst.slice(0, 25));
    expect(first).toContain('Upgrades 1 to 25 of 30');
    expect(first).toContain('<a href="/upgrades?page=2" rel="next">Next</a>');
    expect(first).toContain('<a href="/upgrades" aria-current="page">1</a>');
    expect(first).toContain('<a href="/upgrades?page=2" aria-label="Page 2">2</a>');
    const second = await list(agent, '/upgrades?page=2');
    expect(ids(second)).toEqual(newestFirst.slice(25));
    expect(second).toContain('<a href="/upgrades" rel="prev">Previous</a>');
    expect(second).not.toContain('rel="next"');

    const failed = await list(agent, '/upgrades?status=failed');
    expect(ids(failed)).toEqual(newestFirst.slice(2, 27));
    expect(failed).toContain('Upgrades 1 to 25 of 28');
    expect(failed).toContain('<a href="/upgrades?status=failed&page=2" rel="next">Next</a>');
    const failedTwo = await list(agent, '/upgrades?status=failed&page=2');
    expect(ids(failedTwo)).toEqual(newestFirst.slice(27));
    expect(failedTwo).toContain('<option value="failed" selected>failed</option>');
    expect(failedTwo).toContain('Upgrades 26 to 28 of 28');
    expect(failedTwo).toContain('<a href="/upgrades?status=failed" rel="prev">Previous</a>');

    // a page past the end, or one that is not a page number
    const past = await list(agent, '/upgrades?page=9');
    expect(ids(past)).toEqual([]);
    expect(past).toContain('No upgrades on this page.');
    expect(past).toContain('<a href="/upgrades?page=2" rel="prev">Previous</a>');
    expect(ids(await list(agent, '/upgrades?page=abc'))).toEqual(newestFirst.slice(0, 25));
  });

  it('groups the upgrades of a page under their rollout, linking admins to the rollout page', async () => {
    const { admin, network, devices } = await upgraded(3);
    const rollout = (
      await create(admin.auth, {
        aps: [`AP:${devices[0].id}`, `AP:${devices[1].id}`],
        rollout: { stages: [100] },
      })
    ).body.data.rollout;
    const single = (await create(admin.auth, { aps: [`AP:${devices[2].id}`] })).body.data
      .upgrades[0];
    const agent = await signedIn(t(), admin);
    const page = await agent.get('/upgrades').expect(200);
    const sections = [
      ...page.text.matchAll(/<section class="section upgrade-group"[^>]*>([\s\S]*?)<\/section>/g),
    ].map((match) => match[0]);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain('<h2 id="group-none">Individual upgrades</h2>');
    expect(ids(sections[0])).toEqual([single.id]);
    expect(sections[1]).toContain(`data-rollout-id="${rollout.id}"`);
    expect(sections[1]).toContain(
      `<a href="/rollouts/${rollout.id}">Rollout ${rollout.id}</a> <span class="state state-running">running</span> <span class="hint">version 6.0.0</span>`,
    );
    const staged = await t()
      .dataSource.getRepository(Upgrade)
      .find({ where: { rollout_id: rollout.id }, order: { id: 'DESC' } });
    expect(ids(sections[1])).toEqual(staged.map((u) => u.id));

    // a member sees the heading, without a link to the rollout page (admins only)
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, network.id, 'read_only');
    const theirs = await (await signedIn(t(), member)).get('/upgrades').expect(200);
    expect(theirs.text).toContain(`<h2 id="group-${rollout.id}">Rollout ${rollout.id} <span`);
    expect(theirs.text).not.toContain(`href="/rollouts/`);
  });
});
