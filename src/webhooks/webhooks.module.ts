import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { EventLogModule } from '../event-log/event-log.module';
import { FleetChangeModule } from '../fleet-change/fleet-change.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { DeliveryOutcomes } from './delivery-outcomes.service';
import { DeliveryQueueRepository } from './delivery-queue.repository';
import { WebhookDeliveries } from './webhook-deliveries.service';
import { WebhookEvents } from './webhook-events';
import { WebhookStoreModule } from './webhook-store.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Webhooks: the routes, and the delivery queue every instance drains (WebhookDeliveries). */
@Module({
  imports: [
    BackgroundModule,
    EventLogModule,
    FleetChangeModule,
    OrganisationsModule,
    WebhookStoreModule,
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhookEvents,
    DeliveryQueueRepository,
    DeliveryOutcomes,
    WebhookDeliveries,
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}
