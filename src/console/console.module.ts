import { Module } from '@nestjs/common';
import { OverviewModule } from '../overview/overview.module';
import { WebModule } from '../web/web.module';
import { ConsolePagesController } from './console-pages.controller';
import { ConsolePagesService } from './console-pages.service';

/** The fleet console's pages (issue 13), on top of the services of the JSON API. */
@Module({
  imports: [WebModule, OverviewModule],
  controllers: [ConsolePagesController],
  providers: [ConsolePagesService],
})
export class ConsoleModule {}
