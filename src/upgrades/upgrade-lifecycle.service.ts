import { Injectable } from '@nestjs/common';
import { HandedOutUpgrade, UpgradeCheckin, UpgradeCheckins } from '../firmware/firmware-ports';
import { rolloutsOf } from './change-rollouts';
import { Change } from '../fleet-change/change';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { UpgradeDataRepository } from '../firmware/upgrade-data.repository';
import {
  hasTimedOut,
  reportChange,
  reportEventType,
  upgradeToHandOut,
} from '../firmware/upgrade-lifecycle';
import { firmwareLocation } from './upgrade-rules';
import { lifecycleEvent } from './upgrade-events';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';

/**
 * The firmware lifecycle: reports and the timeout move upgrades through
 * pending → in_progress → done | failed. State lives only in the `upgrades` rows and every
 * change is a conditional UPDATE, so any number of instances agree without a timer: the timeout
 * is applied by whichever read or check-in sees it first (UpgradeTimeouts).
 */
@Injectable()
export class UpgradeLifecycleService implements UpgradeCheckins {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly timeouts: UpgradeTimeouts,
  ) {}

  /**
   * A check-in's part, in the check-in's change: its report and firmware
   * version move the device's upgrades, then it is handed the upgrade in progress, else the due
   * pending one (whose stage must be open). A report about an upgrade that is not this
   * device's, or no longer open, changes nothing. The rollouts of the upgrades it touches are
   * locked first and settled before the hand-out is decided.
   */
  async checkIn(change: Change, checkin: UpgradeCheckin): Promise<HandedOutUpgrade | null> {
    const { device, report, firmwareVersion } = checkin;
    const { orgId, at } = change;
    let open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    if (open.some((upgrade) => hasTimedOut(upgrade, at, this.timeouts.timeoutSeconds))) {
      // Its last check-in is older than the timeout: the upgrade failed before this one came.
      await this.timeouts.failTimedOut(change, device.id);
      open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    }
    const reported = report && open.find((upgrade) => upgrade.id === report.id);
    const completing = open.find(
      (upgrade) => upgrade.status === 'in_progress' && upgrade.version === firmwareVersion,
    );
    await rolloutsOf(change).lock(
      [reported, completing].map((upgrade) => upgrade?.rollout_id ?? null),
    );
    let seen = false;
    const by = { actor: { type: 'device' as const }, at };
    if (report && reported) {
      const previous = reported.started_at ? null : await checkin.knownFirmware();
      const reportedChange = reportChange(report);
      seen = await this.writes.applyReport(
        orgId,
        device.id,
        reported.id,
        reportedChange,
        previous,
        at,
      );
      if (seen) {
        rolloutsOf(change).upgradesChanged();
        const type = reportEventType(reported.status, reportedChange.status);
        if (type) {
          const upgrade = {
            ...reported,
            previous_version: reported.started_at ? reported.previous_version : previous,
            error: reportedChange.error ?? null,
          };
          change.record(lifecycleEvent(type, upgrade, checkin.subject, by));
        }
      }
    }
    if (firmwareVersion !== undefined && completing) {
      if (await this.writes.completeInProgress(orgId, device.id, firmwareVersion, at)) {
        rolloutsOf(change).upgradesChanged();
        change.record(lifecycleEvent('upgrade.done', completing, checkin.subject, by));
      }
    }
    await rolloutsOf(change).settle();
    if (reported || completing) {
      // A conditional update that changed nothing may have waited for a parallel check-in that
      // closed the upgrade: what is handed out comes from the state this transaction leaves.
      open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    }
    const handOut = upgradeToHandOut(
      open,
      at,
      await this.bookkeeping.stageOpenOf(orgId, open, rolloutsOf(change).lockedRollouts()),
    );
    if (!handOut) {
      return null;
    }
    if (handOut.status === 'in_progress' && !seen) {
      await this.writes.touchInProgress(orgId, device.id, at);
    }
    const releases = await this.upgradeData.findVersion(orgId, handOut.version);
    return {
      id: handOut.id,
      version: handOut.version,
      url: firmwareLocation(releases, handOut.version, device.part_number),
      save_prev_config: handOut.save_prev_config,
    };
  }
}
