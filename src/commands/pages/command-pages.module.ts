import { Module } from '@nestjs/common';
import { DevicesModule } from '../../devices/devices.module';
import { NetworksModule } from '../../networks/networks.module';
import { WebModule } from '../../web/web.module';
import { CommandsModule } from '../commands.module';
import { CommandPagesController } from './command-pages.controller';
import { CommandPagesService } from './command-pages.service';

/**
 * The console's command actions, on CommandsModule; the device and network pages
 * (console/) show its panel through the exported service.
 */
@Module({
  imports: [WebModule, CommandsModule, DevicesModule, NetworksModule],
  controllers: [CommandPagesController],
  providers: [CommandPagesService],
  exports: [CommandPagesService],
})
export class CommandPagesModule {}
