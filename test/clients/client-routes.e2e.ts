process.env.TZ = 'UTC';
import { onBothDatabases } from '../harness/app';
import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { clientFixtures, clientMac, station } from '../harness/clients.helpers';

const NOT_FOUND = { msg: 'Client not found', error_code: 1048 };
const INVALID = (errors: string) => ({ msg: 'Invalid parameters', error_code: 1030, errors });

onBothDatabases('client routes', (t) => {
  const c = clientFixtures(t);

  /** An organisation with two networks, a device in each and five clients. */
  async function site() {
    const admin = await t().fixtures.admin();
    const lobby = await t().fixtures.network(admin.orgId);
    const rooms = await t().fixtures.network(admin.orgId);
    const a = await c.device(admin.orgId, { networkId: lobby.id });
    const b = await c.device(admin.orgId, { networkId: rooms.id });
    const macs = Array.from({ length: 5 }, () => clientMac());
    await c.report(a, [
      station(macs[0], { rssi: -70, hostname: 'Alpha-Phone', ip: '10.1.0.10' }),
      station(macs[1], { rssi: -40, hostname: 'beta-laptop', ip: '10.1.0.11', band: '2.4' }),
      station(macs[2], { ssid: 'Staff', ip: '10.1.0.12' }),
    ]);
    await c.report(b, [
      station(macs[3], { rssi: -85, hostname: 'gamma', ip: '192.168.7.3' }),
      station(macs[4], { rssi: -55, hostname: 'Delta', band: '6' }),
    ]);
    // macs[4] leaves: not connected any more.
    await c.report(b, [station(macs[3], { rssi: -85 })]);
    return { admin, lobby, rooms, a, b, macs };
  }

  const macsOf = (body: { data: { clients: { mac: string }[] } }) =>
    body.data.clients.map((client) => client.mac);

  it('lists each client once as its newest session describes it, newest seen first by default, with the paging meta', async () => {
    const { admin, macs } = await site();
    const res = await c.list(admin.auth).expect(200);
    expect(res.body.data.meta).toEqual({
      current: 1,
      previous: null,
      next: null,
      per_page: 100,
      pages: 1,
      count: 5,
    });
    // b's last check-in is the newest sighting (macs[3]), its first macs[4]'s; then a's, by MAC.
    const sortedA = [macs[0], macs[1], macs[2]].sort();
    expect(macsOf(res.body)).toEqual([macs[3], macs[4], ...sortedA]);
    expect(res.body.status).toBe(200);
    const page = await c.list(admin.auth, { per_page: 2, page: 2 }).expect(200);
    expect(page.body.data.meta).toEqual({
      current: 2,
      previous: 1,
      next: 3,
      per_page: 2,
      pages: 3,
      count: 5,
    });
    expect(macsOf(page.body)).toEqual(macsOf(res.body).slice(2, 4));
    const past = await c.list(admin.auth, { per_page: 2, page: 9 }).expect(200);
    expect(past.body.data).toEqual({
      clients: [],
      meta: { current: 9, previous: 8, next: null, per_page: 2, pages: 3, count: 5 },
    });
  });

  it("reads the live values of the page's clients only, not of every client the list considers", async () => {
    const { admin, a, b, macs } = await site();
    // A probe of what the page reads: b's record of live values made unreadable. A list that
    // read every open session's live values before paging (a whole organisation's clients,
    // at every request) fails on it; one that reads them for the page's rows does not.
    const heartbeats = t().dataSource.getRepository(Heartbeat);
    await heartbeats.update({ device_id: b.device.id }, { stations: '{"unreadable' });
    await c.report(a, [station(macs[0], { rssi: -61 })]);
    const res = await c.list(admin.auth, { per_page: 1 }).expect(200);
    expect(res.body.data.clients).toEqual([
      expect.objectContaining({ mac: macs[0], rssi: -61, connected: true }),
    ]);
    expect(res.body.data.meta.count).toBe(5);
  });

  it('sorts by weakest signal (unknown last) and by host name (case-insensitive, none last), ties by MAC', async () => {
    const { admin, macs } = await site();
    const rssi = await c.list(admin.auth, { sort: 'rssi' }).expect(200);
    expect(macsOf(rssi.body)).toEqual([macs[3], macs[0], macs[4], macs[1], macs[2]]);
    const names = await c.list(admin.auth, { sort: 'hostname' }).expect(200);
    expect(macsOf(names.body)).toEqual([macs[0], macs[1], macs[4], macs[3], macs[2]]);
  });

  it('filters by network, device, SSID, band, connection and last sighting', async () => {
    const { admin, lobby, rooms, a, b, macs } = await site();
    const by = async (query: Record<string, unknown>) =>
      macsOf((await c.list(admin.auth, { sort: 'hostname', ...query }).expect(200)).body);
    expect(await by({ network_id: rooms.id })).toEqual([macs[4], macs[3]]);
    expect(await by({ network_id: lobby.id })).toEqual([macs[0], macs[1], macs[2]]);
    expect(await by({ mac_id: b.device.mac_id.replace(/:/g, '').toLowerCase() })).toEqual([
      macs[4],
      macs[3],
    ]);
    expect(await by({ mac_id: a.device.mac_id.replace(/:/g, '-') })).toEqual([
      macs[0],
      macs[1],
      macs[2],
    ]);
    expect(await by({ ssid: 'Staff' })).toEqual([macs[2]]);
    expect(await by({ band: '2.4' })).toEqual([macs[1]]);
    expect(await by({ band: '6' })).toEqual([macs[4]]);
    expect(await by({ connected: 'false' })).toEqual([macs[4]]);
    expect(await by({ connected: 'true', network_id: rooms.id })).toEqual([macs[3]]);
    expect(await by({ seen_since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await by({ seen_since: new Date(Date.now() - 60_000).toISOString() })).toHaveLength(5);
  });

  it('searches part of the MAC in any form, the host name case-insensitively and the IP', async () => {
    const { admin, macs } = await site();
    const by = async (search: string) =>
      macsOf((await c.list(admin.auth, { search }).expect(200)).body).sort();
    const hex = macs[3].replace(/:/g, '');
    const six = hex.slice(6);
    expect(await by(six.toLowerCase())).toEqual([macs[3]]);
    expect(await by(macs[3].slice(9))).toEqual([macs[3]]);
    expect(await by(macs[3].slice(9).replace(/:/g, '-'))).toEqual([macs[3]]);
    expect(await by(macs[3].slice(9).replace(/:/g, '.').toLowerCase())).toEqual([macs[3]]);
    expect(await by('ALPHA')).toEqual([macs[0]]);
    expect(await by('-laptop')).toEqual([macs[1]]);
    expect(await by('192.168.7')).toEqual([macs[3]]);
    expect(await by('10.1.0.1')).toEqual([macs[0], macs[1], macs[2]].sort());
    expect(await by('no such client')).toEqual([]);
    expect(await by('100%')).toEqual([]);
  });

  it('refuses bad parameters with 422 1030 naming each, and an unknown network or device with 404 1001', async () => {
    const { admin } = await site();
    expect(
      (
        await c
          .list(admin.auth, { band: '7', connected: 'yes', sort: 'signal', seen_since: 'monday' })
          .expect(422)
      ).body,
    ).toEqual(
      INVALID(
        'band must be one of: 2.4, 5, 6, connected must be one of: true, false, ' +
          'seen_since must be a valid ISO 8601 date string, ' +
          'sort must be one of: last_seen, rssi, hostname',
      ),
    );
    expect((await c.list(admin.auth, { mac_id: 'zz' }).expect(422)).body).toEqual(
      INVALID('mac_id must be a MAC address'),
    );
    expect((await c.list(admin.auth, { network_id: 999999 }).expect(404)).body).toEqual({
      msg: 'Network not found',
      error_code: 1001,
    });
    expect((await c.list(admin.auth, { mac_id: '02:00:00:00:00:99' }).expect(404)).body).toEqual({
      msg: 'Device not found',
      error_code: 1001,
    });
    expect((await c.client(admin.auth, 'not-a-mac').expect(422)).body).toEqual(
      INVALID('mac must be a MAC address'),
    );
  });

  it('shows a client by its MAC in any form; a client without a session answers 404 1048', async () => {
    const { admin, macs } = await site();
    for (const form of [
      macs[0],
      macs[0].toLowerCase().replace(/:/g, ''),
      macs[0].replace(/:/g, '-'),
    ]) {
      const res = await c.client(admin.auth, form).expect(200);
      expect(res.body.data.client.mac).toBe(macs[0]);
    }
    expect((await c.client(admin.auth, clientMac()).expect(404)).body).toEqual(NOT_FOUND);
  });

  it('pages the sessions newest first, within since and until (both inclusive)', async () => {
    const admin = await t().fixtures.admin();
    const [a, b] = [await c.device(admin.orgId), await c.device(admin.orgId)];
    const mac = clientMac();
    const starts: string[] = [];
    for (let i = 0; i < 5; i++) {
      starts.push(await c.report(i % 2 ? b : a, [station(mac)]));
    }
    const sessions = (query: Record<string, unknown>) =>
      t().http().get(`/v1/clients/${mac}/sessions`).query(query).set(admin.auth);
    const all = await sessions({}).expect(200);
    expect(all.body.data.sessions.map((s: { started_at: string }) => s.started_at)).toEqual(
      [...starts].reverse(),
    );
    expect(all.body.data.meta).toEqual({
      current: 1,
      previous: null,
      next: null,
      per_page: 100,
      pages: 1,
      count: 5,
    });
    const window = await sessions({ since: starts[1], until: starts[3], per_page: 2 }).expect(200);
    expect(window.body.data.sessions.map((s: { started_at: string }) => s.started_at)).toEqual([
      starts[3],
      starts[2],
    ]);
    expect(window.body.data.meta).toMatchObject({ count: 3, pages: 2, next: 2 });
    expect((await sessions({ since: starts[3], until: starts[1] }).expect(422)).body).toEqual(
      INVALID('since must not be after until'),
    );
    expect(
      (await t().http().get(`/v1/clients/${clientMac()}/sessions`).set(admin.auth).expect(404))
        .body,
    ).toEqual(NOT_FOUND);
  });

  it("shows members only the sessions of networks they may read, and another organisation's client as not found", async () => {
    const { admin, lobby, rooms, a, macs } = await site();
    const member = await t().fixtures.member(admin.orgId);
    await t().fixtures.grant(admin.orgId, member.userId, lobby.id, 'read_only');
    // macs[3] roams into the lobby: the member sees only its lobby session.
    await c.report(a, [station(macs[0]), station(macs[1]), station(macs[2]), station(macs[3])]);
    const listed = await c.list(member.auth, { sort: 'hostname' }).expect(200);
    expect(macsOf(listed.body).sort()).toEqual([macs[0], macs[1], macs[2], macs[3]].sort());
    const roamed = (await c.client(member.auth, macs[3]).expect(200)).body.data;
    expect(roamed.sessions).toHaveLength(1);
    expect(roamed.client.sessions_today).toBe(1);
    expect((await c.client(admin.auth, macs[3]).expect(200)).body.data.sessions).toHaveLength(2);
    expect((await c.client(member.auth, macs[4]).expect(404)).body).toEqual(NOT_FOUND);
    expect(
      (await t().http().get(`/v1/clients/${macs[4]}/sessions`).set(member.auth).expect(404)).body,
    ).toEqual(NOT_FOUND);
    expect((await c.list(member.auth, { network_id: rooms.id }).expect(404)).body).toEqual({
      msg: 'Network not found',
      error_code: 1001,
    });
    const other = await t().fixtures.admin();
    expect((await c.client(other.auth, macs[0]).expect(404)).body).toEqual(NOT_FOUND);
    expect((await c.list(other.auth).expect(200)).body.data.clients).toEqual([]);
    expect(
      (await t().http().delete(`/v1/clients/${macs[0]}`).set(other.auth).expect(404)).body,
    ).toEqual(NOT_FOUND);
    expect((await c.client(admin.auth, macs[0]).expect(200)).body.data.sessions).toHaveLength(1);
  });

  it('erases every session of a client for an admin, recording client.erased without the MAC; a later check-in starts anew', async () => {
    const { admin, a, b, macs } = await site();
    const mac = macs[0];
    await c.report(b, [station(macs[3]), station(mac)]);
    await c.report(a, [station(mac), station(macs[1]), station(macs[2])]);
    const member = await t().fixtures.member(admin.orgId);
    expect(
      (await t().http().delete(`/v1/clients/${mac}`).set(member.auth).expect(403)).body,
    ).toMatchObject({
      error_code: 1029,
    });
    const res = await t()
      .http()
      .delete(`/v1/clients/${mac.toLowerCase().replace(/:/g, '-')}`)
      .set(admin.auth)
      .expect(200);
    expect(res.body).toEqual({ data: { sessions_deleted: 3 }, status: 200 });
    expect((await c.client(admin.auth, mac).expect(404)).body).toEqual(NOT_FOUND);
    expect(
      (await t().http().delete(`/v1/clients/${mac}`).set(admin.auth).expect(404)).body,
    ).toEqual(NOT_FOUND);
    const events = await t()
      .http()
      .get('/v1/events')
      .query({ type: 'client.erased' })
      .set(admin.auth)
      .expect(200);
    expect(events.body.data.events).toMatchObject([
      { type: 'client.erased', device: null, network: null, data: { sessions_deleted: 3 } },
    ]);
    // No MAC left behind: not in any table's row of the organisation's clients or events.
    const hex = mac.replace(/:/g, '');
    for (const table of ['client_sessions', 'heartbeats', 'events']) {
      const rows: unknown[] = await t().dataSource.query(`SELECT * FROM "${table}"`);
      const text = JSON.stringify(rows).toUpperCase();
      expect([table, text.includes(mac), text.includes(hex)]).toEqual([table, false, false]);
    }
    // Its device still lists it: its next check-in starts a new session; the others go on.
    await c.report(a, [station(mac), station(macs[1]), station(macs[2])]);
    const back = (await c.client(admin.auth, mac).expect(200)).body.data;
    expect(back.sessions).toHaveLength(1);
    expect(back.sessions[0]).toMatchObject({ ended_at: null, roamed_from: null });
    expect((await c.client(admin.auth, macs[1]).expect(200)).body.data.sessions).toHaveLength(1);
  });
});
