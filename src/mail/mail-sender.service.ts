import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, Transporter } from 'nodemailer';
import { LeaseQueue } from '../background/lease-queue';
import { LeaseQueues } from '../background/lease-queues';
import { Outcome, QueueKey, QueueSource, Target } from '../background/queue-source';
import { Scheduler } from '../background/scheduler';
import { DAY_MS } from '../common/time-window/time-window';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { OutboxEmail } from './outbox-email.entity';
import { OUTBOX_QUEUE, OutboxEmailsRepository } from './outbox-emails.repository';
import { failureText, sendOutcome, smtpPassword } from './mail-rules';

/** Messages one instance sends at once. */
const SENDING = 8;
/** SMTP timeouts: connecting, the greeting, and silence on an open connection. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
/** The longest a send is given: its lease outlives it by LEASE_MARGIN_MS (2 minutes in all). */
const SEND_MS = 110_000;
const LEASE_MARGIN_MS = 10_000;

/** How a send ended: `error` says why it failed, without addresses or the password. */
export interface SendResult {
  ok: boolean;
  error: string | null;
}

/**
 * Sends the e-mail outbox through the SMTP_URL server, as a lease queue whose keys are
 * the messages themselves: every instance claims due messages each second, each under a lease of
 * its own (one instance sends it at a time, SENDING at once), sends them outside any transaction,
 * and records each outcome under its lease: sent, or retried on the webhook schedule
 * (WEBHOOK_RETRY_SCHEDULE_SECONDS) and failed once it is exhausted. A failure is logged without
 * the recipients' addresses, the body or the SMTP password. An instance that dies leaves leases
 * that expire: the messages are sent again (at least once).
 */
@Injectable()
export class MailSender
  implements QueueSource<QueueKey, OutboxEmail, SendResult>, OnApplicationShutdown
{
  private readonly logger = new Logger(MailSender.name);
  private readonly transport: Transporter | null;
  /** The outbox's queue; none without SMTP_URL. */
  readonly queue: LeaseQueue<QueueKey, OutboxEmail, SendResult> | null;

  constructor(
    queues: LeaseQueues,
    scheduler: Scheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly emails: OutboxEmailsRepository,
    private readonly config: ConfigService,
  ) {
    const url = this.settings.mail.smtpUrl;
    this.transport = url
      ? createTransport({
          url,
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          greetingTimeout: CONNECTION_TIMEOUT_MS,
          socketTimeout: SOCKET_TIMEOUT_MS,
          disableFileAccess: true,
          disableUrlAccess: true,
        })
      : null;
    this.queue = this.transport
      ? queues.create(this, {
          name: OUTBOX_QUEUE,
          keys: SENDING,
          perKey: 1,
          batch: 1,
          refills: false,
          attemptTimeoutMs: () => SEND_MS,
          leaseMarginMs: LEASE_MARGIN_MS,
          retryScheduleSeconds: () => this.settings.webhooks.retryScheduleSeconds,
        })
      : null;
    scheduler.every('e-mail retention', () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  /** Closes the transport once the queue has stopped (its sends ended). */
  onApplicationShutdown(): void {
    this.transport?.close();
  }

  lockDueKeys(now: Date, limit: number): Promise<QueueKey[]> {
    return this.emails.lockDue(now, limit);
  }

  dueItems(targets: readonly Target<QueueKey>[]): Promise<OutboxEmail[]> {
    return this.emails.pending(targets.map(({ key }) => key.id));
  }

  keyOf(message: OutboxEmail): number {
    return message.id;
  }

  async attempt(_key: QueueKey, message: OutboxEmail, signal: AbortSignal): Promise<SendResult> {
    try {
      await this.transport!.sendMail({
        from: this.settings.mail.from,
        to: message.recipients,
        subject: message.subject,
        text: message.text_body ?? '',
        signal,
      });
      return { ok: true, error: null };
    } catch (thrown) {
      const password = smtpPassword(this.settings.mail.smtpUrl!);
      return { ok: false, error: failureText(thrown, { password }) };
    }
  }

  /** Logs the failures (without addresses), then records the outcomes in one transaction. */
  record(outcomes: readonly Outcome<OutboxEmail, SendResult>[]): Promise<Map<number, boolean>> {
    const finished = outcomes.map(({ item, token, result, verdict, at }) => {
      const outcome = sendOutcome(verdict, result.error);
      if (outcome.state !== 'sent') {
        this.logFailure(item, outcome);
      }
      return { id: item.id, token, outcome, at };
    });
    return this.unitOfWork.run(() => this.emails.finish(finished));
  }

  private logFailure(message: OutboxEmail, outcome: ReturnType<typeof sendOutcome>): void {
    const attempts = message.attempts + 1;
    const about = `e-mail ${message.id} (organisation ${message.organisation_id}, ${message.topic} ${message.topic_id}, ${message.recipients.length} recipients)`;
    if (outcome.state === 'pending') {
      this.logger.warn(
        `${about}: attempt ${attempts} failed, next at ${outcome.next.toISOString()}: ${outcome.error}`,
      );
    } else if (outcome.state === 'failed') {
      this.logger.error(`${about}: attempt ${attempts} failed, giving up: ${outcome.error}`);
    }
  }

  /** Deletes the finished messages older than the retention (EVENT_RETENTION_DAYS). */
  async retain(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - this.settings.eventRetentionDays * DAY_MS);
    await this.unitOfWork.run(() => this.emails.deleteFinishedBefore(cutoff));
  }
}
