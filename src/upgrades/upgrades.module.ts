import { Module } from '@nestjs/common';
import { UpgradeDataRepository } from './upgrade-data.repository';
import { UpgradesController } from './upgrades.controller';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradesService } from './upgrades.service';

/** Firmware upgrades (issue 6). Exports the service for the browser pages. */
@Module({
  controllers: [UpgradesController],
  providers: [UpgradesService, UpgradesRepository, UpgradeDataRepository],
  exports: [UpgradesService],
})
export class UpgradesModule {}
