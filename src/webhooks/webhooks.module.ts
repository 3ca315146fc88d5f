import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { EventLogModule } from '../event-log/event-log.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { DeliveryClaims } from './delivery-claims.repository';
import { DeliveryDispatcher } from './delivery-dispatcher.service';
import { DeliveryOutcomes } from './delivery-outcomes.service';
import { WebhookEvents } from './webhook-events';
import { WebhookLeasesRepository } from './webhook-leases.repository';
import { WebhookStoreModule } from './webhook-store.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Webhooks (OPERATIONS 5): the routes, and the dispatcher every instance runs. */
@Module({
  imports: [BackgroundModule, EventLogModule, OrganisationsModule, WebhookStoreModule],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhookEvents,
    WebhookLeasesRepository,
    DeliveryClaims,
    DeliveryOutcomes,
    DeliveryDispatcher,
  ],
  exports: [WebhooksService],
})
export class WebhooksModule {}
