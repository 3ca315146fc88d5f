import { Module } from '@nestjs/common';
import { DevicesModule } from '../devices/devices.module';
import { NetworksModule } from '../networks/networks.module';
import { AvailabilityController } from './availability.controller';
import { AvailabilityService } from './availability.service';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { WebhookStoreModule } from '../webhooks/webhook-store.module';

/**
 * Events (OPERATIONS 2 and 3): owns the `events` table. Exports the repository, through which
 * every change records its events in its own transaction (ChangeRunner, the device transitions);
 * serves GET /v1/events and a device's availability.
 */
@Module({
  imports: [DevicesModule, NetworksModule, WebhookStoreModule],
  controllers: [EventsController, AvailabilityController],
  providers: [EventsRepository, EventsService, AvailabilityService],
  exports: [EventsRepository, EventsService, AvailabilityService],
})
export class EventsModule {}
