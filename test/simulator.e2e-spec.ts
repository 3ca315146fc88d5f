import { runSimulation } from '../scripts/simulator/run';
import { SimulationOptions } from '../scripts/simulator/options';
import { TO_VERSION } from '../scripts/simulator/setup';
import { Summary } from '../scripts/simulator/summary';
import { DATABASES, DatabaseKind } from './harness/app';
import {
  expectConsoleSignIn,
  expectUpAndDown,
  group,
  HEARTBEAT_TIMEOUT_SECONDS,
  useSimulatorServices,
} from './harness/simulator.helpers';

/**
 * The fleet simulator against the running service, on both databases at once: 50
 * devices checking in every second for 15 s, an upgrade of the network at 3 s with 0.5 s phases
 * and a 20 % failure rate, the SSID renamed half-way; the organisation's events read back match
 * what the run did. About 35 s in all, 15 to 20 of them the two runs side by side; the
 * rest starts the two services, each in its own process, as `npm start` runs it
 * (`launchSimulatorService`). The webhook receiver has a file of its own,
 * test/simulator-webhooks.e2e-spec.ts.
 */
describe('fleet simulator', () => {
  const services = useSimulatorServices();

  const options = (
    db: DatabaseKind,
    fields: Partial<SimulationOptions> = {},
  ): SimulationOptions => {
    const { server, superAdmin } = services.get(db)!;
    return {
      url: server.base,
      token: superAdmin,
      devices: 50,
      durationSeconds: 15,
      failRate: 0.2,
      upgradeAfterSeconds: 3,
      phaseSeconds: 0.5,
      ssidChangeAtSeconds: null,
      // Healthy, the fleet has settled by the end (settle_seconds 0); on a machine loaded by other
      // work a check-in can take seconds, and the run waits for the last upgrades (bounded).
      settleSeconds: 15,
      concurrency: 16,
      heartbeatTimeoutSeconds: HEARTBEAT_TIMEOUT_SECONDS,
      outageDevices: 0,
      rollout: null,
      webhookReceiver: null,
      rebootSeconds: 1,
      commands: false,
      configRollout: null,
      configFailures: { percent: 0, mode: 'reject' },
      ...fields,
    };
  };

  it('ends with every device up and in sync, every upgrade done or failed, the SSID change propagated, and the events of all that [sqlite and postgres at once]', async () => {
    const summaries = await Promise.all(DATABASES.map((db) => runSimulation(options(db))));
    for (const [i, summary] of summaries.entries()) {
      const done = summary.upgrade?.devices.done ?? 0;
      const failed = 50 - done;
      expect({ db: DATABASES[i], ...summary }).toEqual({
        db: DATABASES[i],
        ok: true,
        problems: [],
        interrupted: false,
        url: services.get(DATABASES[i])!.server.base,
        organisation_id: expect.any(Number),
        network_id: expect.any(Number),
        devices: 50,
        setup_seconds: expect.any(Number),
        run_seconds: expect.any(Number),
        settle_seconds: expect.any(Number),
        checkin_interval: 1,
        up: 50,
        in_sync: 50,
        upgrade: {
          version: TO_VERSION,
          created_at_seconds: expect.any(Number),
          devices: { waiting: 0, downloading: 0, installing: 0, rebooting: 0, done, failed },
          server: failed === 0 ? { done } : { done, failed },
        },
        ssid_change: {
          at_seconds: expect.any(Number),
          ssid_name: expect.stringMatching(/^sim-[0-9a-f]{6}-renamed$/),
          devices_with_new_ssid: 50,
          propagated: true,
        },
        rollout: null,
        config_rollout: null,
        server_out_of_sync: 0,
        webhooks: null,
        commands: null,
        // Two revisions a device: the first and the renamed SSID's.
        events: {
          read: expect.any(Number),
          groups: {
            'device.up': expect.any(Object),
            'device.down': expect.any(Object),
            config: group({ 'device.config_applied': 100 }),
            upgrades: group({
              'upgrade.created': 50,
              'upgrade.started': 50,
              'upgrade.done': done,
              'upgrade.failed': failed,
            }),
          },
        },
        requests: expect.any(Object),
        errors: { total: 0, kinds: [] },
        anomalies: { total: 0, kinds: [] },
      } satisfies Record<keyof Summary | 'db', unknown>);
      expect(done).toBeGreaterThanOrEqual(1);
      expectUpAndDown(summary, 50, 0);
      expect(summary.run_seconds).toBeGreaterThan(14.95);
      expect(summary.run_seconds).toBeLessThan(15 + 15 + 11); // + settling + draining
      // Half-way through the duration (Node timers may fire up to a millisecond early).
      expect(summary.ssid_change.at_seconds).toBeGreaterThan(7.45);
      // 50 devices × about one check-in a second, plus the configuration rounds and upgrade reports.
      expect(summary.requests.checkin).toBeGreaterThan(50 * 10);
      expect(summary.requests.config).toBeGreaterThanOrEqual(100);
    }
  }, 90_000);

  /**
   * A rollout of a release that fails on half the devices (every other one): stage 1 (10 of the
   * 40 devices) fails 5, so the rollout halts above 10 % failed, stages 2 and 3 are cancelled, and
   * the devices of stage 1 that installed the release are handed a revert to the old one, which
   * they install. The rollout halts at the second failure (20 %); a failure is reported 0.75 s after
   * the hand-out at the earliest, and the devices check in every second, so by then the stage's
   * devices have been handed the release (any that were not are cancelled, and counted so). About
   * 15 s, both databases side by side.
   */
  it('runs a staged rollout that halts on failures and reverts the upgraded devices [sqlite and postgres at once]', async () => {
    const summaries = await Promise.all(
      DATABASES.map((db) =>
        runSimulation(
          options(db, {
            devices: 40,
            durationSeconds: 10,
            failRate: 0.5,
            upgradeAfterSeconds: 2,
            phaseSeconds: 0.75,
            rollout: { stages: [25, 50, 100], maxFailurePercent: 10, autoRevert: true },
          }),
        ),
      ),
    );
    for (const [i, summary] of summaries.entries()) {
      const db = DATABASES[i];
      expect({ db, ok: summary.ok, problems: summary.problems }).toEqual({
        db,
        ok: true,
        problems: [],
      });
      const record = summary.rollout!.record!;
      expect(record).toEqual({
        id: expect.any(Number),
        version: TO_VERSION,
        state: 'halted',
        max_failure_percent: 10,
        failure_percent: expect.any(Number),
        auto_revert: true,
        stage_wait_seconds: 0,
        stages: [
          expect.objectContaining({ percent: 25, devices: 10, opened_at: expect.any(String) }),
          expect.objectContaining({ percent: 50, devices: 10, opened_at: null, cancelled: 10 }),
          expect.objectContaining({ percent: 100, devices: 20, opened_at: null, cancelled: 20 }),
        ],
        reverted: expect.any(Array),
        not_reverted: [],
        next_stage_at: null,
        created_at: expect.any(String),
        finished_at: expect.any(String),
      });
      const stage1 = record.stages[0];
      expect(stage1.pending + stage1.in_progress).toBe(0);
      expect(stage1.failed).toBeGreaterThanOrEqual(2);
      expect(record.failure_percent).toBeGreaterThan(10);
      expect(record.reverted.length).toBeGreaterThanOrEqual(1);
      expect(record.reverted.length).toBe(stage1.done);
      expect(summary.rollout!.reverted_back).toBe(record.reverted.length);
      const server = summary.upgrade!.server!;
      // The rollout's 40 upgrades (done, failed or cancelled) and one done revert per reverted device.
      expect(server).toEqual({
        done: stage1.done + record.reverted.length,
        failed: stage1.failed,
        cancelled: 30 + stage1.cancelled,
      });
      expect(summary.upgrade!.devices).toMatchObject({
        downloading: 0,
        installing: 0,
        rebooting: 0,
      });
      expect(summary).toMatchObject({
        up: 40,
        in_sync: 40,
        server_out_of_sync: 0,
        ssid_change: { devices_with_new_ssid: 40, propagated: true },
        errors: { total: 0, kinds: [] },
        anomalies: { total: 0, kinds: [] },
      });
      // Stage 1's devices not cancelled started the release; each revert (by the service) done.
      const reverted = record.reverted.length;
      expectUpAndDown(summary, 40, 0);
      expect(summary.events?.groups).toEqual({
        'device.up': expect.any(Object),
        'device.down': expect.any(Object),
        config: group({ 'device.config_applied': 80 }),
        upgrades: group({
          'upgrade.created': 40 + reverted,
          'upgrade.started': stage1.done + stage1.failed + reverted,
          'upgrade.done': stage1.done + reverted,
          'upgrade.failed': stage1.failed,
          'upgrade.cancelled': 30 + stage1.cancelled,
          'rollout.created': 1,
          'rollout.stage_opened': 1,
          'rollout.halted': 1,
        }),
      });
      expect(summary.run_seconds).toBeLessThan(10 + 15 + 11);
    }
  }, 60_000);

  /**
   * 3 of 10 devices cut off after their first check-in for the 10 s timeout + 6 s: each goes DOWN,
   * comes back and fetches the configuration it missed. No upgrade to settle after it. About 18 s.
   */
  it('records a device.down and a device.up again for each device cut off past the heartbeat timeout [sqlite and postgres at once]', async () => {
    const fields = { devices: 10, durationSeconds: 18, upgradeAfterSeconds: 0, outageDevices: 3 };
    const summaries = await Promise.all(DATABASES.map((db) => runSimulation(options(db, fields))));
    for (const [i, summary] of summaries.entries()) {
      expect({ db: DATABASES[i], ...summary }).toMatchObject({
        db: DATABASES[i],
        ok: true,
        problems: [],
        up: 10,
        in_sync: 10,
        errors: { total: 0 },
        anomalies: { total: 0 },
      });
      expectUpAndDown(summary, 10, 3);
      expect(summary.events?.groups).toMatchObject({
        // Those cut off never fetched the first revision: only the renamed SSID's.
        config: group({ 'device.config_applied': 7 * 2 + 3 }),
        upgrades: group({}),
      });
    }
  }, 60_000);

  it('stops early when its signal is aborted, and still reports', async () => {
    const interrupt = new AbortController();
    const lines: string[] = [];
    // 1.5 s into the run, after the setup (whose admin password costs a scrypt hash)
    const log = (line: string) => {
      lines.push(line);
      if (line.startsWith('Watch it in the console')) {
        setTimeout(() => interrupt.abort(), 1500);
      }
    };
    const summary = await runSimulation(options('sqlite', { devices: 5, upgradeAfterSeconds: 0 }), {
      signal: interrupt.signal,
      log,
    });
    // It prints a sign-in for its organisation's admin, which the console takes.
    await expectConsoleSignIn(lines);
    expect(summary).toMatchObject({
      interrupted: true,
      devices: 5,
      upgrade: null,
      ssid_change: { at_seconds: null, propagated: false },
      errors: { total: 0, kinds: [] },
    });
    expect(summary.run_seconds).toBeLessThan(5);
    // What the devices did before the stop is in the feed, nothing more.
    expect(summary.problems.filter((problem) => problem.startsWith('events'))).toEqual([]);
    expect(summary.events?.groups['device.up'].events).toBeGreaterThanOrEqual(1);
  });

  it('names the setup step the service refused: an admin token is not a super administrator’s', async () => {
    const { admin } = services.get('sqlite')!;
    await expect(runSimulation({ ...options('sqlite'), token: admin })).rejects.toThrow(
      'creating the organisation (POST /v1/admin/organisations; the token must be a super administrator’s) failed: HTTP 403 {"msg":"Only a platform super administrator may do this","error_code":1029}',
    );
  });
});
