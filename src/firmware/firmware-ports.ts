import { EventSubject } from '../devices/device-subjects.repository';
import { Change } from '../fleet-change/change';
import { UpgradeReport } from './upgrade-lifecycle';
import { UpgradeStatus } from './upgrade.entity';

/**
 * What the features above ask of the upgrades (upgrades/) without importing them: each port is
 * an abstract class, the token under which UpgradePortsModule (upgrades/, global) provides the
 * upgrades' implementation. Only the rollout routes and the console's upgrade pages import
 * upgrades/ itself.
 */

/** The upgrade a check-in hands to the device. */
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
  /** The device and its network, as the events of its upgrades name them. */
  subject?: EventSubject;
}

/** The firmware lifecycle's part of a device check-in (the device gateway's). */
export abstract class UpgradeCheckins {
  /**
   * In the check-in's change: its report and firmware version move the device's upgrades, then
   * the upgrade to hand out, or null.
   */
  abstract checkIn(change: Change, checkin: UpgradeCheckin): Promise<HandedOutUpgrade | null>;
}

/** What the device writes (access-points/) need of the devices' upgrades. */
export abstract class DeviceUpgrades {
  /** Which of these devices have a firmware upgrade being written right now (one statement). */
  abstract devicesInProgress(orgId: number, deviceIds: number[]): Promise<number[]>;

  /**
   * Runs `remove`, which deletes these devices with their upgrades, in this change, with the
   * rollouts of those upgrades locked before (the change settles them before it commits).
   */
  abstract removing(
    change: Change,
    deviceIds: number[],
    remove: () => Promise<void>,
  ): Promise<void>;
}

/** The upgrades' numbers of the overview. */
export abstract class FirmwareCounts {
  /** Runs a read that shows upgrades once the organisation's timed-out upgrades have failed. */
  abstract read<T>(orgId: number, read: () => Promise<T>): Promise<T>;

  /** The organisation's upgrades by status, of the devices of these networks (or all). */
  abstract byStatus(
    orgId: number,
    networkIds: number[] | 'all',
  ): Promise<Record<UpgradeStatus, number>>;

  /** How many of the organisation's rollouts are running. */
  abstract runningRollouts(orgId: number): Promise<number>;
}
