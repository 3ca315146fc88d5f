import { Upgrade } from '../../src/firmware/upgrade.entity';
import { UpgradeTimeouts } from '../../src/upgrades/upgrade-timeouts.service';
import { migratedPostgresDatabase, onBothDatabases, startApp, TestApp } from '../harness/app';
import { eventFixtures } from '../harness/events.helpers';
import { withoutPeriodicWork } from '../harness/periodic-work';
import { rolloutFixtures } from '../harness/rollouts.helpers';

/**
 * An upgrade in progress whose device stops checking in fails with `timed out` within seconds of
 * UPGRADE_TIMEOUT_SECONDS, whether or not anyone reads the upgrades: the periodic work of every
 * instance fails it (one `upgrade.failed`, however many instances), and its rollout counts it.
 */
function timeoutFixtures(t: () => TestApp) {
  const r = rolloutFixtures(t);
  const e = eventFixtures(t);

  /**
   * A rollout of 2 devices in one stage that halts at the first failure; the first device has
   * reported `downloading`, so its upgrade is in progress. Nothing reads the upgrades after.
   */
  async function inProgress() {
    const { admin, devices, network } = await r.fleet(2, [0, 1]);
    const body = await r.createRollout(admin, devices, { stages: [100], max_failure_percent: 40 });
    const upgradeId = r.upgradeOf(body, devices[0]);
    await r.report(devices[0], upgradeId, 'downloading');
    return { admin, network, device: devices[0], upgradeId, rolloutId: body.data.rollout.id };
  }

  /** Its device was last heard from this long ago (ms), as if silent since. */
  const silentFor = (upgradeId: number, ms: number) =>
    t()
      .dataSource.getRepository(Upgrade)
      .update({ id: upgradeId }, { device_seen_at: new Date(Date.now() - ms) });

  const timeoutMs = () => t().app.get(UpgradeTimeouts).timeoutSeconds * 1000;

  return { r, e, inProgress, silentFor, timeoutMs };
}

onBothDatabases('upgrade timeouts, failed by a sweep every instance runs', (t) => {
  const { e, inProgress, silentFor, timeoutMs } = timeoutFixtures(t);

  it('records upgrade.failed (`timed out`) within 5 s of the timeout with nobody reading upgrades, and the rollout counts it', async () => {
    const { admin, network, device, upgradeId, rolloutId } = await inProgress();
    // The timeout passes now.
    await silentFor(upgradeId, timeoutMs());
    const passed = Date.now();
    const failed = await e.eventually(
      async () => (await e.events(admin.auth, { type: 'upgrade.failed' }))[0],
      5000,
    );
    expect(failed).toEqual({
      id: expect.any(Number),
      type: 'upgrade.failed',
      occurred_at: expect.any(String),
      network: { id: network.id, network_name: network.network_name },
      device: { id: device.device.id, mac_id: device.device.mac_id, name: null },
      actor: { type: 'system' },
      data: {
        upgrade_id: upgradeId,
        version: '2.0.0',
        previous_version: '1.0.0',
        rollout_id: rolloutId,
        error: 'timed out',
      },
    });
    const at = new Date(failed.occurred_at).getTime();
    expect(at).toBeGreaterThanOrEqual(passed - 1000);
    expect(at).toBeLessThanOrEqual(passed + 5000);
    // The rollout counted the failure (1 of 2 is above 40 %): halted in the same change, its
    // pending upgrade cancelled.
    const types = (await e.events(admin.auth, { after: 0 })).map((event) => event.type);
    expect(
      types.filter((type) => type.startsWith('upgrade.') || type.startsWith('rollout.')),
    ).toEqual([
      'rollout.created',
      'rollout.stage_opened',
      'upgrade.created',
      'upgrade.created',
      'upgrade.started',
      'upgrade.failed',
      'rollout.halted',
      'upgrade.cancelled',
    ]);
    const halted = (await e.events(admin.auth, { type: 'rollout.halted' }))[0];
    expect(halted.data).toEqual({
      rollout_id: rolloutId,
      version: '2.0.0',
      stage: null,
      failure_percent: 50,
      reason: 'threshold',
    });
  });

  it('records one upgrade.failed however many passes run at once', async () => {
    const { admin, upgradeId } = await inProgress();
    const sweeps = await withoutPeriodicWork(t().app, async () => {
      await silentFor(upgradeId, timeoutMs() + 1000);
      const timeouts = t().app.get(UpgradeTimeouts);
      return Promise.all([timeouts.sweep(), timeouts.sweep(), timeouts.sweep()]);
    });
    expect(sweeps.reduce((sum, failed) => sum + failed, 0)).toBe(1);
    const failed = await e.events(admin.auth, { type: 'upgrade.failed' });
    expect(failed.map((event) => event.data.upgrade_id)).toEqual([upgradeId]);
  });

  it('leaves an upgrade whose device was heard from within the timeout in progress', async () => {
    const { admin, upgradeId } = await inProgress();
    const sweeps = await withoutPeriodicWork(t().app, async () => {
      await silentFor(upgradeId, timeoutMs() - 60_000);
      return t().app.get(UpgradeTimeouts).sweep();
    });
    expect(sweeps).toBe(0);
    expect(await e.events(admin.auth, { type: 'upgrade.failed' })).toEqual([]);
  });
});

describe('upgrade timeouts on two instances (PostgreSQL)', () => {
  it('records one upgrade.failed while both instances sweep', async () => {
    const database = await migratedPostgresDatabase();
    const apps: TestApp[] = [];
    try {
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      apps.push(await startApp('postgres', { DATABASE_URL: database.url }));
      const [one, two] = apps;
      const { e, inProgress, silentFor, timeoutMs } = timeoutFixtures(() => one);
      const { admin, upgradeId } = await inProgress();
      await silentFor(upgradeId, timeoutMs() + 1000);
      await Promise.all([
        one.app.get(UpgradeTimeouts).sweep(),
        two.app.get(UpgradeTimeouts).sweep(),
        one.app.get(UpgradeTimeouts).sweep(),
        two.app.get(UpgradeTimeouts).sweep(),
      ]);
      const failed = await e.events(admin.auth, { type: 'upgrade.failed' });
      expect(failed.map((event) => [event.data.upgrade_id, event.data.error])).toEqual([
        [upgradeId, 'timed out'],
      ]);
      const halted = await e.events(admin.auth, { type: 'rollout.halted' });
      expect(halted).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.release();
    }
  }, 120_000);
});
