import { Global, Module } from '@nestjs/common';
import { EventFanOut } from '../event-log/event-fan-out';
import { DeliveriesRepository } from './deliveries.repository';
import { WebhookQueue } from './webhook-queue.service';
import { WebhooksRepository } from './webhooks.repository';

/**
 * The webhooks and deliveries tables and the queue's fan-out. Global because the event log
 * (event-log/, below every feature) fills the queue through `EventFanOut` as it writes events,
 * without importing this folder.
 */
@Global()
@Module({
  providers: [
    WebhooksRepository,
    DeliveriesRepository,
    WebhookQueue,
    { provide: EventFanOut, useExisting: WebhookQueue },
  ],
  exports: [WebhooksRepository, DeliveriesRepository, WebhookQueue, EventFanOut],
})
export class WebhookStoreModule {}
