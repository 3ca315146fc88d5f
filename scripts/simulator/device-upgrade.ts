/** What a virtual device does with the upgrades its check-ins hand it. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceEventLog } from './caused';
import type {
  CheckinAnswer,
  DeviceUpgradeState,
  FleetContext,
  UpgradeReport,
} from './fleet-context';
import { TO_VERSION } from './setup';

/** What the device lends its upgrades: an out-of-cycle check-in, and a reboot. */
export interface UpgradeHost {
  /** Queues a check-in (it carries `report`) and resolves when it has run. */
  checkInSoon(): Promise<void>;
  /** Down for `ms`, then up again with a new uptime, running `firmware`. */
  restart(ms: number, firmware: string): Promise<void>;
}

/**
 * A device's upgrades: the one it is busy with or finished last, and the report its next
 * check-ins carry. It starts an upgrade handed out at once, reports each phase on a check-in of
 * its own, and learns from the answers when the service has taken a failure or the new version.
 */
export class DeviceUpgrade {
  current: { id: number; version: string; state: DeviceUpgradeState } | null = null;
  /** What the next check-ins report (null: nothing). */
  report: UpgradeReport | null = null;
  private readonly finished = new Set<number>();

  constructor(
    private readonly ctx: FleetContext,
    /** The device's index in the fleet (a rollout's `failing` set names it). */
    private readonly index: number,
    private readonly events: DeviceEventLog,
    private readonly host: UpgradeHost,
  ) {}

  /** Downloading, installing, or rebooting into the new version. */
  get busy(): boolean {
    return (
      this.current !== null && this.current.state !== 'done' && this.current.state !== 'failed'
    );
  }

  /**
   * A 200 answer took what the check-in sent: a failure report makes the failure final, the new
   * version after the reboot makes the upgrade done. What was sent counts, not what the device
   * runs now: an answer to a check-in sent before the reboot can arrive after it.
   */
  acknowledge(report: UpgradeReport | null, sentFirmware: string): void {
    const upgrade = this.current;
    if (!upgrade) {
      return;
    }
    if (report?.state === 'failed' && this.report === report) {
      this.report = null;
      upgrade.state = 'failed';
      this.finished.add(upgrade.id);
    } else if (upgrade.state === 'rebooting' && sentFirmware === upgrade.version) {
      upgrade.state = 'done';
      this.finished.add(upgrade.id);
      this.events.upgradeDone(upgrade.id);
    }
  }

  /** An upgrade in the answer: start it unless this device is busy with it or finished it. */
  consider(hint: NonNullable<CheckinAnswer['upgrade']>): void {
    if (this.finished.has(hint.id)) {
      this.ctx.anomaly('an upgrade the device had finished was handed out again');
      return;
    }
    if (this.busy) {
      if (this.current!.id !== hint.id) {
        this.ctx.anomaly('another upgrade was handed out while one was in progress');
      }
      return;
    }
    this.current = { id: hint.id, version: hint.version, state: 'downloading' };
    void this.performUpgrade(hint.id, hint.version).catch((error: unknown) => {
      if (!this.ctx.signal.aborted) {
        this.ctx.error('upgrade', error);
      }
    });
  }

  /**
   * Downloading (0 %, 50 %), installing, reboot, each `phaseMs`. Only the new release fails (with
   * `failRate`, or on the `failing` devices); any other version, a revert to the old release
   * included, installs.
   */
  private async performUpgrade(id: number, version: string): Promise<void> {
    const phase = this.ctx.phaseMs;
    const signal = this.ctx.signal;
    const fails =
      version === TO_VERSION &&
      (this.ctx.failing ? this.ctx.failing.has(this.index) : Math.random() < this.ctx.failRate);
    const failure = fails ? (Math.random() < 0.5 ? 'download' : 'install') : null;
    const upgrade = this.current!;
    this.report = { id, state: 'downloading', progress: 0 };
    await this.host.checkInSoon();
    await sleep(phase / 2, undefined, { signal });
    this.report = { id, state: 'downloading', progress: 50 };
    await this.host.checkInSoon();
    await sleep(phase / 2, undefined, { signal });
    if (failure === 'download') {
      return this.fail(id, 'download failed: checksum mismatch');
    }
    upgrade.state = 'installing';
    this.report = { id, state: 'installing' };
    await this.host.checkInSoon();
    await sleep(phase, undefined, { signal });
    if (failure === 'install') {
      return this.fail(id, 'install failed: image rejected by the bootloader');
    }
    upgrade.state = 'rebooting';
    this.report = null;
    await this.host.restart(phase, version);
    await this.host.checkInSoon();
  }

  /** Reports the failure on a check-in now, and on the next ones until one is answered. */
  private async fail(id: number, error: string): Promise<void> {
    this.report = { id, state: 'failed', error };
    await this.host.checkInSoon();
  }
}
