import { Global, Injectable, Module } from '@nestjs/common';
import { DeviceUpgrades, FirmwareCounts, UpgradeCheckins } from '../firmware/firmware-ports';
import { UpgradeStatus } from '../firmware/upgrade.entity';
import { Change } from '../fleet-change/change';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { RolloutsService } from './rollouts.service';
import { UpgradeLifecycleService } from './upgrade-lifecycle.service';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { UpgradesModule } from './upgrades.module';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradesService } from './upgrades.service';

/** The upgrades' answers to the device writes (access-points/). */
@Injectable()
class UpgradesOfDevices implements DeviceUpgrades {
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
class UpgradeCounts implements FirmwareCounts {
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
 * The upgrades behind firmware/'s ports, for every module (global): the features that need the
 * upgrades (the device gateway, the device writes, the overview) inject a port of
 * `firmware/firmware-ports.ts` and import nothing of upgrades/, which sits beside them.
 */
@Global()
@Module({
  imports: [UpgradesModule],
  providers: [
    { provide: UpgradeCheckins, useExisting: UpgradeLifecycleService },
    { provide: DeviceUpgrades, useClass: UpgradesOfDevices },
    { provide: FirmwareCounts, useClass: UpgradeCounts },
  ],
  exports: [UpgradeCheckins, DeviceUpgrades, FirmwareCounts],
})
export class UpgradePortsModule {}
