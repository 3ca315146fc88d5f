import { Upgrade } from '../../src/firmware/upgrade.entity';
import { onBothDatabases } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { rolloutFixtures } from '../harness/rollouts.helpers';

/** The upgrade lifecycle and rollout events. */
onBothDatabases('upgrade and rollout events', (t) => {
  const r = rolloutFixtures(t);
  const e = eventFixtures(t);
  const data = (upgrade: number, fields: object = {}) => ({
    upgrade_id: upgrade,
    version: '2.0.0',
    previous_version: '1.0.0',
    rollout_id: null,
    error: null,
    ...fields,
  });

  it("records upgrade.started and upgrade.done from a device's reports, by the device", async () => {
    const { admin, devices, network } = await r.fleet(1, [0]);
    const [ap] = devices;
    const created = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({ upgrade: { aps: [`AP:${ap.device.id}`], upgrade_type: 'manual', version: '2.0.0' } })
      .expect(200);
    const id = created.body.data.upgrades[0].id as number;
    await r.report(ap, id, 'downloading', { progress: 10 });
    await r.report(ap, id, 'installing', { progress: 50 });
    await r.report(ap, id, 'done');
    const events = await e.events(admin.auth, { after: 0, type: 'upgrade.started,upgrade.done' });
    expect(events.map((event) => [event.type, event.actor, event.network?.id, event.data])).toEqual(
      [
        ['upgrade.started', { type: 'device' }, network.id, data(id)],
        ['upgrade.done', { type: 'device' }, network.id, data(id)],
      ],
    );
  });

  it('records a failure the device reports, and the timeout as a failure by the service', async () => {
    const { admin, devices } = await r.fleet(2, [0, 1]);
    const created = await t()
      .http()
      .post('/upgrades')
      .set(admin.auth)
      .send({
        upgrade: {
          aps: devices.map((d) => `AP:${d.device.id}`),
          upgrade_type: 'manual',
          version: '2.0.0',
        },
      })
      .expect(200);
    const [a, b] = created.body.data.upgrades.map((u: { id: number }) => u.id) as number[];
    await r.report(devices[0], a, 'failed', { error: 'flash full' });
    await r.report(devices[1], b, 'downloading');
    await t()
      .dataSource.getRepository(Upgrade)
      .update({ id: b }, { device_seen_at: new Date(Date.now() - 3600 * 1000) });
    await t().http().get('/upgrades').set(admin.auth).expect(200); // the read that fails it
    const failed = await e.events(admin.auth, { after: 0, type: 'upgrade.failed' });
    expect(failed.map((event) => [event.actor, event.data])).toEqual([
      [{ type: 'device' }, data(a, { error: 'flash full' })],
      [{ type: 'system' }, data(b, { error: 'timed out' })],
    ]);
  });

  it('records rollout.created with its first stage, the manual halt by the user and the cancellations', async () => {
    const { admin, devices } = await r.fleet(2);
    const body = await r.createRollout(admin, devices, { stages: [50, 100] });
    const rolloutId = body.data.rollout.id;
    await t().http().post(`/v1/rollouts/${rolloutId}/halt`).set(admin.auth).expect(200);
    const events = await e.events(admin.auth, { after: 0, type: 'rollout.*,upgrade.cancelled' });
    const rollout = (fields: object) => ({
      rollout_id: rolloutId,
      version: '2.0.0',
      stage: null,
      failure_percent: 0,
      reason: null,
      ...fields,
    });
    expect(events.map((event) => [event.type, event.actor.type, event.data])).toEqual([
      ['rollout.created', 'user', rollout({})],
      ['rollout.stage_opened', 'user', rollout({ stage: 1 })],
      ['rollout.halted', 'user', rollout({ reason: 'manual' })],
      ...body.data.upgrades.map((upgrade) => [
        'upgrade.cancelled',
        'system',
        data(upgrade.id, { previous_version: null, rollout_id: rolloutId }),
      ]),
    ]);
  });

  it('records the next stage opening and the completion by the service', async () => {
    const { admin, devices } = await r.fleet(2, [0, 1]);
    const body = await r.createRollout(admin, devices, { stages: [50, 100] });
    for (const ap of devices) {
      const handed = await r.checkin(ap, { firmware_version: '1.0.0' });
      if (handed) {
        await r.report(ap, handed.id, 'done');
      }
    }
    for (const ap of devices) {
      const handed = await r.checkin(ap, { firmware_version: '1.0.0' });
      if (handed) {
        await r.report(ap, handed.id, 'done');
      }
    }
    const events = await e.events(admin.auth, { after: 0, type: 'rollout.*' });
    expect(events.map((event) => [event.type, event.actor.type, event.data.stage])).toEqual([
      ['rollout.created', 'user', null],
      ['rollout.stage_opened', 'user', 1],
      ['rollout.stage_opened', 'system', 2],
      ['rollout.completed', 'system', null],
    ]);
    expect((await r.show(admin, body.data.rollout.id)).state).toBe('completed');
  });

  it('records each revert after a halt as upgrade.created by the service, of the revert itself', async () => {
    const { admin, devices, network } = await r.fleet(3, [0, 1, 2]);
    const body = await r.createRollout(admin, devices, { stages: [33, 100], auto_revert: true });
    await r.report(devices[0], r.upgradeOf(body, devices[0]), 'done');
    await t().http().post(`/v1/rollouts/${body.data.rollout.id}/halt`).set(admin.auth).expect(200);
    const pending = await t()
      .http()
      .get('/upgrades')
      .query({ status: 'pending' })
      .set(admin.auth)
      .expect(200);
    const revert = pending.body.data.upgrades.find(
      (u: { device_id: number }) => u.device_id === devices[0].device.id,
    );
    const created = await e.events(admin.auth, { after: 0, type: 'upgrade.created' });
    const bySystem = created.filter((event) => event.actor.type === 'system');
    expect(bySystem.map((event) => [event.network?.id, event.device?.id, event.data])).toEqual([
      [
        network.id,
        devices[0].device.id,
        { upgrade_id: revert.id, version: '1.0.0', rollout_id: null },
      ],
    ]);
  });
});
