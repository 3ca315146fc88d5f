import { onBothDatabases } from '../harness/app';
import { deviceFixtures } from '../harness/access-points.helpers';
import { eventFixtures } from '../harness/events.helpers';

/** The events of the changes people ask for, each written with its change. */
onBothDatabases('events of device placement and upgrade writes', (t) => {
  const f = deviceFixtures(t);
  const e = eventFixtures(t);
  const post = (path: string, auth: Record<string, string>, body: object) =>
    t().http().post(`/v1/access_points/${path}`).set(auth).send(body);
  const user = (caller: { userId: number }) => ({
    type: 'user',
    id: caller.userId,
    email: expect.stringMatching(/@example\.test$/),
    via: 'api',
  });

  it('records device.claimed and device.moved for provisioning, by the user', async () => {
    const admin = await t().fixtures.admin();
    const lobby = await f.network(admin.orgId, 'Lobby');
    const unassigned = await f.device(admin.orgId);
    const [fresh] = await t().fixtures.masterMacs(1);
    await post('provisioning', admin.auth, {
      mac_id: `${fresh},${unassigned.mac_id}`,
      network_id: lobby.id,
    }).expect(200);
    const events = await e.events(admin.auth, { after: 0 });
    const network = { id: lobby.id, network_name: 'Lobby' };
    // In device id order: the device already in the inventory first.
    expect(events).toEqual([
      {
        id: expect.any(Number),
        type: 'device.moved',
        occurred_at: expect.any(String),
        network,
        device: { id: unassigned.id, mac_id: unassigned.mac_id, name: 'Lobby' },
        actor: user(admin),
        data: { from_network_id: null, to_network_id: lobby.id },
      },
      {
        id: expect.any(Number),
        type: 'device.claimed',
        occurred_at: events[0].occurred_at,
        network,
        device: { id: expect.any(Number), mac_id: fresh, name: 'Lobby' },
        actor: user(admin),
        data: { network_id: lobby.id },
      },
    ]);
  });

  it('records device.moved only for devices whose network changed, device.released and device.removed with the network left', async () => {
    const admin = await t().fixtures.admin();
    const [a, b] = [await f.network(admin.orgId, 'A'), await f.network(admin.orgId, 'B')];
    const first = await f.device(admin.orgId, { networkId: a.id });
    const second = await f.device(admin.orgId, { networkId: b.id });
    await t().fixtures.recountDevices();
    await post('move_devices', admin.auth, {
      devices: [first.mac_id, second.mac_id],
      existing_network_id: b.id,
    }).expect(200);
    await post('release_devices', admin.auth, { devices: [first.mac_id] }).expect(200);
    await post('remove_devices', admin.auth, { devices: [first.mac_id, second.mac_id] }).expect(
      200,
    );
    const shown = (await e.events(admin.auth, { after: 0 })).map((event) => [
      event.type,
      event.device?.mac_id,
      event.network?.network_name ?? null,
      event.data,
    ]);
    expect(shown).toEqual([
      ['device.moved', first.mac_id, 'B', { from_network_id: a.id, to_network_id: b.id }],
      ['device.released', first.mac_id, 'B', { network_id: b.id }],
      ['device.removed', first.mac_id, null, { network_id: null }],
      ['device.removed', second.mac_id, 'B', { network_id: b.id }],
    ]);
  });

  it('records network.created and the devices it claims; a refused request records nothing', async () => {
    const admin = await t().fixtures.admin();
    const [mac] = await t().fixtures.masterMacs(1);
    const create = (location_network: object) =>
      t().http().post('/v1/location_networks').set(admin.auth).send({ location_network });
    await create({ network_name: 'Bad', timezone: 'UTC', mac_id: 'zz' }).expect(422);
    expect(await e.events(admin.auth)).toEqual([]);
    const res = await create({ network_name: 'Shop', timezone: 'UTC', mac_id: mac }).expect(200);
    const id = res.body.data.id as number;
    const shown = (await e.events(admin.auth, { after: 0 })).map((event) => [
      event.type,
      event.network,
      event.device?.mac_id ?? null,
      event.data,
    ]);
    const network = { id, network_name: 'Shop' };
    expect(shown).toEqual([
      ['network.created', network, null, { network_name: 'Shop' }],
      ['device.claimed', network, mac, { network_id: id }],
    ]);
  });

  it('records upgrade.created, upgrade.updated and upgrade.deleted, one per upgrade', async () => {
    const admin = await t().fixtures.admin();
    const part = await t().fixtures.hardwarePart();
    await t().fixtures.upgradeData({
      version: '2.0.0',
      url: { [part.part_number]: 'https://fw.example/2.0.0.bin' },
    });
    const network = await f.network(admin.orgId, 'Lab');
    const [a, b] = [
      await f.device(admin.orgId, { part, networkId: network.id }),
      await f.device(admin.orgId, { part }),
    ];
    const write = (aps: string[]) =>
      t().http().post('/upgrades').set(admin.auth).send({ upgrade: { aps } }).expect(200);
    const created = await write([`AP:${a.id}`]);
    const upgradeA = created.body.data.upgrades[0].id as number;
    await write([`AP:${a.id}`, `AP:${b.id}`]);
    await t().http().delete(`/upgrades/${upgradeA}`).set(admin.auth).expect(200);
    const events = await e.events(admin.auth, { after: 0, type: 'upgrade.*' });
    expect(
      events.map((event) => [event.type, event.device?.id, event.network?.id ?? null, event.data]),
    ).toEqual([
      [
        'upgrade.created',
        a.id,
        network.id,
        { upgrade_id: upgradeA, version: '2.0.0', rollout_id: null },
      ],
      [
        'upgrade.updated',
        a.id,
        network.id,
        { upgrade_id: upgradeA, version: '2.0.0', rollout_id: null },
      ],
      [
        'upgrade.created',
        b.id,
        null,
        { upgrade_id: expect.any(Number), version: '2.0.0', rollout_id: null },
      ],
      [
        'upgrade.deleted',
        a.id,
        network.id,
        { upgrade_id: upgradeA, version: '2.0.0', rollout_id: null },
      ],
    ]);
    expect(events.every((event) => event.actor.type === 'user' && event.actor.via === 'api')).toBe(
      true,
    );
  });

  it('records network.updated with the fields that changed, and network.deleted', async () => {
    const admin = await t().fixtures.admin();
    const network = await f.network(admin.orgId, 'Old name');
    await t()
      .http()
      .patch(`/v1/location_networks/${network.id}`)
      .set(admin.auth)
      .send({ location_network: { network_name: 'New name', timezone: 'Europe/Paris' } })
      .expect(200);
    await t().http().delete(`/v1/location_networks/${network.id}`).set(admin.auth).expect(200);
    const events = await e.events(admin.auth, { after: 0, type: 'network.*' });
    expect(events.map((event) => [event.type, event.network, event.data])).toEqual([
      [
        'network.updated',
        { id: network.id, network_name: 'New name' },
        {
          network_name: 'New name',
          changes: {
            network_name: { from: 'Old name', to: 'New name' },
            timezone: { from: 'UTC', to: 'Europe/Paris' },
          },
        },
      ],
      [
        'network.deleted',
        { id: network.id, network_name: 'New name' },
        { network_name: 'New name' },
      ],
    ]);
    expect(events[0].actor).toEqual(user(admin));
  });

  it('records tags.updated and uplinks.applied, one per device', async () => {
    const admin = await t().fixtures.admin();
    const network = await f.network(admin.orgId, 'Tagged');
    const ap = await f.device(admin.orgId, { networkId: network.id });
    await t()
      .http()
      .put('/v1/access_points/tags')
      .set(admin.auth)
      .send({ mac_ids: ap.mac_id, tag_list: ['lobby', 'floor-1'] })
      .expect(200);
    const template = await t()
      .http()
      .post('/v1/init_templates')
      .set(admin.auth)
      .send({ init_template: { name: 'wan', details: [{ uplink_type: '1' }] } })
      .expect(200);
    const templateId = template.body.data.id as number;
    await t()
      .http()
      .put('/v1/access_points/apply_configuration')
      .set(admin.auth)
      .send({ mac_ids: ap.mac_id, init_template_id: templateId })
      .expect(200);
    const events = await e.events(admin.auth, { after: 0, type: 'tags.updated,uplinks.applied' });
    expect(
      events.map((event) => [event.type, event.device?.id, event.network?.id, event.data]),
    ).toEqual([
      ['tags.updated', ap.id, network.id, { tag_list: ['lobby', 'floor-1'] }],
      ['uplinks.applied', ap.id, network.id, { init_template_id: templateId }],
    ]);
  });

  it('records ssid.created, ssid.updated and ssid.deleted with the fields that changed, the WPA key masked', async () => {
    const admin = await t().fixtures.admin();
    const network = await f.network(admin.orgId, 'Cafe');
    const created = await t()
      .http()
      .post('/v1/network_ssids')
      .set(admin.auth)
      .send({
        network_id: network.id,
        network_ssid: { ssid_name: 'Guests', security_mode: 'wpa2', wpa_key: 'correct horse' },
      })
      .expect(200);
    const id = created.body.data.id as number;
    await t()
      .http()
      .patch(`/v1/network_ssids/${id}`)
      .set(admin.auth)
      .send({ network_ssid: { ssid_name: 'Visitors', wpa_key: 'battery staple' } })
      .expect(200);
    await t().http().delete(`/v1/network_ssids/${id}`).set(admin.auth).expect(200);
    const events = await e.events(admin.auth, { after: 0, type: 'ssid.*' });
    expect(JSON.stringify(events)).not.toMatch(/correct horse|battery staple/);
    expect(events.map((event) => [event.type, event.network?.id])).toEqual([
      ['ssid.created', network.id],
      ['ssid.updated', network.id],
      ['ssid.deleted', network.id],
    ]);
    expect(events[0].data).toMatchObject({
      ssid_id: id,
      ssid_name: 'Guests',
      changes: {
        ssid_name: { from: null, to: 'Guests' },
        security_mode: { from: null, to: 'wpa2' },
        wpa_key: { from: '********', to: '********' },
      },
    });
    expect(events[1].data).toEqual({
      ssid_id: id,
      ssid_name: 'Visitors',
      changes: {
        ssid_name: { from: 'Guests', to: 'Visitors' },
        wpa_key: { from: '********', to: '********' },
      },
    });
    expect(events[2].data).toEqual({ ssid_id: id, ssid_name: 'Visitors', changes: {} });
  });

  it('records grant.created and grant.revoked, and no event for a revoke of no grant', async () => {
    const admin = await t().fixtures.admin();
    const member = await t().fixtures.member(admin.orgId);
    const network = await f.network(admin.orgId, 'Granted');
    const body = { user_id: member.userId, network_id: network.id };
    const access = (method: 'post' | 'delete', extra: object = {}) =>
      t()
        .http()
        [method]('/v1/network_access')
        .set(admin.auth)
        .send({ ...body, ...extra })
        .expect(200);
    await access('post', { level: 'read_only' });
    await access('delete');
    await access('delete');
    const events = await e.events(admin.auth, { after: 0, type: 'grant.*' });
    expect(events.map((event) => [event.type, event.network?.id, event.data])).toEqual([
      [
        'grant.created',
        network.id,
        { user_id: member.userId, network_id: network.id, level: 'read_only' },
      ],
      [
        'grant.revoked',
        network.id,
        { user_id: member.userId, network_id: network.id, level: 'read_only' },
      ],
    ]);
  });
});
