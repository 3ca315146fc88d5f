import { runSimulation } from '../scripts/simulator/run';
import { SimulationOptions } from '../scripts/simulator/options';
import { DATABASES, DatabaseKind } from './harness/app';
import {
  expectUpAndDown,
  HEARTBEAT_TIMEOUT_SECONDS,
  useSimulatorServices,
} from './harness/simulator.helpers';

/** How long a device is down for the reboot. */
const REBOOT_SECONDS = 2;

/**
 * The fleet simulator's `--commands` against the running service, on both databases at
 * once: 20 devices checking in every second for 8 s, the network upgraded at 3 s (0.5 s phases,
 * none failing); half-way the admin reboots the network (and asks one device to locate, one to
 * ping) while the SSID is renamed. A device told while it upgrades reboots once its upgrade is
 * done; every device goes down for 2 s, comes back, and reports the reboot succeeded on its first
 * check-in back. About 25 s, most of it starting the services.
 */
describe('fleet simulator rebooting a network', () => {
  const services = useSimulatorServices();

  const options = (db: DatabaseKind): SimulationOptions => ({
    url: services.get(db)!.server.base,
    token: services.get(db)!.superAdmin,
    devices: 20,
    durationSeconds: 8,
    failRate: 0,
    upgradeAfterSeconds: 3,
    phaseSeconds: 0.5,
    ssidChangeAtSeconds: null,
    settleSeconds: 15,
    concurrency: 16,
    heartbeatTimeoutSeconds: HEARTBEAT_TIMEOUT_SECONDS,
    outageDevices: 0,
    rollout: null,
    webhookReceiver: null,
    rebootSeconds: REBOOT_SECONDS,
    commands: true,
    configRollout: null,
    configFailures: { percent: 0, mode: 'reject' },
  });

  it('reboots every device of the network once, each back with the result reported, and says how long it took [sqlite and postgres at once]', async () => {
    const summaries = await Promise.all(DATABASES.map((db) => runSimulation(options(db))));
    for (const [i, summary] of summaries.entries()) {
      const db = DATABASES[i];
      expect({ db, ...summary }).toMatchObject({
        db,
        ok: true,
        problems: [],
        up: 20,
        in_sync: 20,
        upgrade: { devices: { done: 20 }, server: { done: 20 } },
        server_out_of_sync: 0,
        ssid_change: { devices_with_new_ssid: 20, propagated: true },
        errors: { total: 0, kinds: [] },
        anomalies: { total: 0, kinds: [] },
      });
      const { reboot, locate, ping } = summary.commands!;
      expect(reboot).toEqual({
        network_id: summary.network_id,
        requested_at_seconds: expect.any(Number),
        told: 20,
        rebooted: 20,
        back: 20,
        all_back_seconds: expect.any(Number),
        all_succeeded_seconds: expect.any(Number),
        server: { succeeded: 20 },
      });
      // Half-way (Node timers may fire up to a millisecond early).
      expect(reboot.requested_at_seconds).toBeGreaterThan(3.95);
      // Each device is down for the reboot after it was handed the command, which is after the
      // request; the service shows it succeeded once the device's check-in back has carried it.
      // How much longer follows the machine: the devices finish their upgrade first, and on a
      // loaded machine a check-in can take seconds (16 s in all seen with other work running).
      expect(reboot.all_back_seconds).toBeGreaterThan(REBOOT_SECONDS);
      expect(reboot.all_succeeded_seconds).toBeGreaterThan(REBOOT_SECONDS);
      expect(locate).toEqual({
        mac_id: expect.any(String),
        state: 'succeeded',
        output: 'LED blinking for 30 s',
        error: null,
      });
      expect(ping).toEqual({
        mac_id: expect.any(String),
        state: 'succeeded',
        output: expect.stringContaining('4 packets transmitted, 4 received, 0% packet loss'),
        error: null,
      });
      // Down for 2 s, well within the 10 s heartbeat timeout: no device.down of the reboot.
      expectUpAndDown(summary, 20, 0);
    }
  }, 90_000);
});
