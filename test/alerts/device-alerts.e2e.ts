import { AlertWatch } from '../../src/alerts/alert-watch.entity';
import { onBothDatabases } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { eventFixtures } from '../harness/events.helpers';

const TIMEOUT_S = 300; // HEARTBEAT_TIMEOUT_SECONDS' default, which these tests run with

/** device_down, config_failed and clients_above, by the evaluation every instance runs. */
onBothDatabases('device alerts', (t) => {
  const a = alertFixtures(t);
  const g = gatewayFixtures(t);
  const e = eventFixtures(t);

  /** An admin, a network and a device in it that has checked in once (UP). */
  async function upDevice(name = 'lobby-ap') {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const ap = await g.device(admin.orgId, { networkId: network.id, name });
    const revision = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
    const device = { id: ap.device.id, mac_id: ap.device.mac_id, name };
    const where = { id: network.id, network_name: network.network_name };
    return { admin, network, ap, revision, device, where };
  }

  /** Polls until the organisation's alerts are `count` (with this state). */
  const alertsWhen = (caller: Parameters<typeof a.alerts>[0], count: number, state?: string) =>
    e.eventually(async () => {
      const shown = await a.alerts(caller, state ? { state } : {});
      return shown.length === count ? shown : undefined;
    });

  it('opens device_down after for_seconds DOWN, at that moment, and resolves it at the device.up', async () => {
    const { admin, ap, device, where } = await upDevice();
    const rule = await a.rule(admin, { type: 'device_down', for_seconds: 60 });
    const last = await e.age(ap.device.id, TIMEOUT_S + 61);
    const [opened] = await alertsWhen(admin, 1, 'open');
    const downAt = new Date(last.getTime() + TIMEOUT_S * 1000);
    expect(opened).toEqual({
      id: expect.any(Number),
      alert_rule_id: rule.id,
      type: 'device_down',
      state: 'open',
      device,
      network: where,
      opened_at: new Date(downAt.getTime() + 60_000).toISOString(),
      resolved_at: null,
      data: { down_since: downAt.toISOString() },
      acknowledged_by: null,
      acknowledged_at: null,
    });
    await g.checkin(ap.auth).expect(200);
    const [resolved] = await alertsWhen(admin, 1, 'resolved');
    const [up] = await e
      .events(admin.auth, { after: 0, type: 'device.up' })
      .then((l) => l.slice(-1));
    expect(resolved).toEqual({ ...opened, state: 'resolved', resolved_at: up.occurred_at });
    const events = await e.events(admin.auth, { after: 0, type: 'alert.*' });
    expect(
      events.map((event) => [event.type, event.actor, event.device, event.network, event.data]),
    ).toEqual([
      [
        'alert.opened',
        { type: 'system' },
        device,
        where,
        {
          alert_id: opened.id,
          alert_rule_id: rule.id,
          alert_type: 'device_down',
          opened_at: opened.opened_at,
          resolved_at: null,
        },
      ],
      [
        'alert.resolved',
        { type: 'system' },
        device,
        where,
        {
          alert_id: opened.id,
          alert_rule_id: rule.id,
          alert_type: 'device_down',
          opened_at: opened.opened_at,
          resolved_at: up.occurred_at,
        },
      ],
    ]);
  });

  it('opens nothing for a device DOWN for less than for_seconds (flapping)', async () => {
    const { admin, ap } = await upDevice();
    await a.rule(admin, { type: 'device_down', for_seconds: 300 });
    await e.age(ap.device.id, TIMEOUT_S + 10);
    await e.eventually(
      async () => (await e.events(admin.auth, { after: 0, type: 'device.down' }))[0],
    );
    await g.checkin(ap.auth).expect(200);
    await a.evaluate(admin.orgId);
    expect(await a.alerts(admin)).toEqual([]);
  });

  it('opens config_failed for an error about the current revision once, and resolves it when the device runs it', async () => {
    const { admin, ap, revision, device, where } = await upDevice();
    const rule = await a.rule(admin, { type: 'config_failed' });
    await g.checkin(ap.auth, { config_error: { revision, message: 'bad SSID' } }).expect(200);
    await g.checkin(ap.auth, { config_error: { revision, message: 'still bad' } }).expect(200);
    const [opened] = await alertsWhen(admin, 1, 'open');
    const [failed] = await e.events(admin.auth, { after: 0, type: 'device.config_failed' });
    expect(opened).toEqual({
      id: expect.any(Number),
      alert_rule_id: rule.id,
      type: 'config_failed',
      state: 'open',
      device,
      network: where,
      opened_at: failed.occurred_at,
      resolved_at: null,
      data: { revision, message: 'bad SSID' },
      acknowledged_by: null,
      acknowledged_at: null,
    });
    await g.checkin(ap.auth, { config_revision: revision }).expect(200);
    const [resolved] = await alertsWhen(admin, 1, 'resolved');
    expect(resolved).toMatchObject({
      id: opened.id,
      state: 'resolved',
      resolved_at: expect.any(String),
    });
  });

  it('resolves config_failed from the device state when it reports running the revision it already ran, and opens again at a later error', async () => {
    const { admin, ap, revision, device, where } = await upDevice();
    await g.checkin(ap.auth, { config_revision: revision }).expect(200);
    const rule = await a.rule(admin, { type: 'config_failed' });
    await g.checkin(ap.auth, { config_error: { revision, message: 'radio busy' } }).expect(200);
    await g.checkin(ap.auth, { config_revision: revision }).expect(200);
    const record = await t()
      .http()
      .get('/v1/access_points/list_inventory')
      .query({ mac_id: ap.device.mac_id })
      .set(admin.auth)
      .expect(200);
    expect(record.body.data.devices[0].config).toEqual({
      revision,
      applied_revision: revision,
      in_sync: true,
      error: null,
    });
    const [resolved] = await alertsWhen(admin, 1, 'resolved');
    const [failed] = await e.events(admin.auth, { after: 0, type: 'device.config_failed' });
    const [ended] = await e.events(admin.auth, { after: 0, type: 'alert.resolved' });
    expect(resolved).toEqual({
      id: expect.any(Number),
      alert_rule_id: rule.id,
      type: 'config_failed',
      state: 'resolved',
      device,
      network: where,
      opened_at: failed.occurred_at,
      resolved_at: ended.data.resolved_at,
      data: { revision, message: 'radio busy' },
      acknowledged_by: null,
      acknowledged_at: null,
    });
    expect(Date.parse(resolved.resolved_at as string)).toBeGreaterThanOrEqual(
      Date.parse(failed.occurred_at),
    );
    await g.checkin(ap.auth, { config_error: { revision, message: 'radio gone' } }).expect(200);
    const again = await alertsWhen(admin, 2, 'resolved');
    expect(again[0]).toMatchObject({
      alert_rule_id: rule.id,
      state: 'resolved',
      data: { revision, message: 'radio gone' },
    });
    const opened = await e.events(admin.auth, { after: 0, type: 'alert.opened' });
    expect(opened.map((event) => event.data.alert_id)).toEqual([resolved.id, again[0].id]);
  });

  it("resolves config_failed when the network's configuration changes (a new revision)", async () => {
    const { admin, ap, revision, network } = await upDevice();
    await a.rule(admin, { type: 'config_failed' });
    await g.checkin(ap.auth, { config_error: { revision, message: 'bad SSID' } }).expect(200);
    await alertsWhen(admin, 1, 'open');
    await t()
      .http()
      .patch(`/v1/location_networks/${network.id}`)
      .set(admin.auth)
      .send({ location_network: { timezone: 'Europe/Paris' } })
      .expect(200);
    await alertsWhen(admin, 1, 'resolved');
  });

  it('opens clients_above at once with for_seconds 0, and resolves it when a check-in reports the threshold or fewer', async () => {
    const { admin, ap, device, where } = await upDevice();
    const rule = await a.rule(admin, { type: 'clients_above', threshold: 10 });
    await g.checkin(ap.auth, { clients: 11 }).expect(200);
    const [opened] = await alertsWhen(admin, 1, 'open');
    expect(opened).toMatchObject({
      alert_rule_id: rule.id,
      type: 'clients_above',
      device,
      network: where,
      data: { clients: 11 },
    });
    await g.checkin(ap.auth, { clients: 10 }).expect(200);
    await alertsWhen(admin, 1, 'resolved');
  });

  it('opens clients_above only once the device has been above for for_seconds', async () => {
    const { admin, ap } = await upDevice();
    const rule = await a.rule(admin, { type: 'clients_above', threshold: 10, for_seconds: 120 });
    await g.checkin(ap.auth, { clients: 50 }).expect(200);
    const watches = t().dataSource.getRepository(AlertWatch);
    const watch = await e.eventually(() =>
      watches.findOneBy({ alert_rule_id: rule.id }).then((w) => w ?? undefined),
    );
    await a.evaluate(admin.orgId);
    expect(await a.alerts(admin)).toEqual([]);
    const since = new Date(Date.now() - 121_000);
    await watches.update({ alert_rule_id: rule.id, device_id: watch.device_id }, { since });
    const [opened] = await alertsWhen(admin, 1, 'open');
    expect(opened).toMatchObject({
      opened_at: new Date(since.getTime() + 120_000).toISOString(),
      data: { clients: 50 },
    });
  });

  it('opens nothing outside the scope, for a disabled rule, or for what happened before the rule', async () => {
    const { admin, ap, revision } = await upDevice();
    await g
      .checkin(ap.auth, { config_error: { revision, message: 'before the rule' } })
      .expect(200);
    const other = await t().fixtures.network(admin.orgId);
    await a.rule(admin, { type: 'config_failed', network_ids: [other.id] });
    await a.rule(admin, { type: 'config_failed', enabled: false });
    await a.rule(admin, { type: 'config_failed' });
    await a.evaluate(admin.orgId);
    expect(await a.alerts(admin)).toEqual([]);
  });

  it("resolves a deleted rule's open alerts, and shows alerts only to those who may read their network", async () => {
    const { admin, ap, revision } = await upDevice();
    const member = await t().fixtures.member(admin.orgId);
    const other = await t().fixtures.admin();
    const rule = await a.rule(admin, { type: 'config_failed' });
    await g.checkin(ap.auth, { config_error: { revision, message: 'bad' } }).expect(200);
    const [opened] = await alertsWhen(admin, 1, 'open');
    expect(await a.alerts(member)).toEqual([]);
    expect(await a.alerts(other)).toEqual([]);
    await t().http().delete(`/v1/alert_rules/${rule.id}`).set(admin.auth).expect(200);
    expect(await a.alerts(admin)).toEqual([
      { ...opened, state: 'resolved', resolved_at: expect.any(String) },
    ]);
    expect((await a.alerts(admin, { alert_rule_id: rule.id, state: 'resolved' })).length).toBe(1);
    const types = (
      await e.events(admin.auth, { after: 0, type: 'alert.*,alert_rule.deleted' })
    ).map((ev) => ev.type);
    expect(types).toEqual(['alert.opened', 'alert.resolved', 'alert_rule.deleted']);
  });
});
