import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { NetworkSsidsModule } from '../network-ssids/network-ssids.module';
import { NetworksModule } from '../networks/networks.module';
import { OverviewModule } from '../overview/overview.module';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { WebModule } from '../web/web.module';
import { ConsolePagesController, NetworkPagesController } from './console-pages.controller';
import { ConsolePagesService } from './console-pages.service';

/** The fleet console's pages (issue 13), on top of the services of the JSON API. */
@Module({
  imports: [
    WebModule,
    OverviewModule,
    AccessPointsModule,
    NetworksModule,
    NetworkSsidsModule,
    UpgradesModule,
  ],
  controllers: [ConsolePagesController, NetworkPagesController],
  providers: [ConsolePagesService],
})
export class ConsoleModule {}
