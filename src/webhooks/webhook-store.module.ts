import { Module } from '@nestjs/common';
import { DeliveriesRepository } from './deliveries.repository';
import { WebhookQueue } from './webhook-queue.service';
import { WebhooksRepository } from './webhooks.repository';

/**
 * The webhooks and deliveries tables and the queue's fan-out, below the events module (which
 * fills the queue as it writes events) and the webhooks module (routes and the dispatcher).
 */
@Module({
  providers: [WebhooksRepository, DeliveriesRepository, WebhookQueue],
  exports: [WebhooksRepository, DeliveriesRepository, WebhookQueue],
})
export class WebhookStoreModule {}
