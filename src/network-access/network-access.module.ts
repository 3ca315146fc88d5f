import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworksModule } from '../networks/networks.module';
import { UsersModule } from '../users/users.module';
import { NetworkAccessController } from './network-access.controller';
import { NetworkAccessService } from './network-access.service';

/** The grant routes; the grants table and the access policy belong to NetworksModule. */
@Module({
  imports: [EventLogModule, FleetChangeModule, NetworksModule, UsersModule],
  controllers: [NetworkAccessController],
  providers: [NetworkAccessService],
  exports: [NetworkAccessService],
})
export class NetworkAccessModule {}
