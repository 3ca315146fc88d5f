import { Module } from '@nestjs/common';
import { AccessPointsModule } from '../access-points/access-points.module';
import { NetworksModule } from '../networks/networks.module';
import { OverviewModule } from '../overview/overview.module';
import { UpgradesModule } from '../upgrades/upgrades.module';
import { WebModule } from '../web/web.module';
import { ConsolePagesController } from './console-pages.controller';
import { ConsolePagesService } from './console-pages.service';

/** The fleet console's pages (issue 13), on top of the services of the JSON API. */
@Module({
  imports: [WebModule, OverviewModule, AccessPointsModule, NetworksModule, UpgradesModule],
  controllers: [ConsolePagesController],
  providers: [ConsolePagesService],
})
export class ConsoleModule {}
