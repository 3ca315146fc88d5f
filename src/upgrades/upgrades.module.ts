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
import { UpgradeDataRepository } from './upgrade-data.repository';
import { UpgradesController } from './upgrades.controller';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';
import { UpgradesService } from './upgrades.service';
import { UpgradeWriterService } from './upgrade-writer.service';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { RolloutsRepository } from './rollouts.repository';
import { RolloutsService } from './rollouts.service';
import { UpgradeTargetChoicesService } from './upgrade-target-choices.service';
import { UpgradeRequestsRepository } from './upgrade-requests.repository';
import { UpgradeRequestsService } from './upgrade-requests.service';

/**
 * Firmware upgrades (issue 6) and staged rollouts (DEVICES 6): owns the upgrades, upgrade_data
 * and rollouts tables, and the one unit of work for changes to a fleet (ChangeRunner). Exports the service for the browser pages, the lifecycle for the device
 * gateway, the repository for the device records, the upgrade data for admin/demo, the
 * rollouts service for the rollout routes and pages, the bookkeeping for device removal, and
 * the target choices of the upgrade form, and the upgrade requests (issue 29) for their pages. Rollouts order devices UP first by device-state's
 * DeviceLivenessService.
 */
@Module({
  imports: [
    BackgroundModule,
    DeviceStateModule,
    DevicesModule,
    EventLogModule,
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
    UpgradeDataRepository,
    RolloutsRepository,
    RolloutBookkeepingService,
    RolloutsService,
    UpgradeTargetChoicesService,
    UpgradeRequestsRepository,
    UpgradeRequestsService,
  ],
  exports: [
    FleetChangeModule,
    UpgradeTimeouts,
    UpgradesService,
    UpgradeLifecycleService,
    UpgradesRepository,
    UpgradeDataRepository,
    RolloutBookkeepingService,
    RolloutsService,
    UpgradeTargetChoicesService,
    UpgradeRequestsService,
  ],
})
export class UpgradesModule {}
