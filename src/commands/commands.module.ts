import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { DevicesModule } from '../devices/devices.module';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { NetworksModule } from '../networks/networks.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { CommandEvents } from './command-events';
import { CommandExpiry } from './command-expiry.service';
import { CommandsController } from './commands.controller';
import { CommandsRepository } from './commands.repository';
import { CommandsService } from './commands.service';
import { DeviceCommandsService } from './device-commands.service';

/** Remote commands: the routes, the expiry every instance runs, the device half. */
@Module({
  imports: [
    BackgroundModule,
    EventLogModule,
    FleetChangeModule,
    DevicesModule,
    NetworksModule,
    OrganisationsModule,
  ],
  controllers: [CommandsController],
  providers: [
    CommandsRepository,
    CommandsService,
    CommandEvents,
    CommandExpiry,
    DeviceCommandsService,
  ],
  exports: [DeviceCommandsService, CommandsService],
})
export class CommandsModule {}
