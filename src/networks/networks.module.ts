import { Module } from '@nestjs/common';
import { LocationNetworksRepository } from './location-networks.repository';
import { NetworkAccessPolicy } from './network-access.policy';
import { NetworkAccessRepository } from './network-access.repository';
import { NetworkTemplatesRepository } from './network-templates.repository';

/**
 * The network records and who may touch them: owns the location_networks, network_templates and
 * network_access_grants tables. Every other module reads a network through NetworkAccessPolicy
 * (`readable` / `writable`) or LocationNetworksRepository, never by its own query.
 */
@Module({
  providers: [
    LocationNetworksRepository,
    NetworkTemplatesRepository,
    NetworkAccessRepository,
    NetworkAccessPolicy,
  ],
  exports: [
    LocationNetworksRepository,
    NetworkTemplatesRepository,
    NetworkAccessRepository,
    NetworkAccessPolicy,
  ],
})
export class NetworksModule {}
