import { Module } from '@nestjs/common';
import { BackgroundModule } from '../../background/background.module';
import { NetworksModule } from '../../networks/networks.module';
import { AlertEmailsRepository } from './alert-emails.repository';
import { AlertMailQueue } from './alert-mail-queue';
import { AlertMailSender } from './alert-mail-sender.service';

/**
 * Alert e-mails: the `alert_emails` outbox, filled in the evaluation's transaction
 * (AlertMailQueue, the alerts' AlertNotifier) and sent by every instance (AlertMailSender).
 */
@Module({
  imports: [BackgroundModule, NetworksModule],
  providers: [AlertEmailsRepository, AlertMailQueue, AlertMailSender],
  exports: [AlertMailQueue],
})
export class AlertMailModule {}
