import { Module } from '@nestjs/common';
import { DevicesModule } from '../devices/devices.module';
import { NetworksModule } from '../networks/networks.module';
import { AvailabilityController } from './availability.controller';
import { AvailabilityService } from './availability.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { EventLogModule } from '../event-log/event-log.module';

/**
 * Events: serves GET /v1/events and a device's availability, reading the
 * event log (event-log/, whose module it re-exports for the features that record events).
 */
@Module({
  imports: [DevicesModule, EventLogModule, NetworksModule],
  controllers: [EventsController, AvailabilityController],
  providers: [EventsService, AvailabilityService],
  exports: [EventLogModule, EventsService, AvailabilityService],
})
export class EventsModule {}
