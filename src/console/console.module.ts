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
import { AccessPagesController } from './access-pages.controller';
import { ConsolePagesController } from './console-pages.controller';
import { ConsolePagesService } from './console-pages.service';
import { ConsoleOverviewService } from './console-overview.service';
import { ConsoleEventsService } from './console-events.service';
import { DeviceActionsController } from './device-actions.controller';
import { DeviceActionsService } from './device-actions.service';
import { TokensPageService } from './tokens-page.service';
import { UsersPageService } from './users-page.service';
import { ConsoleExportService } from './console-export.service';

/** The fleet console's pages, on top of the services of the JSON API. */
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
  controllers: [ConsolePagesController, DeviceActionsController, AccessPagesController],
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
