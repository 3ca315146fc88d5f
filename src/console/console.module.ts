import { ClientsModule } from '../clients/clients.module';
import { ClientPagesController } from './client-pages.controller';
import { ClientPagesService } from './client-pages.service';
import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { AlertsModule } from '../alerts/alerts.module';
import { CommandPagesModule } from '../commands/pages/command-pages.module';
import { DraftPagesModule } from '../config-drafts/pages/draft-pages.module';
import { EventsModule } from '../events/events.module';
import { FleetHistoryModule } from '../fleet-history/fleet-history.module';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { NetworksModule } from '../networks/networks.module';
import { TagsModule } from '../tags/tags.module';
import { UsersModule } from '../users/users.module';
import { NetworkAccessModule } from '../network-access/network-access.module';
import { OverviewModule } from '../overview/overview.module';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { WebModule } from '../web/web.module';
import { AccessPagesController } from './access-pages.controller';
import { ConsolePagesController } from './console-pages.controller';
import { ConsolePagesService } from './console-pages.service';
import { ConsoleOverviewService } from './console-overview.service';
import { ConsoleEventsService } from './console-events.service';
import { DeviceActionsController } from './device-actions.controller';
import { DeviceActionsService } from './device-actions.service';
import { LabelSheetPageService } from './label-sheet-page.service';
import { TokensPageService } from './tokens-page.service';
import { UsersPageService } from './users-page.service';
import { ConsoleExportService } from './console-export.service';
import { SearchPageController } from './search-page.controller';
import { SearchPageService } from './search-page.service';

/** The fleet console's pages, on top of the services of the JSON API. */
@Module({
  imports: [
    WebModule,
    ClientsModule,
    EventsModule,
    FleetHistoryModule,
    OverviewModule,
    AccessPointsModule,
    AlertsModule,
    CommandPagesModule,
    DraftPagesModule,
    NetworksModule,
    NetworkSsidsModule,
    UpgradesModule,
    TagsModule,
    UsersModule,
    NetworkAccessModule,
  ],
  controllers: [
    ConsolePagesController,
    DeviceActionsController,
    AccessPagesController,
    ClientPagesController,
    SearchPageController,
  ],
  providers: [
    ConsolePagesService,
    ClientPagesService,
    ConsoleOverviewService,
    ConsoleEventsService,
    ConsoleExportService,
    DeviceActionsService,
    LabelSheetPageService,
    TokensPageService,
    UsersPageService,
    SearchPageService,
  ],
})
export class ConsoleModule {}
