import { Injectable, OnModuleInit } from '@nestjs/common';
import { DeviceUpgrades, FirmwareCounts, FirmwarePorts } from '../firmware/firmware-ports';
import { UpgradeStatus } from '../firmware/upgrade.entity';
import { Change } from '../fleet-change/change';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { RolloutsService } from './rollouts.service';
import { UpgradeLifecycleService } from './upgrade-lifecycle.service';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradesService } from './upgrades.service';

/** The upgrades' answers to the device writes (access-points/). */
@Injectable()
export class UpgradesOfDevices implements DeviceUpgrades {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
  ) {}

  devicesInProgress(orgId: number, deviceIds: number[]): Promise<number[]> {
    return this.upgrades.findDeviceIdsInProgress(orgId, deviceIds);
  }

  removing(change: Change, deviceIds: number[], remove: () => Promise<void>): Promise<void> {
    return this.bookkeeping.removing(change, deviceIds, remove);
  }
}

/** The upgrades' numbers of the overview (overview/). */
@Injectable()
export class UpgradeCounts implements FirmwareCounts {
  constructor(
    private readonly timeouts: UpgradeTimeouts,
    private readonly upgrades: UpgradesService,
    private readonly rollouts: RolloutsService,
  ) {}

  read<T>(orgId: number, read: () => Promise<T>): Promise<T> {
    return this.timeouts.read(orgId, read);
  }

  byStatus(orgId: number, networkIds: number[] | 'all'): Promise<Record<UpgradeStatus, number>> {
    return this.upgrades.countByStatus(orgId, networkIds);
  }

  runningRollouts(orgId: number): Promise<number> {
    return this.rollouts.countRunning(orgId);
  }
}

/**
 * Hands the upgrades' implementations to firmware/'s ports when the module starts, so that the
 * features that need the upgrades (the device gateway, the device writes, the overview) import
 * FirmwareModule and nothing of upgrades/, which sits beside them.
 */
@Injectable()
export class UpgradePorts implements OnModuleInit {
  constructor(
    private readonly ports: FirmwarePorts,
    private readonly lifecycle: UpgradeLifecycleService,
    private readonly devices: UpgradesOfDevices,
    private readonly counts: UpgradeCounts,
  ) {}

  onModuleInit(): void {
    this.ports.provide({ checkins: this.lifecycle, devices: this.devices, counts: this.counts });
  }
}
