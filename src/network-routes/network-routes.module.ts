import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { DevicesModule } from '../devices/devices.module';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { NetworksModule } from '../networks/networks.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { LocationNetworksController } from './location-networks.controller';
import { LocationNetworksService } from './location-networks.service';
import { NetworkCreationService } from './network-creation.service';
import { NetworkTemplatesController } from './network-templates.controller';
import { NetworkTemplatesService } from './network-templates.service';

/**
 * The location network and network template routes: the use cases
 * that span a network, its devices and its SSIDs. The tables belong to NetworksModule. The
 * console's forms (pages/) call the same services.
 */
@Module({
  imports: [
    AccessPointsModule,
    DevicesModule,
    NetworkSsidsModule,
    NetworksModule,
    FleetChangeModule,
  ],
  controllers: [LocationNetworksController, NetworkTemplatesController],
  providers: [LocationNetworksService, NetworkCreationService, NetworkTemplatesService],
  exports: [LocationNetworksService, NetworkCreationService, NetworkTemplatesService],
})
export class NetworkRoutesModule {}
