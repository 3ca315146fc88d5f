import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { OutboxTopic } from './outbox-email.entity';
import { NewOutboxEmail, OutboxEmailsRepository } from './outbox-emails.repository';

/**
 * What a feature asks of the e-mail outbox, in its own transaction: queue messages (only when
 * SMTP_URL is set: without a mail server nothing is queued), and drop the unsent ones of what no
 * longer holds. MailSender sends what is queued.
 */
@Injectable()
export class MailOutbox {
  constructor(
    private readonly emails: OutboxEmailsRepository,
    private readonly config: ConfigService,
  ) {}

  /** Whether e-mails are sent at all (SMTP_URL set). */
  get enabled(): boolean {
    return !!this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).mail.smtpUrl;
  }

  /** Queues these messages in the caller's transaction, due now; nothing without SMTP_URL. */
  async queue(orgId: number, messages: readonly NewOutboxEmail[], at = new Date()): Promise<void> {
    if (this.enabled && messages.length > 0) {
      await this.emails.enqueue(orgId, messages, at);
    }
  }

  /** Drops the unsent messages of these ids of a topic, in the caller's transaction. */
  drop(orgId: number, topic: OutboxTopic, topicIds: number[]): Promise<void> {
    return this.emails.drop(orgId, topic, topicIds);
  }
}
