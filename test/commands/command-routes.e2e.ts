import { Device } from '../../src/devices/device.entity';
import { Tag } from '../../src/devices/tag.entity';
import { onBothDatabases } from '../harness/app';
import { commandFixtures } from '../harness/commands.helpers';
import { eventFixtures } from '../harness/events.helpers';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** The command routes: records, defaults, validation, limits, replacement, cancel. */
onBothDatabases('command routes', (t) => {
  const c = commandFixtures(t);
  const e = eventFixtures(t);

  it('queues one command per target device with its defaults, shows, lists and cancels it, with events', async () => {
    const { admin, network, devices } = await c.fleet(2);
    const res = await c.post(admin, { type: 'locate', aps: [`network:${network.id}`] }).expect(200);
    const record = (i: number) => ({
      id: expect.any(Number),
      type: 'locate',
      params: { duration_seconds: 60 },
      state: 'queued',
      device: { id: devices[i].device.id, mac_id: devices[i].device.mac_id, name: `ap-${i}` },
      created_by: { id: admin.userId, email: expect.any(String) },
      created_at: ISO,
      sent_at: null,
      completed_at: null,
      expires_at: ISO,
      output: null,
      error: null,
    });
    expect(res.body).toEqual({ data: { commands: [record(0), record(1)] }, status: 200 });
    const [first, second] = res.body.data.commands as {
      id: number;
      created_at: string;
      expires_at: string;
    }[];
    expect(Date.parse(first.expires_at) - Date.parse(first.created_at)).toBe(3600_000);
    expect(await c.show(admin, first.id)).toEqual(res.body.data.commands[0]);
    const list = await t().http().get('/v1/access_points/commands').set(admin.auth).expect(200);
    expect(list.body.data.commands.map((x: { id: number }) => x.id)).toEqual([second.id, first.id]);
    expect(list.body.data.meta).toMatchObject({ count: 2, current: 1 });
    const cancelled = await t()
      .http()
      .delete(`/v1/access_points/commands/${first.id}`)
      .set(admin.auth)
      .expect(200);
    expect(cancelled.body.data.command).toEqual({
      ...res.body.data.commands[0],
      state: 'cancelled',
      completed_at: ISO,
    });
    const again = await t()
      .http()
      .delete(`/v1/access_points/commands/${first.id}`)
      .set(admin.auth)
      .expect(422);
    expect(again.body).toEqual({
      msg: 'Command not queued',
      error_code: 1045,
      errors: 'the command is cancelled, not queued',
    });
    const events = await e.events(admin.auth, { after: 0, type: 'command.*' });
    expect(events.map((ev) => [ev.type, ev.device?.id, ev.actor.type, ev.data])).toEqual([
      [
        'command.created',
        devices[0].device.id,
        'user',
        { command_id: first.id, command_type: 'locate', output: null, error: null },
      ],
      [
        'command.created',
        devices[1].device.id,
        'user',
        { command_id: second.id, command_type: 'locate', output: null, error: null },
      ],
      [
        'command.cancelled',
        devices[0].device.id,
        'user',
        { command_id: first.id, command_type: 'locate', output: null, error: null },
      ],
    ]);
  });

  it('answers 422 1030 naming every bad value, and queues nothing', async () => {
    const { admin, devices } = await c.fleet(1);
    const ap = `AP:${devices[0].device.id}`;
    const bad = async (command: object) => (await c.post(admin, command).expect(422)).body;
    expect(
      await bad({
        type: 'ping',
        aps: [ap],
        params: { host: 'bad host!', count: 11 },
        expires_in_seconds: 5,
      }),
    ).toEqual({
      msg: 'Invalid parameters',
      error_code: 1030,
      errors:
        'command.params.host must be a host name or an IP address of at most 253 characters, ' +
        'command.params.count must be an integer from 1 to 10, ' +
        'command.expires_in_seconds must be an integer from 10 to 604800',
    });
    expect((await bad({ type: 'dance', aps: [ap] })).errors).toBe(
      'command.type must be one of reboot, locate, ping',
    );
    expect((await bad({ type: 'reboot', aps: [] })).errors).toBe(
      'command.aps must name at least one target',
    );
    expect((await bad({ type: 'locate', aps: [ap], params: { duration_seconds: 0 } })).errors).toBe(
      'command.params.duration_seconds must be an integer from 1 to 3600',
    );
    expect((await bad({ type: 'reboot', aps: [ap, 'AP:999999'] })).errors).toBe(
      'Invalid targets: AP:999999',
    );
    const other = await t().fixtures.admin();
    const foreign = await c.g.device(other.orgId);
    expect((await bad({ type: 'reboot', aps: [`AP:${foreign.device.id}`] })).errors).toBe(
      'No device of the organisation matches the targets',
    );
    const list = await t().http().get('/v1/access_points/commands').set(admin.auth).expect(200);
    expect(list.body.data.commands).toEqual([]);
  });

  it('replaces a queued command of the same type, and refuses an 11th open one with 422 1046', async () => {
    const { admin, devices } = await c.fleet(1);
    const aps = [`AP:${devices[0].device.id}`];
    const [first] = await c.queue(admin, { type: 'ping', aps, params: { host: '10.0.0.1' } });
    const [second] = await c.queue(admin, {
      type: 'ping',
      aps,
      params: { host: 'example.com', count: 2 },
    });
    expect((await c.show(admin, first.id)).state).toBe('cancelled');
    expect(second.params).toEqual({ host: 'example.com', count: 2 });
    await c.checkin(devices[0]); // ping is sent now: a new ping no longer replaces it
    for (let i = 0; i < 9; i++) {
      await c.queue(admin, { type: i % 2 ? 'reboot' : 'locate', aps });
      await c.checkin(devices[0]);
    }
    const res = await c
      .post(admin, { type: 'ping', aps, params: { host: 'example.com' } })
      .expect(422);
    expect(res.body).toEqual({
      msg: 'Limit reached',
      error_code: 1046,
      errors: `a device may have at most 10 commands queued or sent: ${devices[0].device.mac_id}`,
    });
  });

  it("answers another organisation's command as missing, and lets members with full access only", async () => {
    const { admin, network, devices } = await c.fleet(1);
    const [command] = await c.queue(admin, { type: 'reboot', aps: [`AP:${devices[0].device.id}`] });
    const other = await t().fixtures.admin();
    for (const method of ['get', 'delete'] as const) {
      const res = await t()
        .http()
        [method](`/v1/access_points/commands/${command.id}`)
        .set(other.auth);
      expect([res.status, res.body]).toEqual([404, { msg: 'Command not found', error_code: 1044 }]);
    }
    const reader = await t().fixtures.member(admin.orgId);
    await t().fixtures.grant(admin.orgId, reader.userId, network.id, 'read_only');
    const res = await c
      .post(reader, { type: 'reboot', aps: [`network:${network.id}`] })
      .expect(403);
    expect(res.body).toEqual({
      msg: 'Commands need full access to the network of every target device',
      error_code: 1029,
    });
    await t().http().get(`/v1/access_points/commands/${command.id}`).set(reader.auth).expect(404);
    const operator = await t().fixtures.member(admin.orgId);
    await t().fixtures.grant(admin.orgId, operator.userId, network.id, 'full');
    await c.queue(operator, { type: 'locate', aps: [`network:${network.id}`] });
    expect((await c.show(operator, command.id)).id).toBe(command.id);
  });

  it('answers a network a member has no grant on, its devices and devices in no network exactly as missing targets', async () => {
    const { admin, network, devices } = await c.fleet(1);
    const hidden = await t().fixtures.network(admin.orgId);
    const unseen = await c.g.device(admin.orgId, { networkId: hidden.id });
    const loose = await c.g.device(admin.orgId, { networkId: null });
    const member = await t().fixtures.member(admin.orgId);
    await t().fixtures.grant(admin.orgId, member.userId, network.id, 'full');
    const mine = `AP:${devices[0].device.id}`;
    const missingNetwork = hidden.id + 1000;
    const missingDevice = loose.device.id + 1000;
    const invalid = (errors: string) => ({ msg: 'Invalid parameters', error_code: 1030, errors });
    const none = invalid('No device of the organisation matches the targets');
    const answer = async (aps: string[]) => {
      const res = await c.post(member, { type: 'reboot', aps });
      return [res.status, res.body] as const;
    };
    for (const id of [unseen.device.id, loose.device.id, missingDevice]) {
      expect(await answer([`AP:${id}`])).toEqual([422, none]);
      expect(await answer([mine, `AP:${id}`])).toEqual([422, invalid(`Invalid targets: AP:${id}`)]);
    }
    for (const id of [hidden.id, missingNetwork]) {
      expect(await answer([`network:${id}`])).toEqual([
        422,
        invalid(`Invalid targets: network:${id}`),
      ]);
      expect(await answer([mine, `network:${id}`])).toEqual([
        422,
        invalid(`Invalid targets: network:${id}`),
      ]);
    }
    // A tag reaches only the member's devices; one on hidden devices alone matches none.
    const tag = await t().fixtures.save(Tag, { organisation_id: admin.orgId, name: 'hidden-only' });
    await t()
      .dataSource.createQueryBuilder()
      .relation(Device, 'tags')
      .of(unseen.device.id)
      .add(tag.id);
    expect(await answer([`tag:${tag.id}`])).toEqual([422, none]);
    const list = await t().http().get('/v1/access_points/commands').set(admin.auth).expect(200);
    expect(list.body.data.commands).toEqual([]);
    // A read-only grant's devices exist for the member: 403.
    await t().fixtures.grant(admin.orgId, member.userId, hidden.id, 'read_only');
    expect(await answer([`AP:${unseen.device.id}`])).toEqual([
      403,
      { msg: 'Commands need full access to the network of every target device', error_code: 1029 },
    ]);
  });
});
