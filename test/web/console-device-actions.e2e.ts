import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { Device } from '../../src/devices/device.entity';
import { EventRecord } from '../../src/event-log/event.entity';
import { onBothDatabases } from '../harness/app';
import { consoleFleet, decodedHtml, CSRF_PAGE } from '../harness/console.helpers';
import { browserUser, csrfOf, signedIn } from '../harness/web-session';

/** The console's device actions: claim, move, release, remove, tags. */
onBothDatabases('console: device actions', (t) => {
  const devicesOf = (orgId: number) =>
    t()
      .dataSource.getRepository(Device)
      .find({ where: { organisation_id: orgId }, relations: { tags: true }, order: { id: 'ASC' } });

  it('claims devices by MAC and by serial into a network, and says what it did', async () => {
    const { admin, lobby } = await consoleFleet(t());
    const [byMac, bySerial] = await t().fixtures.masterDevices(2);
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/devices?status=UP').expect(200);
    expect(list.text).toContain('<summary class="button">Claim devices</summary>');
    const csrf = csrfOf(list.text);
    const res = await browser
      .post('/devices/claim')
      .type('form')
      .send({
        _csrf: csrf,
        devices: `${byMac.mac_id.toLowerCase()}\n${bySerial.serial}`,
        network_id: lobby.id,
        return: '/devices?status=UP',
      })
      .expect(303);
    expect(res.headers.location).toBe('/devices?status=UP');
    const page = await browser.get('/devices?status=UP').expect(200);
    expect(decodedHtml(page.text)).toContain(
      `2 devices claimed: Devices provisioned into network ${lobby.network_name}.`,
    );
    const claimed = (await devicesOf(admin.orgId)).filter((d) =>
      [byMac.mac_id, bySerial.mac_id].includes(d.mac_id),
    );
    expect(claimed.map((d) => d.location_network_id)).toEqual([lobby.id, lobby.id]);
    const events = await t()
      .dataSource.getRepository(EventRecord)
      .findBy({ organisation_id: admin.orgId, device_mac: byMac.mac_id });
    expect(events.map((e) => e.actor)).toContainEqual({
      type: 'user',
      id: admin.userId,
      email: admin.email,
      via: 'console',
    });

    // An unknown serial claims nothing and says which.
    await browser
      .post('/devices/claim')
      .type('form')
      .send({ _csrf: csrf, devices: 'NO-SUCH-SERIAL', network_id: lobby.id })
      .expect(303);
    const refused = await browser.get('/devices').expect(200);
    expect(refused.text).toContain(
      '<div class="flash flash-error" role="alert">No device to claim has the serial number NO-SUCH-SERIAL</div>',
    );
  });

  it('moves, tags, releases and removes the ticked devices of the list', async () => {
    const { admin, roof, up, down } = await consoleFleet(t());
    const browser = await signedIn(t(), admin);
    const list = await browser.get('/devices').expect(200);
    expect(list.text).toContain(
      `<input type="checkbox" name="devices" value="${up.mac_id}" form="bulk-actions"`,
    );
    const csrf = csrfOf(list.text);
    const act = (fields: Record<string, unknown>) =>
      browser
        .post('/devices/actions')
        .type('form')
        .send(
          new URLSearchParams([
            ['_csrf', csrf],
            ['devices', up.mac_id],
            ['devices', down.mac_id],
            ...Object.entries(fields).map(([k, v]) => [k, String(v)]),
          ]).toString(),
        )
        .expect(303);
    const flash = async () =>
      decodedHtml((await browser.get('/devices').expect(200)).text).match(
        /<div class="flash flash-\w+" role="\w+">([^<]*)<\/div>/,
      )?.[1];

    await act({ action: 'move', network_id: roof.id, return: '/devices?network=1' });
    expect(await flash()).toBe(`Devices moved to network ${roof.network_name}: 2 devices.`);
    const moved = (await devicesOf(admin.orgId)).filter((d) => [up.id, down.id].includes(d.id));
    expect(moved.map((d) => d.location_network_id)).toEqual([roof.id, roof.id]);

    await act({ action: 'tags', tags: 'lobby, floor-2' });
    expect(await flash()).toBe('Tags of 2 devices set to lobby, floor-2.');
    const tagged = (await devicesOf(admin.orgId)).find((d) => d.id === up.id)!;
    expect(tagged.tags!.map((tag) => tag.name).sort()).toEqual(['floor-2', 'lobby']);

    await act({ action: 'release' });
    expect(await flash()).toBe('2 devices released from their network.');
    await act({ action: 'remove' });
    expect(await flash()).toBe('2 devices removed.');
    expect((await devicesOf(admin.orgId)).map((d) => d.id)).not.toContain(up.id);

    // Nothing ticked, or a device of no organisation of the admin's: said, nothing done.
    await browser
      .post('/devices/actions')
      .type('form')
      .send({ _csrf: csrf, action: 'release' })
      .expect(303);
    expect(await flash()).toBe('Tick at least one device.');
  });

  it('moves, tags, releases and removes a device from its page', async () => {
    const { admin, lobby, roof, down } = await consoleFleet(t());
    const browser = await signedIn(t(), admin);
    const page = await browser.get(`/devices/${down.id}`).expect(200);
    expect(page.text).toContain(
      `<option value="${lobby.id}" selected>${lobby.network_name}</option>`,
    );
    const csrf = csrfOf(page.text);
    const act = (fields: Record<string, unknown>) =>
      browser
        .post(`/devices/${down.id}/actions`)
        .type('form')
        .send({ _csrf: csrf, devices: down.mac_id, ...fields })
        .expect(303);
    expect((await act({ action: 'move', network_id: roof.id })).headers.location).toBe(
      `/devices/${down.id}`,
    );
    await act({ action: 'tags', tags: 'spare' });
    const shown = await browser.get(`/devices/${down.id}`).expect(200);
    expect(shown.text).toContain('<input id="device-tags" name="tags" value="spare"');
    expect(shown.text).toContain(`<option value="${roof.id}" selected>`);
    await act({ action: 'release' });
    expect((await act({ action: 'remove' })).headers.location).toBe('/devices');
    await browser.get(`/devices/${down.id}`).expect(404);
  });

  it('labels a device from its page: shown as its title and in the list, refused when bad', async () => {
    const { admin, down } = await consoleFleet(t());
    const browser = await signedIn(t(), admin);
    const named = await browser.get(`/devices/${down.id}`).expect(200);
    // Without a label or a host name, the record name (the network's) names the device.
    expect(named.text).toContain('<h1>lobby-down</h1>');
    expect(named.text).toContain('<dd id="device-host-name">Not reported</dd>');
    await t()
      .dataSource.getRepository(Heartbeat)
      .update({ device_id: down.id }, { name: 'ap-desk-01' });
    const page = await browser.get(`/devices/${down.id}`).expect(200);
    expect(page.text).toContain('<dd id="device-label">None</dd>');
    expect(page.text).toContain('<h1>ap-desk-01</h1>');
    expect(page.text).toContain('<dd id="device-host-name">ap-desk-01</dd>');
    expect((await browser.get('/devices').expect(200)).text).toContain(
      '<td data-label="Name"><span class="device-name">ap-desk-01</span>',
    );
    const csrf = csrfOf(page.text);
    const act = (fields: Record<string, unknown>) =>
      browser
        .post(`/devices/${down.id}/actions`)
        .type('form')
        .send({ _csrf: csrf, devices: down.mac_id, action: 'label', ...fields })
        .expect(303);
    expect((await act({ label: 'Desk & door' })).headers.location).toBe(`/devices/${down.id}`);
    const shown = await browser.get(`/devices/${down.id}`).expect(200);
    expect(decodedHtml(shown.text)).toContain('Label set to Desk & door.');
    expect(shown.text).toContain('<h1>Desk &amp; door</h1>');
    expect(shown.text).toContain('<dd id="device-label">Desk &amp; door</dd>');
    expect(shown.text).toContain(
      '<input id="device-label-input" name="label" value="Desk &amp; door" maxlength="64"',
    );
    const list = await browser.get('/devices').expect(200);
    expect(list.text).toContain(
      '<td data-label="Name"><span class="device-name">Desk &amp; door</span>',
    );
    expect(
      (await t().dataSource.getRepository(Device).findOneByOrFail({ id: down.id })).label,
    ).toBe('Desk & door');
    const events = await t()
      .dataSource.getRepository(EventRecord)
      .findBy({ organisation_id: admin.orgId, type: 'device.labelled' });
    expect(events.map((e) => [e.data, e.actor])).toEqual([
      [
        { changes: { label: { from: null, to: 'Desk & door' } } },
        { type: 'user', id: admin.userId, email: admin.email, via: 'console' },
      ],
    ]);

    await act({ label: ' padded' });
    const refused = await browser.get(`/devices/${down.id}`).expect(200);
    expect(refused.text).toContain(
      '<div class="flash flash-error" role="alert">Label must not begin or end with a space.</div>',
    );
    await act({ label: '' });
    const cleared = await browser.get(`/devices/${down.id}`).expect(200);
    expect(decodedHtml(cleared.text)).toContain('Label cleared.');
    expect(cleared.text).toContain('<dd id="device-label">None</dd>');
    expect(cleared.text).toContain('<h1>ap-desk-01</h1>');
    expect(
      (await t().dataSource.getRepository(Device).findOneByOrFail({ id: down.id })).label,
    ).toBe(null);
  });

  it('refuses members and posts without the CSRF token, and changes nothing', async () => {
    const { admin, lobby, up } = await consoleFleet(t());
    const member = await browserUser(t(), { orgId: admin.orgId, role: 'member' });
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'full');
    const theirs = await signedIn(t(), member);
    const list = await theirs.get('/devices').expect(200);
    expect(list.text).not.toContain('bulk-actions');
    expect(list.text).not.toContain('Claim devices');
    const device = await theirs.get(`/devices/${up.id}`).expect(200);
    expect(device.text).not.toContain('Manage');
    const csrf = csrfOf(list.text);
    for (const path of ['/devices/claim', '/devices/actions', `/devices/${up.id}/actions`]) {
      await theirs
        .post(path)
        .type('form')
        .send({ _csrf: csrf, action: 'remove', devices: up.mac_id })
        .expect(403);
    }
    const browser = await signedIn(t(), admin);
    const res = await browser
      .post(`/devices/${up.id}/actions`)
      .type('form')
      .send({ action: 'remove', devices: up.mac_id })
      .expect(403);
    expect(res.text).toContain(CSRF_PAGE);
    expect((await devicesOf(admin.orgId)).map((d) => d.id)).toContain(up.id);

    // Another organisation's admin cannot reach the device by its MAC.
    const stranger = await signedIn(t(), await browserUser(t(), { role: 'admin' }));
    const theirCsrf = csrfOf((await stranger.get('/devices').expect(200)).text);
    await stranger
      .post('/devices/actions')
      .type('form')
      .send({ _csrf: theirCsrf, action: 'remove', devices: up.mac_id })
      .expect(303);
    expect((await devicesOf(admin.orgId)).map((d) => d.id)).toContain(up.id);
  });
});
