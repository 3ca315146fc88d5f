import { Module } from '@nestjs/common';
import { ConfigRolloutsModule } from '../config-rollouts/config-rollouts.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { NetworksModule } from '../networks/networks.module';
import { ConfigDraftsController } from './config-drafts.controller';
import { ConfigDraftsService } from './config-drafts.service';
import { DraftPublishingService } from './draft-publishing.service';
import { NetworkDraftsRepository } from './network-drafts.repository';

/** `network_drafts`: a network's SSIDs prepared as a draft, compared and published. */
@Module({
  imports: [ConfigRolloutsModule, FleetChangeModule, NetworksModule, NetworkSsidsModule],
  controllers: [ConfigDraftsController],
  providers: [ConfigDraftsService, DraftPublishingService, NetworkDraftsRepository],
  exports: [ConfigDraftsService, DraftPublishingService],
})
export class ConfigDraftsModule {}
