import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { DeviceStateModule } from '../device-state/device-state.module';
import { DevicesModule } from '../devices/devices.module';
import { EventLogModule } from '../event-log/event-log.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { UpgradeLifecycleService } from './upgrade-lifecycle.service';
import { FirmwareModule } from '../firmware/firmware.module';
import { UpgradeCounts, UpgradePorts, UpgradesOfDevices } from './upgrade-ports';
import { UpgradesController } from './upgrades.controller';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';
import { UpgradesService } from './upgrades.service';
import { UpgradeWriterService } from './upgrade-writer.service';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { RolloutsRepository } from './rollouts.repository';
import { RolloutStages } from './rollout-stages.service';
import { RolloutsService } from './rollouts.service';
import { UpgradeTargetChoicesService } from './upgrade-target-choices.service';
import { UpgradeRequestsRepository } from './upgrade-requests.repository';
import { UpgradeRequestsService } from './upgrade-requests.service';

/**
 * Firmware upgrades and staged rollouts: owns the upgrades and rollouts tables (their entities
 * are firmware/'s, below the features; so are the releases, `upgrade_data`), the upgrades' part
 * of a change (its rollouts, registered with the kernel) and the timeouts and the stages due after their soak time (each a
 * sweep every instance runs). A feature beside it asks through firmware/'s ports, which
 * this module hands to FirmwarePorts (`upgrade-ports.ts`); this module exports the services for the rollout routes and the
 * console's upgrade pages (the services, the rollouts, the target choices of the upgrade form,
 * the upgrade requests). Rollouts order devices UP first by device-state's liveness.
 */
@Module({
  imports: [
    BackgroundModule,
    DeviceStateModule,
    DevicesModule,
    EventLogModule,
    FirmwareModule,
    FleetChangeModule,
    NetworksModule,
    OrganisationsModule,
  ],
  controllers: [UpgradesController],
  providers: [
    UpgradeTimeouts,
    UpgradesService,
    UpgradeWriterService,
    UpgradeLifecycleService,
    UpgradesRepository,
    UpgradeWritesRepository,
    RolloutsRepository,
    RolloutBookkeepingService,
    RolloutStages,
    RolloutsService,
    UpgradeTargetChoicesService,
    UpgradeRequestsRepository,
    UpgradeRequestsService,
    UpgradesOfDevices,
    UpgradeCounts,
    UpgradePorts,
  ],
  exports: [
    FleetChangeModule,
    FirmwareModule,
    UpgradeTimeouts,
    UpgradesService,
    UpgradeLifecycleService,
    UpgradesRepository,
    RolloutBookkeepingService,
    RolloutStages,
    RolloutsService,
    UpgradeTargetChoicesService,
    UpgradeRequestsService,
  ],
})
export class UpgradesModule {}
