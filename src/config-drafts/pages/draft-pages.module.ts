import { Module } from '@nestjs/common';
import { NetworkSsidsModule } from '../../network-ssids/network-ssids.module';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { ConfigDraftsModule } from '../config-drafts.module';
import { DraftPagesController } from './draft-pages.controller';
import { DraftPagesService } from './draft-pages.service';
import { DraftSsidPagesService } from './draft-ssid-pages.service';
import { NetworkChangesService } from './network-changes.service';

/**
 * A network's draft in the console, on the services of the draft routes; the network page
 * (console/) shows its part through NetworkChangesService.
 */
@Module({
  imports: [WebModule, ConfigDraftsModule, NetworksModule, NetworkSsidsModule],
  controllers: [DraftPagesController],
  providers: [DraftPagesService, DraftSsidPagesService, NetworkChangesService],
  exports: [NetworkChangesService],
})
export class DraftPagesModule {}
