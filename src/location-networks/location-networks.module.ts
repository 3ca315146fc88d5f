import { Module } from '@nestjs/common';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { LocationNetworksController } from './location-networks.controller';
import { LocationNetworksRepository } from './location-networks.repository';
import { LocationNetworksService } from './location-networks.service';
import { NetworkCreationService } from './network-creation.service';
import { NetworkTemplatesController } from './network-templates.controller';
import { NetworkTemplatesRepository } from './network-templates.repository';
import { NetworkTemplatesService } from './network-templates.service';

/** Location networks and network templates (SPEC 4.1, CONTRACT 5 and 7). */
@Module({
  imports: [NetworkSsidsModule],
  controllers: [LocationNetworksController, NetworkTemplatesController],
  providers: [
    LocationNetworksRepository,
    LocationNetworksService,
    NetworkCreationService,
    NetworkTemplatesRepository,
    NetworkTemplatesService,
  ],
  exports: [LocationNetworksRepository],
})
export class LocationNetworksModule {}
