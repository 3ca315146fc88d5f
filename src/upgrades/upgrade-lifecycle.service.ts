import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
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
  ) {}

  private get timeoutSeconds(): number {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).upgradeTimeoutSeconds;
  }

  /**
   * Fails the organisation's in-progress upgrades whose device has not checked in for
   * UPGRADE_TIMEOUT_SECONDS (error `timed out`). Every read that shows upgrades runs it first,
   * so every answer shows them so on every instance.
   */
  async sweepTimedOut(orgId: number, at = new Date()): Promise<void> {
    await this.upgrades.failTimedOut(orgId, this.cutoff(at), at);
  }

  /**
   * A check-in's part (DEVICES 3 and 5): its report and firmware version move the device's
   * upgrades, then it is handed the upgrade in progress, else the due pending one. A report
   * about an upgrade that is not this device's, or no longer open, changes nothing.
   */
  async checkIn(checkin: UpgradeCheckin): Promise<HandedOutUpgrade | null> {
    const { device, report, firmwareVersion, at } = checkin;
    const orgId = device.organisation_id;
    let open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    if (open.some((upgrade) => hasTimedOut(upgrade, at, this.timeoutSeconds))) {
      // Its last check-in is older than the timeout: the upgrade failed before this one came.
      await this.upgrades.failTimedOut(orgId, this.cutoff(at), at, device.id);
      open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    }
    let changed = false;
    let seen = false;
    const reported = report && open.find((upgrade) => upgrade.id === report.id);
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
    if (firmwareVersion !== undefined) {
      const completed = await this.upgrades.completeInProgress(
        orgId,
        device.id,
        firmwareVersion,
        at,
      );
      changed ||= completed;
    }
    if (changed) {
      open = await this.upgrades.findOpenOfDevice(orgId, device.id);
    }
    const handOut = upgradeToHandOut(open, at);
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
