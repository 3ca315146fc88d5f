process.env.TZ = 'UTC';
import { DeviceTransitionsService } from '../../src/device-state/device-transitions.service';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { onBothDatabases } from '../harness/app';
import { clientFixtures, clientMac, station } from '../harness/clients.helpers';

const INVALID = (errors: string) => ({ msg: 'Invalid parameters', error_code: 1030, errors });

onBothDatabases('check-in stations and client sessions', (t) => {
  const c = clientFixtures(t);

  it.each([
    ['a MAC that is not one', [station('nope')], 'stations.0.mac must be a MAC address'],
    [
      'an empty SSID',
      [station(clientMac(), { ssid: '' })],
      'stations.0.ssid must be longer than or equal to 1 characters',
    ],
    [
      'an SSID of 33 characters',
      [station(clientMac(), { ssid: 'x'.repeat(33) })],
      'stations.0.ssid must be shorter than or equal to 32 characters',
    ],
    [
      'an unknown band',
      [station(clientMac(), { band: '60' })],
      'stations.0.band must be one of: 2.4, 5, 6',
    ],
    [
      'a numeric band',
      [station(clientMac(), { band: 5 })],
      'stations.0.band must be one of: 2.4, 5, 6',
    ],
    [
      'channel 0',
      [station(clientMac(), { channel: 0 })],
      'stations.0.channel must not be less than 1',
    ],
    [
      'channel 234',
      [station(clientMac(), { channel: 234 })],
      'stations.0.channel must not be greater than 233',
    ],
    [
      'an RSSI above 0',
      [station(clientMac(), { rssi: 1 })],
      'stations.0.rssi must not be greater than 0',
    ],
    [
      'an RSSI below -120',
      [station(clientMac(), { rssi: -121 })],
      'stations.0.rssi must not be less than -120',
    ],
    [
      'a fractional rate',
      [station(clientMac(), { tx_rate_kbps: 1.5 })],
      'stations.0.tx_rate_kbps must be an integer number',
    ],
    [
      'negative bytes',
      [station(clientMac(), { rx_bytes: -1 })],
      'stations.0.rx_bytes must not be less than 0',
    ],
    [
      'bytes above 2^53 - 1',
      [station(clientMac(), { tx_bytes: 2 ** 53 })],
      'stations.0.tx_bytes must not be greater than 9007199254740991',
    ],
    [
      'negative connected seconds',
      [station(clientMac(), { connected_seconds: -5 })],
      'stations.0.connected_seconds must not be less than 0',
    ],
    [
      'an IP that is not one',
      [station(clientMac(), { ip: '10.0.0.300' })],
      'stations.0.ip must be an ip address',
    ],
    [
      'a host name of 256 characters',
      [station(clientMac(), { hostname: 'h'.repeat(256) })],
      'stations.0.hostname must be shorter than or equal to 255 characters',
    ],
  ])(
    'refuses %s with 422 1030 naming it, recording nothing of the check-in',
    async (_case, stations, message) => {
      const admin = await t().fixtures.admin();
      const ap = await c.device(admin.orgId);
      const res = await c
        .checkin(ap.auth, { name: 'not-kept', stations: [station(clientMac()), ...stations] })
        .expect(422);
      expect(res.body).toEqual(INVALID(message.replace('stations.0.', 'stations.1.')));
      expect(
        await t().dataSource.getRepository(Heartbeat).countBy({ device_id: ap.device.id }),
      ).toBe(0);
      expect(await c.sessionRows(admin.orgId)).toBe(0);
    },
  );

  it('names every bad value of every entry at once', async () => {
    const admin = await t().fixtures.admin();
    const ap = await c.device(admin.orgId);
    const res = await c
      .checkin(ap.auth, {
        stations: [station(clientMac(), { rssi: 5 }), station('x', { band: '7' })],
      })
      .expect(422);
    expect(res.body).toEqual(
      INVALID(
        'stations.0.rssi must not be greater than 0, stations.1.mac must be a MAC address, ' +
          'stations.1.band must be one of: 2.4, 5, 6',
      ),
    );
  });

  it('refuses a MAC listed twice in any forms, more than 1,024 entries and clients that differ from their number', async () => {
    const admin = await t().fixtures.admin();
    const ap = await c.device(admin.orgId);
    const mac = clientMac();
    const dashed = mac.replace(/:/g, '-').toLowerCase();
    expect(
      (await c.checkin(ap.auth, { stations: [station(mac), station(dashed)] }).expect(422)).body,
    ).toEqual(INVALID(`stations lists a mac more than once: ${mac}`));
    const many = Array.from({ length: 1025 }, (_, i) =>
      station(
        `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`,
      ),
    );
    expect((await c.checkin(ap.auth, { stations: many }).expect(422)).body).toEqual(
      INVALID('stations must contain no more than 1024 elements'),
    );
    expect(
      (await c.checkin(ap.auth, { clients: 2, stations: [station(mac)] }).expect(422)).body,
    ).toEqual(INVALID('clients must equal the number of stations (1)'));
    expect(await c.sessionRows(admin.orgId)).toBe(0);
    await c.checkin(ap.auth, { clients: 1, stations: [station(mac)] }).expect(200);
    expect(await c.sessionRows(admin.orgId)).toBe(1);
  });

  it('starts a session at the check-in that first lists the client, keeps the latest values and the lowest signal, and ends it at the first check-in without it', async () => {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const ap = await c.device(admin.orgId, { networkId: network.id, name: 'lobby-ap' });
    const mac = clientMac();
    const first = await c.report(ap, [
      station(mac.toLowerCase().replace(/:/g, ''), {
        channel: 36,
        rssi: -60,
        tx_rate_kbps: 866000,
        rx_rate_kbps: 650000,
        tx_bytes: 1000,
        rx_bytes: 2000,
        connected_seconds: 5,
        ip: '10.0.0.23',
        hostname: 'Pixel-7',
      }),
    ]);
    await c.report(ap, [station(mac, { rssi: -75, tx_bytes: 5000 })]);
    const seen = await c.report(ap, [station(mac, { rssi: -50 })]);
    const device = { id: ap.device.id, mac_id: ap.device.mac_id, name: 'lobby-ap' };
    const open = {
      id: expect.any(Number),
      client_mac: mac,
      device,
      network: { id: network.id, network_name: network.network_name },
      ssid: 'Guest',
      band: '5',
      channel: 36,
      rssi: -50,
      rssi_min: -75,
      tx_rate_kbps: 866000,
      rx_rate_kbps: 650000,
      tx_bytes: 5000,
      rx_bytes: 2000,
      ip: '10.0.0.23',
      hostname: 'Pixel-7',
      started_at: first,
      last_seen_at: seen,
      ended_at: null,
      roamed_from: null,
    };
    expect((await c.client(admin.auth, mac).expect(200)).body).toEqual({
      data: {
        client: {
          mac,
          hostname: 'Pixel-7',
          ip: '10.0.0.23',
          connected: true,
          device,
          network: open.network,
          ssid: 'Guest',
          band: '5',
          channel: 36,
          rssi: -50,
          connected_since: first,
          last_seen_at: seen,
          tx_bytes: 5000,
          rx_bytes: 2000,
          sessions_today: 1,
        },
        sessions: [open],
      },
      status: 200,
    });
    // A check-in without stations leaves the clients as they were.
    await c.checkin(ap.auth, { clients: 7 }).expect(200);
    expect((await c.client(admin.auth, mac).expect(200)).body.data.sessions[0]).toEqual(open);
    const gone = await c.report(ap, [], { clients: 0 });
    expect((await c.client(admin.auth, mac).expect(200)).body.data).toMatchObject({
      client: { connected: false, last_seen_at: seen },
      sessions: [{ ...open, ended_at: gone }],
    });
  });

  it('writes no session row for a check-in whose stations did not change, only the one heartbeat statement', async () => {
    const admin = await t().fixtures.admin();
    const ap = await c.device(admin.orgId);
    const macs = Array.from({ length: 30 }, () => clientMac());
    await c.report(
      ap,
      macs.map((mac) => station(mac, { rssi: -60 })),
    );
    await c.report(
      ap,
      macs.map((mac) => station(mac, { rssi: -61 })),
    );
    const statements = await t().statementsOf(() =>
      c.report(
        ap,
        macs.map((mac, i) => station(mac, { rssi: -40 - i, tx_bytes: i })),
      ),
    );
    const writes = statements.filter((s) => /client_sessions/.test(s) && !/^\s*SELECT/i.test(s));
    expect(writes).toEqual([]);
    expect(statements.filter((s) => /INSERT INTO "heartbeats"/.test(s))).toHaveLength(1);
    const shown = (await c.client(admin.auth, macs[29]).expect(200)).body.data.sessions[0];
    expect(shown).toMatchObject({ rssi: -69, rssi_min: -69, tx_bytes: 29 });
    expect((await c.client(admin.auth, macs[0]).expect(200)).body.data.sessions[0]).toMatchObject({
      rssi: -40,
      rssi_min: -61,
    });
  });

  it('ends a departed client and an arrived one elsewhere in one statement, and starts the arrival in one more', async () => {
    const admin = await t().fixtures.admin();
    const [a, b] = [await c.device(admin.orgId), await c.device(admin.orgId)];
    const [stays, departs, arrives] = [clientMac(), clientMac(), clientMac()];
    await c.report(a, [station(stays), station(departs)]);
    await c.report(b, [station(arrives)]);
    let at = '';
    const statements = await t().statementsOf(async () => {
      at = await c.report(a, [station(stays), station(arrives, { rssi: -52 })]);
    });
    const sessionWrites = statements.filter(
      (s) => /client_sessions/.test(s) && !/^\s*SELECT/i.test(s),
    );
    expect(sessionWrites.map((s) => s.trim().split(/\s/)[0])).toEqual(['UPDATE', 'INSERT']);
    const [gone, moved] = [
      (await c.client(admin.auth, departs).expect(200)).body.data.sessions,
      (await c.client(admin.auth, arrives).expect(200)).body.data.sessions,
    ];
    expect(gone).toEqual([expect.objectContaining({ ended_at: at })]);
    expect(moved).toEqual([
      expect.objectContaining({
        device: expect.objectContaining({ id: a.device.id }),
        started_at: at,
        ended_at: null,
        rssi: -52,
        roamed_from: expect.objectContaining({ id: b.device.id }),
      }),
      expect.objectContaining({
        device: expect.objectContaining({ id: b.device.id }),
        ended_at: at,
      }),
    ]);
  });

  it('ends the session on a roam to another device, naming it in roamed_from, and keeps connected_since across the run', async () => {
    const admin = await t().fixtures.admin();
    const [a, b, d] = [
      await c.device(admin.orgId),
      await c.device(admin.orgId),
      await c.device(admin.orgId),
    ];
    const mac = clientMac();
    const started = await c.report(a, [station(mac, { rssi: -70 })]);
    await c.report(a, [station(mac, { rssi: -80 })]);
    const roamed = await c.report(b, [station(mac, { rssi: -50, band: '2.4' })]);
    const again = await c.report(d, [station(mac, { rssi: -55 })]);
    const body = (await c.client(admin.auth, mac).expect(200)).body.data;
    expect(body.client).toMatchObject({
      connected: true,
      connected_since: started,
      device: { id: d.device.id },
      sessions_today: 3,
    });
    expect(
      body.sessions.map((s: Record<string, unknown>) => [
        (s.device as { id: number }).id,
        s.started_at,
        s.ended_at,
        (s.roamed_from as { id: number } | null)?.id ?? null,
        s.rssi_min,
      ]),
    ).toEqual([
      [d.device.id, again, null, b.device.id, -55],
      [b.device.id, roamed, again, a.device.id, -50],
      [a.device.id, started, roamed, null, -80],
    ]);
    // The device it left lists it again: it roamed back, a new session in the same run.
    const back = await c.report(a, [station(mac, { rssi: -80 })]);
    const now = (await c.client(admin.auth, mac).expect(200)).body.data;
    expect(now.client).toMatchObject({ device: { id: a.device.id }, connected_since: started });
    expect(now.sessions[0]).toMatchObject({ started_at: back, roamed_from: { id: d.device.id } });
    expect(now.sessions[1]).toMatchObject({ ended_at: back });
  });

  it('ends the sessions of a device that goes DOWN at its last heartbeat, with its device.down, and of a removed device at its removal', async () => {
    const admin = await t().fixtures.admin();
    const [a, b] = [await c.device(admin.orgId), await c.device(admin.orgId)];
    const [m1, m2] = [clientMac(), clientMac()];
    await c.report(a, [station(m1, { rssi: -44 })]);
    await c.report(b, [station(m2)]);
    const seen = await c.checkedInAt(a.device.id);
    // The sweep a timeout later: A's last heartbeat was its check-in.
    await t()
      .app.get(DeviceTransitionsService)
      .sweep(new Date(Date.now() + 400_000));
    expect((await c.client(admin.auth, m1).expect(200)).body.data.sessions[0]).toMatchObject({
      ended_at: seen.toISOString(),
      last_seen_at: seen.toISOString(),
      rssi: -44,
    });
    expect((await c.client(admin.auth, m2).expect(200)).body.data.client.connected).toBe(false);
    await c.report(b, [station(m2)]);
    // Back UP, the same client starts a new session.
    await c.report(a, [station(m1)]);
    expect((await c.client(admin.auth, m1).expect(200)).body.data.sessions).toHaveLength(2);
    const before = Date.now();
    await t()
      .http()
      .post('/v1/access_points/remove_devices')
      .set(admin.auth)
      .send({ devices: [b.device.mac_id] })
      .expect(200);
    const removed = (await c.client(admin.auth, m2).expect(200)).body.data;
    expect(removed.client.connected).toBe(false);
    expect(Date.parse(removed.sessions[0].ended_at)).toBeGreaterThanOrEqual(before - 5);
    expect(removed.sessions[0].device).toEqual({
      id: b.device.id,
      mac_id: b.device.mac_id,
      name: null,
    });
  });

  it('keeps separate records of one MAC in two organisations', async () => {
    const [one, two] = [await t().fixtures.admin(), await t().fixtures.admin()];
    const [a, b] = [await c.device(one.orgId), await c.device(two.orgId)];
    const mac = clientMac();
    await c.report(a, [station(mac, { hostname: 'one' })]);
    await c.report(b, [station(mac, { hostname: 'two' })]);
    expect((await c.client(one.auth, mac).expect(200)).body.data.sessions).toMatchObject([
      { hostname: 'one', ended_at: null, device: { id: a.device.id } },
    ]);
    expect((await c.client(two.auth, mac).expect(200)).body.data.sessions).toMatchObject([
      { hostname: 'two', ended_at: null, device: { id: b.device.id } },
    ]);
  });

  it('records a new address or host name in the open session, and keeps one an entry omits', async () => {
    const admin = await t().fixtures.admin();
    const ap = await c.device(admin.orgId);
    const mac = clientMac();
    await c.report(ap, [station(mac)]);
    await c.report(ap, [station(mac, { ip: '10.0.0.9', hostname: 'laptop' })]);
    await c.report(ap, [station(mac)]);
    expect((await c.client(admin.auth, mac).expect(200)).body.data.sessions).toMatchObject([
      { ip: '10.0.0.9', hostname: 'laptop', ended_at: null },
    ]);
  });
});
