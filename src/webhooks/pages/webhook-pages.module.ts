import { Module } from '@nestjs/common';
import { WebModule } from '../../web/web.module';
import { WebhooksModule } from '../webhooks.module';
import { WebhookPagesController } from './webhook-pages.controller';
import { WebhookPagesService } from './webhook-pages.service';

/** The console's webhook pages, on top of WebhooksService. */
@Module({
  imports: [WebModule, WebhooksModule],
  controllers: [WebhookPagesController],
  providers: [WebhookPagesService],
})
export class WebhookPagesModule {}
