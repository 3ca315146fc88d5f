import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { AlertsModule } from '../alerts/alerts.module';
import { CommandPagesModule } from '../commands/pages/command-pages.module';
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
import { ConsolePagesController, NetworkPagesController } from './console-pages.controller';
import { ConsolePagesService } from './console-pages.service';
import { ConsoleOverviewService } from './console-overview.service';
import { ConsoleEventsService } from './console-events.service';
import { ConsoleExportController } from './console-export.controller';
import { DeviceActionsController } from './device-actions.controller';
import { DeviceActionsService } from './device-actions.service';
import { TokensPageController } from './tokens-page.controller';
import { TokensPageService } from './tokens-page.service';
import { UsersPageController } from './users-page.controller';
import { UsersPageService } from './users-page.service';
import { ConsoleExportService } from './console-export.service';
import { EventsPagesController } from './events-pages.controller';

/** The fleet console's pages (issue 13), on top of the services of the JSON API. */
@Module({
  imports: [
    WebModule,
    EventsModule,
    FleetHistoryModule,
    OverviewModule,
    AccessPointsModule,
    AlertsModule,
    CommandPagesModule,
    NetworksModule,
    NetworkSsidsModule,
    UpgradesModule,
    TagsModule,
    UsersModule,
    NetworkAccessModule,
  ],
  controllers: [
    ConsoleExportController,
    DeviceActionsController,
    TokensPageController,
    UsersPageController,
    ConsolePagesController,
    NetworkPagesController,
    EventsPagesController,
  ],
  providers: [
    ConsolePagesService,
    ConsoleOverviewService,
    ConsoleEventsService,
    ConsoleExportService,
    DeviceActionsService,
    TokensPageService,
    UsersPageService,
  ],
})
export class ConsoleModule {}
