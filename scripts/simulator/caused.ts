/**
 * The events a run should find in its organisation's feed, counted from what the
 * simulator did and what the service answered it, not from anything the service reports about
 * itself: each type at least `min` and at most `max` times. The two are equal unless the timing
 * leaves it open (a silence close to the heartbeat timeout, an answer that never came).
 */
import type { UpgradeReport } from './fleet-context';
import type { ConfigRolloutRecord } from './config-rollout-check';
import type { RolloutRecord } from './rollout-check';

export interface Range {
  min: number;
  max: number;
}

/** The service records a device.down at most this long after the heartbeat timeout passes. */
export const DOWN_RECORDED_WITHIN_MS = 5000;

export class ExpectedEvents {
  private readonly ranges = new Map<string, Range>();
  /** Types the run cannot tell (the rollout could not be read back). */
  readonly unknown = new Set<string>();

  /** Recorded `count` times for certain. */
  add(type: string, count = 1): void {
    const range = this.of(type);
    range.min += count;
    range.max += count;
  }

  /** Recorded or not: the timing or a lost answer leaves it open. */
  maybe(type: string, count = 1): void {
    this.of(type).max += count;
  }

  of(type: string): Range {
    let range = this.ranges.get(type);
    if (!range) {
      range = { min: 0, max: 0 };
      this.ranges.set(type, range);
    }
    return range;
  }

  /**
   * What the admin's upgrade of the network led to: an `upgrade.created` per upgrade it created,
   * and with a rollout what its record shows at the end (read after the fleet stopped): the
   * rollout's creation, each stage opened, its halt or completion, each upgrade it cancelled and
   * each revert the service created. Null record: those are not known.
   */
  upgradeCreated(upgrades: number, rollout: RolloutRecord | null | undefined): void {
    this.add('upgrade.created', upgrades);
    if (rollout === undefined) {
      return;
    }
    if (rollout === null) {
      for (const type of ['upgrade.created', 'upgrade.cancelled', 'rollout.*']) {
        this.unknown.add(type);
      }
      return;
    }
    this.add('rollout.created');
    this.add('rollout.stage_opened', rollout.stages.filter((s) => s.opened_at !== null).length);
    this.add('rollout.halted', rollout.state === 'halted' ? 1 : 0);
    this.add('rollout.completed', rollout.state === 'completed' ? 1 : 0);
    this.add(
      'upgrade.cancelled',
      rollout.stages.reduce((sum, s) => sum + s.cancelled, 0),
    );
    this.add('upgrade.created', rollout.reverted.length);
  }

  /**
   * What the staged publish of the SSID change led to, as its record shows at the end: its
   * creation, each stage opened, its halt or completion, and its revert (by itself or the
   * admin's). Null record: those are not known.
   */
  configRolloutRead(rollout: ConfigRolloutRecord | null): void {
    if (rollout === null) {
      this.unknown.add('config_rollout.*');
      return;
    }
    this.add('config_rollout.created');
    this.add(
      'config_rollout.stage_opened',
      rollout.stages.filter((s) => s.opened_at !== null).length,
    );
    this.add('config_rollout.halted', rollout.state === 'halted' ? 1 : 0);
    this.add('config_rollout.completed', rollout.state === 'completed' ? 1 : 0);
    this.add('config_rollout.reverted', rollout.reverted.length > 0 ? 1 : 0);
  }
}

/**
 * One device's check-ins as the simulator saw them, and the events they make the service record:
 * `device.up` at its first heartbeat and when it comes back from a silence the service recorded
 * DOWN; `device.down` for such a silence (certain when it lasted beyond the timeout plus the 5 s
 * the service has to record it, possible beyond the timeout); `device.config_applied` for each
 * revision it reported that differs from the one before; `upgrade.started`, `upgrade.failed` and
 * `upgrade.done` for its reports of an upgrade the service still held open.
 */
export class DeviceEventLog {
  private heard = false;
  /** When the service may have received the device's last heartbeat: not before, not after. */
  private last: { earliest: number; latest: number } | null = null;
  private applied: string | null = null;
  /** A revision sent on a check-in that had no answer: the service may have recorded it. */
  private unsure: string | null = null;
  /** Upgrades the service took the device's reports of (`open`) or had closed (`closed`). */
  private readonly upgrades = new Map<number, 'open' | 'closed'>();
  /** Upgrades a report of which went unanswered (the service may have started them). */
  private readonly unanswered = new Set<number>();

