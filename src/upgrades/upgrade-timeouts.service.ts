import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Scheduler } from '../background/scheduler';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { Change } from '../fleet-change/change';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { rolloutsOf } from './change-rollouts';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { UpgradeWritesRepository } from './upgrade-writes.repository';
import { UpgradesRepository } from './upgrades.repository';

/**
 * The upgrade timeout: an upgrade in progress whose device has not checked in for
 * UPGRADE_TIMEOUT_SECONDS fails with error `timed out`. Every instance's periodic work fails
 * them each second (`sweep`), so the `upgrade.failed` comes within seconds of the timeout
 * whether anyone reads or not; a read that shows upgrades (`read`), a halt and the device's own
 * check-in fail them first too, so that no answer shows one in progress past its timeout. Each
 * is a conditional update in a change, with the upgrades' rollouts locked first: whichever
 * instance comes first fails the upgrade and records its one event, and the rollout counts the
 * failure in the same change.
 */
@Injectable()
export class UpgradeTimeouts {
  private readonly logger = new Logger(UpgradeTimeouts.name);

  constructor(
    private readonly changes: ChangeRunner,
    private readonly upgrades: UpgradesRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly config: ConfigService,
    scheduler: Scheduler,
  ) {
    // Each second (SCHEDULE): upgrade.failed within 5 s of the timeout.
    scheduler.every('upgrade timeouts', () => this.sweep());
  }

  /** UPGRADE_TIMEOUT_SECONDS. */
  get timeoutSeconds(): number {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).upgradeTimeoutSeconds;
  }

  /**
   * One pass of the sweep: one statement finds the organisations with upgrades past the
   * timeout (none: nothing more), then a change per organisation, in id order, fails them.
   * Returns how many it failed (those another instance failed first are not counted).
   */
  async sweep(now = new Date()): Promise<number> {
    let failed = 0;
    for (const orgId of await this.upgrades.organisationsWithTimedOut(this.cutoff(now))) {
      try {
        failed += await this.changes.run(orgId, (change) => this.failTimedOut(change), {}, now);
      } catch (error) {
        // One organisation's failure does not keep the others' upgrades in progress.
        this.logger.error(`upgrade timeouts of organisation ${orgId}: ${String(error)}`);
      }
    }
    return failed;
  }

  /** Runs a read of the organisation's upgrades once its timed-out upgrades have failed. */
  async read<T>(orgId: number, read: () => Promise<T>): Promise<T> {
    const at = new Date();
    if ((await this.upgrades.findTimedOut(orgId, this.cutoff(at))).length > 0) {
      await this.changes.run(orgId, (change) => this.failTimedOut(change), {}, at);
    }
    return read();
  }

  /**
   * Fails, in this change, the in-progress upgrades (of one device, or of the organisation)
   * whose device has not checked in for UPGRADE_TIMEOUT_SECONDS (error `timed out`), their
   * rollouts locked first: a timeout counts as a failure there. The update is conditional, so
   * the first instance to see the timeout decides. Returns how many this change failed.
   */
  async failTimedOut(change: Change, deviceId?: number): Promise<number> {
    const cutoff = this.cutoff(change.at);
    const timedOut = await this.upgrades.findTimedOut(change.orgId, cutoff, deviceId);
    if (timedOut.length === 0) {
      return 0;
    }
    const rollouts = rolloutsOf(change);
    await rollouts.lock(timedOut.map((u) => u.rollout_id));
    const failed = await this.writes.failTimedOut(
      change.orgId,
      timedOut.map((u) => u.id),
      cutoff,
      change.at,
    );
    rollouts.upgradesChanged();
    await this.bookkeeping.recordClosed(change, 'upgrade.failed', failed);
    return failed.length;
  }

  private cutoff(at: Date): Date {
    return new Date(at.getTime() - this.timeoutSeconds * 1000);
  }
}
