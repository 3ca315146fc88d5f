import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworksModule } from '../networks/networks.module';
import { NetworkSsidsController } from './network-ssids.controller';
import { NetworkSsidsRepository } from './network-ssids.repository';
import { NetworkSsidsService } from './network-ssids.service';

/** SSIDs of location networks; exports the service for network clone/rollback. */
@Module({
  imports: [EventLogModule, FleetChangeModule, NetworksModule],
  controllers: [NetworkSsidsController],
  providers: [NetworkSsidsService, NetworkSsidsRepository],
  exports: [NetworkSsidsService],
})
export class NetworkSsidsModule {}
