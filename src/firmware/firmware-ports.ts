import { Injectable } from '@nestjs/common';
import { EventSubject } from '../devices/device-subjects.repository';
import { Change } from '../fleet-change/change';
import { UpgradeReport } from './upgrade-lifecycle';
import { UpgradeStatus } from './upgrade.entity';

/**
 * What the features above ask of the upgrades (upgrades/) without importing them: each port is
 * an abstract class that upgrades/ implements and hands to `FirmwarePorts` when its module
 * starts, as a feature registers its part of a change with the kernel. A feature imports
 * FirmwareModule and asks `FirmwarePorts`. Only the rollout routes and the console's upgrade
 * pages import upgrades/ itself.
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

/** The three ports, as upgrades/ provides them. */
export interface FirmwarePortImplementations {
  checkins: UpgradeCheckins;
  devices: DeviceUpgrades;
  counts: FirmwareCounts;
}

/**
 * Where the features find the upgrades' ports (FirmwareModule provides it): upgrades/ provides
 * them once, at its module's initialisation, before any request or periodic pass runs.
 */
@Injectable()
export class FirmwarePorts {
  private provided: FirmwarePortImplementations | null = null;

  /** Called once, by upgrades/. */
  provide(implementations: FirmwarePortImplementations): void {
    if (this.provided) {
      throw new Error('The firmware ports are provided once');
    }
    this.provided = implementations;
  }

  get checkins(): UpgradeCheckins {
    return this.ports().checkins;
  }

  get devices(): DeviceUpgrades {
    return this.ports().devices;
  }

  get counts(): FirmwareCounts {
    return this.ports().counts;
  }

  private ports(): FirmwarePortImplementations {
    if (!this.provided) {
      throw new Error('The firmware ports are asked before upgrades/ provided them');
    }
    return this.provided;
  }
}
