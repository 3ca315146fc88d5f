import { Module } from '@nestjs/common';
import { MailModule } from '../../mail/mail.module';
import { NetworksModule } from '../../networks/networks.module';
import { AlertMailQueue } from './alert-mail-queue';

/**
 * Alert e-mails: rendered and queued in the e-mail outbox in the evaluation's transaction
 * (AlertMailQueue, the alerts' AlertNotifier); the outbox (mail/) sends them.
 */
@Module({
  imports: [MailModule, NetworksModule],
  providers: [AlertMailQueue],
  exports: [AlertMailQueue],
})
export class AlertMailModule {}
