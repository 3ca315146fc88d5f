import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { NetworksModule } from '../networks/networks.module';
import { ReadSideModule } from '../read-side/read-side.module';
import { FleetHistoryController } from './fleet-history.controller';
import { FleetHistoryService } from './fleet-history.service';
import { FleetSamplesRepository } from './fleet-samples.repository';

/**
 * Fleet history: owns `fleet_samples`, taken by every instance's periodic work
 * (once per interval, by the unique key) from read-side's FleetTalliesRepository.
 */
@Module({
  imports: [BackgroundModule, NetworksModule, ReadSideModule],
  controllers: [FleetHistoryController],
  providers: [FleetHistoryService, FleetSamplesRepository],
  exports: [FleetHistoryService],
})
export class FleetHistoryModule {}
