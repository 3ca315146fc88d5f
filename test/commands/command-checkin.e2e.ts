import { Command } from '../../src/commands/command.entity';
import { CommandExpiry } from '../../src/commands/command-expiry.service';
import { Device } from '../../src/devices/device.entity';
import { EventRecord } from '../../src/event-log/event.entity';
import { WebhookDelivery } from '../../src/webhooks/webhook-delivery.entity';
import { Webhook } from '../../src/webhooks/webhook.entity';
import { onBothDatabases } from '../harness/app';
import { commandFixtures } from '../harness/commands.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** The device half of commands: hand-out at check-in, results, expiry. */
onBothDatabases('commands through the check-in', (t) => {
  const c = commandFixtures(t);
  const e = eventFixtures(t);

  it('hands commands out oldest first, marks them sent once, hands them again until reported, and closes them by result', async () => {
    const { admin, devices } = await c.fleet(1);
    const [ap] = devices;
    const aps = [`AP:${ap.device.id}`];
    expect((await c.checkin(ap)).commands).toEqual([]);
    const [locate] = await c.queue(admin, {
      type: 'locate',
      aps,
      params: { duration_seconds: 30 },
    });
    const [ping] = await c.queue(admin, { type: 'ping', aps, params: { host: '192.0.2.1' } });
    const handed = [
      { id: locate.id, type: 'locate', params: { duration_seconds: 30 } },
      { id: ping.id, type: 'ping', params: { host: '192.0.2.1', count: 4 } },
    ];
    expect((await c.checkin(ap)).commands).toEqual(handed);
    const sent = await c.show(admin, locate.id);
    expect(sent).toMatchObject({ state: 'sent', sent_at: ISO });
    // The device restarted before reporting: it gets them again; sent_at stays the first.
    expect((await c.checkin(ap)).commands).toEqual(handed);
    expect((await c.show(admin, locate.id)).sent_at).toBe(sent.sent_at);
    const answer = await c.checkin(ap, {
      command_results: [
        { id: locate.id, state: 'succeeded', output: 'blinking' },
        { id: String(ping.id), state: 'failed', error: 'host unreachable' },
      ],
    });
    expect(answer.commands).toEqual([]);
    expect(await c.show(admin, locate.id)).toMatchObject({
      state: 'succeeded',
      output: 'blinking',
      completed_at: ISO,
    });
    expect(await c.show(admin, ping.id)).toMatchObject({
      state: 'failed',
      error: 'host unreachable',
    });
    // A second report of a closed command changes nothing.
    await c.checkin(ap, { command_results: [{ id: locate.id, state: 'failed', error: 'late' }] });
    expect((await c.show(admin, locate.id)).state).toBe('succeeded');
    const events = await e.events(admin.auth, {
      after: 0,
      type: 'command.succeeded,command.failed',
    });
    expect(events.map((ev) => [ev.type, ev.actor, ev.data])).toEqual([
      [
        'command.succeeded',
        { type: 'device' },
        { command_id: locate.id, command_type: 'locate', output: 'blinking', error: null },
      ],
      [
        'command.failed',
        { type: 'device' },
        { command_id: ping.id, command_type: 'ping', output: null, error: 'host unreachable' },
      ],
    ]);
  });

  it("ignores results about another device's commands", async () => {
    const { admin, devices } = await c.fleet(2);
    const [command] = await c.queue(admin, { type: 'reboot', aps: [`AP:${devices[0].device.id}`] });
    await c.checkin(devices[1], { command_results: [{ id: command.id, state: 'succeeded' }] });
    expect((await c.show(admin, command.id)).state).toBe('queued');
  });

  it('refuses a bad command_results with 422 and records nothing', async () => {
    const { devices } = await c.fleet(1);
    const res = await c.g
      .checkin(devices[0].auth, { command_results: [{ id: 1, state: 'done' }] })
      .expect(422);
    expect(res.body.error_code).toBe(1030);
  });

  it('expires a command not closed by expires_at: shown expired at once, recorded with command.expired', async () => {
    const { admin, devices } = await c.fleet(1);
    const [command] = await c.queue(admin, {
      type: 'reboot',
      aps: [`AP:${devices[0].device.id}`],
      expires_in_seconds: 10,
    });
    const expiresAt = new Date(Date.now() - 1000);
    await withoutPeriodicWork(t().app, async () => {
      await t()
        .dataSource.getRepository(Command)
        .update({ id: command.id }, { expires_at: expiresAt });
      expect(await c.show(admin, command.id)).toMatchObject({
        state: 'expired',
        completed_at: expiresAt.toISOString(),
      });
      expect((await c.checkin(devices[0])).commands).toEqual([]);
      expect(await t().app.get(CommandExpiry).sweep()).toBeGreaterThanOrEqual(1);
    });
    expect(await c.show(admin, command.id)).toMatchObject({
      state: 'expired',
      completed_at: expiresAt.toISOString(),
    });
    const [expired] = await e.events(admin.auth, { after: 0, type: 'command.expired' });
    expect([expired.actor, expired.occurred_at, expired.data]).toEqual([
      { type: 'system' },
      expiresAt.toISOString(),
      { command_id: command.id, command_type: 'reboot', output: null, error: null },
    ]);
    const filtered = await t()
      .http()
      .get('/v1/access_points/commands')
      .query({ state: 'expired' })
      .set(admin.auth)
      .expect(200);
    expect(filtered.body.data.commands.map((x: { id: number }) => x.id)).toEqual([command.id]);
  });

  it('queues the reboot of a network of 10,000 devices in as many statements as of one', async () => {
    const counts: number[] = [];
    for (const size of [1, 10_000]) {
      const admin = await t().fixtures.admin();
      const network = await t().fixtures.network(admin.orgId);
      const masters = await t().fixtures.masterDevices(size);
      await t().fixtures.insertRows(
        Device,
        masters.map((m) => ({
          organisation_id: admin.orgId,
          mac_id: m.mac_id,
          serial: m.serial,
          hardware_part_id: m.hardware_part_id,
          location_network_id: network.id,
        })),
        1000,
      );
      // A webhook of every event: each command.created is queued for it in the same statements.
      const hook = await t().fixtures.save(Webhook, {
        organisation_id: admin.orgId,
        url: 'https://hooks.example/airfleet',
        event_types: ['*'],
        secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
      });
      let answer: { body: { data: { commands: unknown[] } } } | undefined;
      const statements = await t().statementsOf(async () => {
        answer = await c
          .post(admin, { type: 'reboot', aps: [`network:${network.id}`] })
          .expect(200);
      });
      const deliveries = t().dataSource.getRepository(WebhookDelivery);
      expect(await deliveries.countBy({ webhook_id: hook.id })).toBe(size);
      // No attempt to a receiver that does not exist: the queue goes with its webhook.
      await deliveries.delete({ webhook_id: hook.id });
      await t().dataSource.getRepository(Webhook).delete({ id: hook.id });
      expect(answer?.body.data.commands).toHaveLength(size);
      const events = t().dataSource.getRepository(EventRecord);
      expect(await events.countBy({ organisation_id: admin.orgId, type: 'command.created' })).toBe(
        size,
      );
      counts.push(statements.length);
    }
    expect(counts[1]).toBe(counts[0]);
    // 10,000 devices inserted, their revisions stored, 10,000 commands and events: on a busy
    // machine this takes more than the default minute on SQLite.
  }, 180_000);
});
