import { onBothDatabases } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { eventFixtures } from '../harness/events.helpers';
import { rolloutFixtures } from '../harness/rollouts.helpers';

/** upgrade_failed and rollout_halted: alerts that open and resolve together. */
onBothDatabases('upgrade and rollout alerts', (t) => {
  const a = alertFixtures(t);
  const r = rolloutFixtures(t);
  const e = eventFixtures(t);

  const settled = (caller: Parameters<typeof a.alerts>[0], count: number) =>
    e.eventually(async () => {
      const shown = await a.alerts(caller);
      return shown.length === count ? shown : undefined;
    });

  it('opens and resolves upgrade_failed at once when an upgrade of a device in scope fails', async () => {
    const { admin, devices, network } = await r.fleet(1, [0]);
    const [ap] = devices;
    const rule = await a.rule(admin, { type: 'upgrade_failed', network_ids: [network.id] });
    const created = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${ap.device.id}`], upgrade_type: 'manual', version: '2.0.0' } })
      .expect(200);
    const id = created.body.data.upgrades[0].id as number;
    await r.report(ap, id, 'failed', { error: 'flash full' });
    const [alert] = await settled(admin, 1);
    const [failed] = await e.events(admin.auth, { after: 0, type: 'upgrade.failed' });
    expect(alert).toEqual({
      id: expect.any(Number),
      alert_rule_id: rule.id,
      type: 'upgrade_failed',
      state: 'resolved',
      device: failed.device,
      network: { id: network.id, network_name: network.network_name },
      opened_at: failed.occurred_at,
      resolved_at: failed.occurred_at,
      data: { upgrade_id: id, error: 'flash full' },
      acknowledged_by: null,
      acknowledged_at: null,
    });
    const events = await e.events(admin.auth, { after: 0, type: 'alert.*' });
    expect(events.map((event) => [event.type, event.data.alert_id, event.occurred_at])).toEqual([
      ['alert.opened', alert.id, failed.occurred_at],
      ['alert.resolved', alert.id, failed.occurred_at],
    ]);
  });

  it("opens rollout_halted for a rule whose scope holds one of the rollout's devices, not for others", async () => {
    const { admin, devices, network } = await r.fleet(2);
    const elsewhere = await t().fixtures.network(admin.orgId);
    const rule = await a.rule(admin, { type: 'rollout_halted', network_ids: [network.id] });
    await a.rule(admin, { type: 'rollout_halted', network_ids: [elsewhere.id] });
    const body = await r.createRollout(admin, devices, { stages: [50, 100] });
    const rolloutId = body.data.rollout.id;
    await t().http().post(`/v1/rollouts/${rolloutId}/halt`).set(admin.auth).expect(200);
    const [alert] = await settled(admin, 1);
    const [halted] = await e.events(admin.auth, { after: 0, type: 'rollout.halted' });
    expect(alert).toEqual({
      id: expect.any(Number),
      alert_rule_id: rule.id,
      type: 'rollout_halted',
      state: 'resolved',
      device: null,
      network: null,
      opened_at: halted.occurred_at,
      resolved_at: halted.occurred_at,
      data: { rollout_id: rolloutId },
      acknowledged_by: null,
      acknowledged_at: null,
    });
  });
  it('opens rollout_halted for a halted configuration rollout of a network in scope', async () => {
    const { admin, network } = await r.fleet(2);
    const elsewhere = await t().fixtures.network(admin.orgId);
    const rule = await a.rule(admin, { type: 'rollout_halted', network_ids: [network.id] });
    await a.rule(admin, { type: 'rollout_halted', network_ids: [elsewhere.id] });
    const draft = `/v1/location_networks/${network.id}/draft`;
    await t()
      .http()
      .put(draft)
      .set(admin.auth)
      .send({ draft: { ssids: [{ ssid_name: 'Cafe' }] } })
      .expect(200);
    const published = await t()
      .http()
      .post(`${draft}/publish`)
      .set(admin.auth)
      .send({ publish: { stages: [50, 100] } })
      .expect(200);
    const rolloutId = published.body.data.config_rollout.id as number;
    await t().http().post(`/v1/config_rollouts/${rolloutId}/halt`).set(admin.auth).expect(200);
    const [alert] = await settled(admin, 1);
    const [halted] = await e.events(admin.auth, { after: 0, type: 'config_rollout.halted' });
    expect(alert).toEqual({
      id: expect.any(Number),
      alert_rule_id: rule.id,
      type: 'rollout_halted',
      state: 'resolved',
      device: null,
      network: { id: network.id, network_name: network.network_name },
      opened_at: halted.occurred_at,
      resolved_at: halted.occurred_at,
      data: { config_rollout_id: rolloutId },
      acknowledged_by: null,
      acknowledged_at: null,
    });
  });
});
