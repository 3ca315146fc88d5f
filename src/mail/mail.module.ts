import { Module } from '@nestjs/common';
import { BackgroundModule } from '../background/background.module';
import { MailOutbox } from './mail-outbox';
import { MailSender } from './mail-sender.service';
import { OutboxEmailsRepository } from './outbox-emails.repository';

/**
 * E-mail: the `outbox_emails` outbox, filled in the features' transactions (MailOutbox: the
 * alert transitions, the invitations) and sent by every instance (MailSender).
 */
@Module({
  imports: [BackgroundModule],
  providers: [OutboxEmailsRepository, MailOutbox, MailSender],
  exports: [MailOutbox],
})
export class MailModule {}
