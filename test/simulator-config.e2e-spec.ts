import { runSimulation } from '../scripts/simulator/run';
import { ConfigFailureMode, SimulationOptions } from '../scripts/simulator/options';
import { Summary } from '../scripts/simulator/summary';
import { DATABASES, DatabaseKind } from './harness/app';
import {
  expectUpAndDown,
  HEARTBEAT_TIMEOUT_SECONDS,
  useSimulatorServices,
} from './harness/simulator.helpers';

/** The fleet's size, and the share of it that fails the configuration (every fourth device). */
const DEVICES = 20;
const FAILING_PERCENT = 25;

/**
 * The fleet simulator's staged SSID change (`--config-rollout`) with a share of its devices
 * failing the new configuration, against the running service on both databases at once: 20
 * devices checking in every second, the SSID renamed at 2 s through a draft published in two
 * stages of 10 devices (the first failure halts it), every fourth device failing it. Stage 1
 * holds some of those, so the rollout halts, stage 2 never opens, and stage 1's devices are given
 * the network's configuration back: every device ends running the old SSID name, in sync. The
 * watch (30 s) outlasts the DOWN of a device that drops off the air (the 10 s heartbeat timeout
 * and the 5 s the service has to record it), so a device that drops fails before it could succeed.
 */
describe('fleet simulator failing a configuration rollout', () => {
  const services = useSimulatorServices();

  const options = (
    db: DatabaseKind,
    mode: ConfigFailureMode,
    fields: Partial<SimulationOptions>,
  ): SimulationOptions => ({
    url: services.get(db)!.server.base,
    token: services.get(db)!.superAdmin,
    devices: DEVICES,
    durationSeconds: 8,
    failRate: 0,
    upgradeAfterSeconds: 0,
    phaseSeconds: 0.5,
    ssidChangeAtSeconds: 2,
    settleSeconds: 20,
    concurrency: 16,
    heartbeatTimeoutSeconds: HEARTBEAT_TIMEOUT_SECONDS,
    outageDevices: 0,
    rollout: null,
    webhookReceiver: null,
    rebootSeconds: 1,
    commands: false,
    configRollout: { stages: [50, 100], maxFailurePercent: 0, watchSeconds: 30, autoRevert: true },
    configFailures: { percent: FAILING_PERCENT, mode },
    ...fields,
  });

  /** What both modes end with: halted at stage 1, reverted, every device back on the old SSID. */
  const expectHaltedAndReverted = (summary: Summary, db: DatabaseKind, byAdmin: boolean) => {
    expect({ db, ok: summary.ok, problems: summary.problems }).toEqual({
      db,
      ok: true,
      problems: [],
    });
    const check = summary.config_rollout!;
    const record = check.record!;
    expect(record).toMatchObject({
      state: 'halted',
      max_failure_percent: 0,
      watch_seconds: 30,
      auto_revert: !byAdmin,
      stages: [
        { percent: 50, devices: 10, opened_at: expect.any(String) },
        {
          percent: 100,
          devices: 10,
          opened_at: null,
          waiting: 0,
          succeeded: 0,
          failed: 0,
          skipped: 0,
        },
      ],
      finished_at: expect.any(String),
    });
    const stage1 = record.stages[0];
    expect(stage1.failed).toBeGreaterThanOrEqual(1);
    expect(stage1.succeeded).toBe(0); // the watch outlasts the halt
    expect(record.failure_percent).toBeGreaterThan(0);
    expect(record.reverted).toHaveLength(10);
    expect(check).toMatchObject({
      failing_devices: DEVICES * (FAILING_PERCENT / 100),
      reverted_by_admin: byAdmin,
      expected_ssid_name: expect.stringMatching(/^sim-[0-9a-f]{6}$/),
      devices_with_expected_ssid: DEVICES,
    });
    expect(summary).toMatchObject({
      up: DEVICES,
      in_sync: DEVICES,
      server_out_of_sync: 0,
      ssid_change: { devices_with_new_ssid: 0, propagated: false },
      errors: { total: 0, kinds: [] },
      anomalies: { total: 0, kinds: [] },
    });
    const config = summary.events!.groups.config.types;
    expect(config).toMatchObject({
      'config_rollout.created': { events: 1 },
      'config_rollout.stage_opened': { events: 1 },
      'config_rollout.halted': { events: 1 },
      'config_rollout.reverted': { events: 1 },
    });
    expect(config['config_rollout.completed']).toBeUndefined();
    return stage1;
  };

  /**
   * Each failing device of stage 1 rejects the configuration at once (a config_error at its next
   * check-in): the rollout halts within seconds and reverts by itself. About 15 s.
   */
  it('halts a staged SSID change that devices reject, and reverts it by itself [sqlite and postgres at once]', async () => {
    const summaries = await Promise.all(
      DATABASES.map((db) => runSimulation(options(db, 'reject', {}))),
    );
    for (const [i, summary] of summaries.entries()) {
      const stage1 = expectHaltedAndReverted(summary, DATABASES[i], false);
      const config = summary.events!.groups.config.types;
      // Each failed device reported its error once; no device went DOWN.
      expect(config['device.config_failed'].events).toBeGreaterThanOrEqual(stage1.failed);
      expectUpAndDown(summary, DEVICES, 0);
      expect(summary.events!.groups['device.down'].events).toBe(0);
    }
  }, 90_000);

  /**
   * Each failing device of stage 1 applies the configuration, reports it, and drops off the air
   * for the heartbeat timeout + 6 s: the service records it DOWN, the rollout fails it and halts;
   * it does not revert by itself, so the admin reverts it (reading it every 2 s). The devices come
   * back and take the network's configuration. About 30 s.
   */
  it('halts a staged SSID change after which devices drop off the air, and the admin reverts it [sqlite and postgres at once]', async () => {
    const summaries = await Promise.all(
      DATABASES.map((db) =>
        runSimulation(
          options(db, 'drop-off', {
            durationSeconds: 20,
            configRollout: {
              stages: [50, 100],
              maxFailurePercent: 0,
              watchSeconds: 30,
              autoRevert: false,
            },
          }),
        ),
      ),
    );
    for (const [i, summary] of summaries.entries()) {
      const stage1 = expectHaltedAndReverted(summary, DATABASES[i], true);
      const config = summary.events!.groups.config.types;
      expect(config['device.config_failed']).toBeUndefined();
      // Every device that dropped off went DOWN and came back; those of stage 1 failed by it.
      const down = summary.events!.groups['device.down'].events;
      expect(down).toBeGreaterThanOrEqual(stage1.failed);
      expectUpAndDown(summary, DEVICES, stage1.failed);
    }
  }, 120_000);
});
