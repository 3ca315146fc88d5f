import { Module } from '@nestjs/common';
import { DevicesModule } from '../devices/devices.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { UpgradeLifecycleService } from './upgrade-lifecycle.service';
import { UpgradeDataRepository } from './upgrade-data.repository';
import { UpgradesController } from './upgrades.controller';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradesService } from './upgrades.service';

/**
 * Firmware upgrades (issue 6): owns the upgrades and upgrade_data tables. Exports the service for
 * the browser pages, the lifecycle for the device gateway, the repository for the device
 * records and the upgrade data for admin/demo.
 */
@Module({
  imports: [DevicesModule, NetworksModule, OrganisationsModule],
  controllers: [UpgradesController],
  providers: [UpgradesService, UpgradeLifecycleService, UpgradesRepository, UpgradeDataRepository],
  exports: [UpgradesService, UpgradeLifecycleService, UpgradesRepository, UpgradeDataRepository],
})
export class UpgradesModule {}
