import { Device } from '../../src/devices/device.entity';
import { EventRecord } from '../../src/event-log/event.entity';
import { LabelSheetPageService } from '../../src/console/label-sheet-page.service';
import { onBothDatabases } from '../harness/app';
import { DeviceLabelsService } from '../../src/access-points/device-labels.service';
import { ForbiddenError } from '../../src/common/errors';
import { deviceFixtures } from '../harness/access-points.helpers';
import { consoleFleet, decodedHtml } from '../harness/console.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The device list's labels: the inline editor, the IP column and the sheet of labels (CSV). */
onBothDatabases('console: device labels on the list', (t) => {
  const g = gatewayFixtures(t);
  const f = deviceFixtures(t);
  const flashOf = (html: string) =>
    decodedHtml(
      /<div class="flash[^"]*" role="(?:status|alert)">([^<]*)<\/div>/.exec(html)?.[1] ?? '',
    );
  const labelOf = async (id: number) =>
    (await t().dataSource.getRepository(Device).findOneByOrFail({ id })).label;
  const labelledEvents = (orgId: number) =>
    t()
      .dataSource.getRepository(EventRecord)
      .find({ where: { organisation_id: orgId, type: 'device.labelled' }, order: { id: 'ASC' } });

  it('labels a device inline from the list and back to the same filtered page, with its IP and clients shown', async () => {
    const admin = await browserUser(t());
    const network = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: network.id });
    await g
      .checkin(ap.auth, { public_ip: '203.0.113.9', name: 'ap-hall', clients: 19 })
      .expect(200);
    const browser = await signedIn(t(), admin);
    const back = `/devices?network=${network.id}`;
    const list = await browser.get(back).expect(200);
    expect(list.text).toContain('<td class="mono" data-label="IP">203.0.113.9</td>');
    expect(list.text).toContain('<td data-label="Clients">19</td>');
    expect(list.text).toContain(
      `<summary aria-label="Edit the label of ${ap.device.mac_id}">Edit</summary>`,
    );
    expect(list.text).toContain(
      `<input id="label-${ap.device.id}" name="label" value="" maxlength="64"`,
    );
    const done = await browser
      .post('/devices/actions')
      .type('form')
      .send({
        _csrf: csrfOf(list.text),
        return: back,
        devices: ap.device.mac_id,
        action: 'label',
        label: 'Room 412',
      })
      .expect(303);
    expect(done.headers.location).toBe(back);
    const after = await browser.get(back).expect(200);
    expect(flashOf(after.text)).toBe('Label set to Room 412.');
    expect(after.text).toContain('<span class="device-name">Room 412</span>');
    expect(after.text).toContain(
      `<input id="label-${ap.device.id}" name="label" value="Room 412" maxlength="64"`,
    );
    // a member sees names and addresses, and no editor
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, network.id, 'full');
    const theirs = await (await signedIn(t(), member)).get('/devices').expect(200);
    expect(theirs.text).toContain('<span class="device-name">Room 412</span>');
    expect(theirs.text).toContain('<td class="mono" data-label="IP">203.0.113.9</td>');
    expect(theirs.text).not.toContain('Edit the label of');
    expect(theirs.text).not.toContain('Label from a sheet');
  });

  it('sets the labels of a sheet at once: set, cleared and already so, each change recorded', async () => {
    const { admin, up, down, never } = await consoleFleet(t());
    await t().dataSource.getRepository(Device).update(never.id, { label: 'Old name' });
    await t().dataSource.getRepository(Device).update(up.id, { label: 'Kept' });
    await t().fixtures.syncRevisions();
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/devices').expect(200);
    expect(list.text).toContain('<form method="post" action="/devices/labels" data-label-sheet>');
    const sheet =
      'mac,label\r\n' +
      `${down.mac_id.toLowerCase().replace(/:/g, '-')}, "Desk, by the door"\r\n` +
      `${never.mac_id},\r\n` +
      `${up.mac_id},Kept\r\n`;
    const done = await browser
      .post('/devices/labels')
      .type('form')
      .send({ _csrf: csrfOf(list.text), return: '/devices?sort=name', sheet })
      .expect(303);
    expect(done.headers.location).toBe('/devices?sort=name');
    expect(flashOf((await browser.get('/devices').expect(200)).text)).toBe(
      '2 labels set; 1 device had that label already.',
    );
    expect([await labelOf(down.id), await labelOf(never.id), await labelOf(up.id)]).toEqual([
      'Desk, by the door',
      null,
      'Kept',
    ]);
    const events = await labelledEvents(admin.orgId);
    expect(events.map((e) => [e.data, e.actor])).toEqual([
      [
        { changes: { label: { from: null, to: 'Desk, by the door' } } },
        { type: 'user', id: admin.userId, email: admin.email, via: 'console' },
      ],
      [
        { changes: { label: { from: 'Old name', to: null } } },
        { type: 'user', id: admin.userId, email: admin.email, via: 'console' },
      ],
    ]);
  });

  it('refuses a sheet with a bad row or a device not of the organisation, naming them, and labels none', async () => {
    const { admin, up, down } = await consoleFleet(t());
    const stranger = await f.device((await t().fixtures.admin()).orgId, { part: null });
    const browser = await signedIn(t(), admin);
    const csrf = csrfOf((await browser.get('/devices').expect(200)).text);
    const send = (sheet: string) =>
      browser
        .post('/devices/labels')
        .type('form')
        .send({ _csrf: csrf, return: '/devices', sheet })
        .expect(303);
    await send(`${up.mac_id},Hall\nnot-a-mac,Desk\n${down.mac_id}, \u0007bell\n`);
    expect(flashOf((await browser.get('/devices').expect(200)).text)).toBe(
      'Nothing was labelled. Row 2: “not-a-mac” is not a MAC address. Row 3: label must not hold control characters.',
    );
    await send(`${up.mac_id},Hall\n${stranger.mac_id},Theirs\n`);
    expect(flashOf((await browser.get('/devices').expect(200)).text)).toBe(
      `Nothing was labelled. ${stranger.mac_id} is not a device of this organisation.`,
    );
    expect([await labelOf(up.id), await labelOf(stranger.id)]).toEqual([null, null]);
    expect(await labelledEvents(admin.orgId)).toEqual([]);
    // members have no sheet: the page is an admin's
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const theirs = await signedIn(t(), member);
    await theirs
      .post('/devices/labels')
      .type('form')
      .send({ _csrf: csrfOf((await theirs.get('/devices').expect(200)).text), sheet: 'x' })
      .expect(403);
  });

  it("labels for a member only the devices of networks they have full access to, as one device's label", async () => {
    const { admin, lobby, roof, up, roofUp } = await consoleFleet(t());
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    const user = {
      id: member.userId,
      organisation_id: admin.orgId,
      email: member.email,
      role: 'member' as const,
      super_admin: false,
    };
    const labels = t().app.get(DeviceLabelsService);
    const sheet = [
      { mac: up.mac_id, label: 'Lobby AP' },
      { mac: roofUp.mac_id, label: 'Roof AP' },
    ];
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'full');
    // the roof's device is not theirs to see: named as a missing device, nothing labelled
    await expect(labels.setLabels(user, sheet)).rejects.toMatchObject({
      messages: [`${roofUp.mac_id} is not a device of this organisation`],
    });
    await t().fixtures.grant(admin.orgId, member.userId, roof.id, 'read_only');
    await expect(labels.setLabels(user, sheet)).rejects.toBeInstanceOf(ForbiddenError);
    expect([await labelOf(up.id), await labelOf(roofUp.id)]).toEqual([null, null]);
    expect(await labels.setLabels(user, sheet.slice(0, 1))).toEqual({ labelled: 1, unchanged: 0 });
    expect(await labelOf(up.id)).toBe('Lobby AP');
  });

  it('labels 40 devices in as many statements as 2', async () => {
    const service = t().app.get(LabelSheetPageService);
    const statements = async (devices: number) => {
      const { admin, lobby } = await consoleFleet(t());
      const made = [];
      for (let i = 0; i < devices; i++) {
        made.push(await f.device(admin.orgId, { networkId: lobby.id, part: null }));
      }
      const user = {
        id: admin.userId,
        organisation_id: admin.orgId,
        email: admin.email,
        role: 'admin' as const,
        super_admin: false,
      };
      const sheet = made.map((device, k) => `${device.mac_id},AP ${k}`).join('\n');
      const ran = await t().statementsOf(() => service.apply(user, { sheet }, '/devices'));
      expect(await labelOf(made[devices - 1].id)).toBe(`AP ${devices - 1}`);
      return ran.length;
    };
    const two = await statements(2);
    expect(two).toBeGreaterThan(0);
    expect(await statements(40)).toBe(two);
  });
});
