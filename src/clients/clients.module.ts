import { Module } from '@nestjs/common';
import { DevicesModule } from '../devices/devices.module';
import { DeviceStateModule } from '../device-state/device-state.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworksModule } from '../networks/networks.module';
import { ReadSideModule } from '../read-side/read-side.module';
import { ClientsController } from './clients.controller';
import { ClientsService } from './clients.service';

/**
 * The Wi-Fi client routes: the list, a client with its sessions, and erasure, read through
 * read-side's ClientReadsRepository; the sessions are device-state's (ClientStationsService).
 */
@Module({
  imports: [DevicesModule, DeviceStateModule, FleetChangeModule, NetworksModule, ReadSideModule],
  controllers: [ClientsController],
  providers: [ClientsService],
  exports: [ClientsService],
})
export class ClientsModule {}
