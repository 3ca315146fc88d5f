import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { UpgradeDataRepository } from './upgrade-data.repository';
import { reportChange, UpgradeReport, upgradeToHandOut, hasTimedOut } from './upgrade-lifecycle';
import { firmwareLocation } from './upgrade-rules';
import { UpgradesRepository } from './upgrades.repository';

/** The upgrade a check-in hands to the device (DEVICES 3). */
export interface HandedOutUpgrade {
  id: number;
  version: string;
  /** The firmware location for the device's hardware part (null if the release lost it). */
  url: string | null;
  save_prev_config: boolean;
}

/** What a check-in tells the lifecycle about one device. */
export interface UpgradeCheckin {
  device: { id: number; organisation_id: number; part_number: string | null };
  report?: UpgradeReport;
  /** The firmware the device says it runs now. */
  firmwareVersion?: string;
  /** The firmware known for the device before this check-in (read only when a report needs it). */
  knownFirmware: () => Promise<string | null>;
  at: Date;
}

/**
 * The firmware lifecycle of DEVICES 5: reports and the timeout move upgrades through
 * pending → in_progress → done | failed. State lives only in the `upgrades` rows and every
 * change is a conditional UPDATE, so any number of instances agree without a timer: the timeout
 * is applied by whichever read or check-in sees it first.
 */
@Injectable()
export class UpgradeLifecycleService {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly config: ConfigService,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  private get timeoutSeconds(): number {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).upgradeTimeoutSeconds;
  }

  /**
   * Fails the organisation's in-progress upgrades whose device has not checked in for
   * UPGRADE_TIMEOUT_SECONDS (error `timed out`). Every read that shows upgrades runs it first,
   * so every answer shows them so on every instance. Their rollouts are locked before and
   * settled after (DEVICES 6): a timeout counts as a failure there. One statement when nothing
   * timed out.
   */
  async sweepTimedOut(orgId: number, at = new Date(), deviceId?: number): Promise<void> {
    const cutoff = this.cutoff(at);
    const timedOut = await this.upgrades.findTimedOut(orgId, cutoff, deviceId);
    if (timedOut.length === 0) {
      return;
    }
    await this.unitOfWork.run(async () => {
      const rollouts = await this.bookkeeping.lock(
        orgId,
        timedOut.map((u) => u.rollout_id),
      );
      await this.upgrades.failTimedOut(
        orgId,
        timedOut.map((u) => u.id),
        cutoff,
        at,
      );
      await this.bookkeeping.settle(orgId, rollouts, at);
    });
  }

  /**
   * A check-in's part (DEVICES 3 and 5): its report and firmware version move the device's
   * upgrades, then it is handed the upgrade in progress, else the due pending one (whose stage
   * must be open, DEVICES 6). A report about an upgrade that is not this device's, or no longer
   * open, changes nothing. When a change touches an upgrade of a rollout, the rollout is locked
   * first and settled after, in the check-in's transaction.
   */
  async checkIn(checkin: UpgradeCheckin): Promise<HandedOutUpgrade | null> {
    const { device, report, firmwareVersion, at } = checkin;
    const orgId = device.organisation_id;
    let open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    if (open.some((upgrade) => hasTimedOut(upgrade, at, this.timeoutSeconds))) {
      // Its last check-in is older than the timeout: the upgrade failed before this one came.
      await this.sweepTimedOut(orgId, at, device.id);
      open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    }
    const reported = report && open.find((upgrade) => upgrade.id === report.id);
    const completing = open.find(
      (upgrade) => upgrade.status === 'in_progress' && upgrade.version === firmwareVersion,
    );
    const rollouts = await this.bookkeeping.lock(
      orgId,
      [reported, completing].map((upgrade) => upgrade?.rollout_id ?? null),
    );
    let changed = false;
    let seen = false;
    if (report && reported) {
      const previous = reported.started_at ? null : await checkin.knownFirmware();
      const applied = await this.upgrades.applyReport(
        orgId,
        device.id,
        reported.id,
        reportChange(report),
        previous,
        at,
      );
      changed ||= applied;
      seen ||= applied;
    }
    if (firmwareVersion !== undefined && completing) {
      const completed = await this.upgrades.completeInProgress(
        orgId,
        device.id,
        firmwareVersion,
        at,
      );
      changed ||= completed;
    }
    if (changed) {
      await this.bookkeeping.settle(orgId, rollouts, at);
    }
    if (reported || completing) {
      // A conditional update that changed nothing may have waited for a parallel check-in that
      // closed the upgrade: what is handed out comes from the state this transaction leaves.
      open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    }
    const handOut = upgradeToHandOut(
      open,
      at,
      await this.bookkeeping.stageOpenOf(orgId, open, rollouts),
    );
    if (!handOut) {
      return null;
    }
    if (handOut.status === 'in_progress' && !seen) {
      await this.upgrades.touchInProgress(orgId, device.id, at);
    }
    const releases = await this.upgradeData.findVersion(orgId, handOut.version);
    return {
      id: handOut.id,
      version: handOut.version,
      url: firmwareLocation(releases, handOut.version, device.part_number),
      save_prev_config: handOut.save_prev_config,
    };
  }

  private cutoff(at: Date): Date {
    return new Date(at.getTime() - this.timeoutSeconds * 1000);
  }
}