  constructor(
    private readonly expected: ExpectedEvents,
    private readonly timeoutMs: number,
  ) {}

  /**
   * A check-in sent at `sentAt` was answered 200 at `answeredAt`, carrying `revision` and
   * `report`; `handedOut` is the upgrade the answer hands out (an upgrade the service still
   * holds open for the device is handed out again).
   */
  answered(
    sentAt: number,
    answeredAt: number,
    revision: string | undefined,
    report: UpgradeReport | null,
    handedOut: number | null,
  ): void {
    if (!this.heard) {
      this.expected.add('device.up');
    }
    if (this.last) {
      this.silence(sentAt - this.last.latest, answeredAt - this.last.earliest, true);
    }
    this.heard = true;
    this.last = { earliest: sentAt, latest: answeredAt };
    if (revision !== undefined && revision !== this.applied) {
      this.expected.add('device.config_applied');
    }
    if (this.unsure !== null && this.unsure !== this.applied && this.unsure !== revision) {
      this.expected.maybe('device.config_applied');
    }
    this.unsure = null;
    this.applied = revision ?? this.applied;
    if (report) {
      this.reported(report, handedOut);
    }
  }

  /** A check-in sent at `sentAt` had no answer by `at`: the service may have taken it or not. */
  noAnswer(sentAt: number, at: number, revision: string | undefined, report: UpgradeReport | null) {
    this.last = { earliest: this.last?.earliest ?? sentAt, latest: at };
    this.unsure = revision ?? this.unsure;
    if (report) {
      this.unanswered.add(report.id);
    }
  }

  /** A check-in that reported a configuration error the device had not reported before was answered. */
  configFailed(): void {
    this.expected.add('device.config_failed');
  }

  /** The device checked in with the version of the upgrade it rebooted into: that completes it. */
  upgradeDone(id: number): void {
    this.closeWith(id, 'upgrade.done');
  }

  /** At the end, the events read back from `readFrom` to `readTo`: the silence since the last. */
  ended(readFrom: number, readTo: number): void {
    if (this.last) {
      this.silence(readFrom - this.last.latest, readTo - this.last.earliest, false);
      if (!this.heard) {
        this.expected.maybe('device.up');
      }
    }
    if (this.unsure !== null && this.unsure !== this.applied) {
      this.expected.maybe('device.config_applied');
    }
  }

  /**
   * A silence between heartbeats of `least` to `most` ms: DOWN for certain when even the least
   * passes the timeout and the time the service has to record it, possibly when the most passes
   * the timeout (and then `device.up` again if the device came back: `returned`).
   */
  private silence(least: number, most: number, returned: boolean): void {
    const certain = this.heard && least > this.timeoutMs + DOWN_RECORDED_WITHIN_MS;
    if (!certain && most <= this.timeoutMs) {
      return;
    }
    const count = (type: string) => (certain ? this.expected.add(type) : this.expected.maybe(type));
    count('device.down');
    if (returned) {
      count('device.up');
    }
  }

  private reported(report: UpgradeReport, handedOut: number | null): void {
    const state = this.upgrades.get(report.id);
    if (report.state === 'failed') {
      this.closeWith(report.id, 'upgrade.failed');
    } else if (state === undefined && handedOut === report.id) {
      this.expected.add('upgrade.started');
      this.upgrades.set(report.id, 'open');
    } else if (state === undefined) {
      // Not handed out again: the service had closed it (a rollout's halt cancels it while the
      // report is on its way), unless a report that went unanswered started it first.
      if (this.unanswered.has(report.id)) {
        this.expected.maybe('upgrade.started');
      }
      this.upgrades.set(report.id, 'closed');
    }
  }

  private closeWith(id: number, type: 'upgrade.done' | 'upgrade.failed'): void {
    const state = this.upgrades.get(id);
    if (state === 'open') {
      this.expected.add(type);
    } else if (state === undefined) {
      // No report of it was taken before: it may be open (pending or started by a report that
      // went unanswered), or closed already.
      this.expected.maybe(type);
      if (this.unanswered.has(id)) {
        this.expected.maybe('upgrade.started');
      }
    }
    this.upgrades.set(id, 'closed');
  }
}
