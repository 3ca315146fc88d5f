import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationShutdown,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createTransport, Transporter } from 'nodemailer';
import { DAY_MS } from '../../common/time-window/time-window';
import { APP_CONFIG_KEY, AppConfig } from '../../config/app-config';
import { Scheduler } from '../../background/scheduler';
import { UnitOfWork } from '../../database/unit-of-work';
import { AlertEmail } from './alert-email.entity';
import { AlertEmailsRepository } from './alert-emails.repository';
import { failureText, sendOutcome, smtpPassword } from './alert-mail-rules';

/** Messages one pass claims and sends at once. */
const BATCH = 8;
/** SMTP timeouts: connecting, the greeting, and silence on an open connection. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
/** A lease outlives a slow send by this much before another instance may take the message. */
const LEASE_MS = 120_000;

/**
 * Sends the alert e-mail outbox (OPERATIONS 6) on every instance: every second it claims due
 * messages (AlertEmailsRepository.claim: each leased by one instance), sends them through the
 * SMTP_URL server outside any transaction, and records each outcome under its lease: sent, or
 * retried on the webhook schedule (WEBHOOK_RETRY_SCHEDULE_SECONDS) and failed once it is
 * exhausted. A failure is logged without the recipients' addresses or the SMTP password. An
 * instance that dies leaves leases that expire: the messages are sent again (at least once).
 */
@Injectable()
export class AlertMailSender implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger(AlertMailSender.name);
  private readonly stop = new AbortController();
  private readonly transport: Transporter | null;

  constructor(
    scheduler: Scheduler,
    private readonly unitOfWork: UnitOfWork,
    private readonly emails: AlertEmailsRepository,
    private readonly config: ConfigService,
  ) {
    setMaxListeners(0, this.stop.signal); // one listener per send in flight (up to BATCH)
    const url = this.settings.alertMail.smtpUrl;
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
    if (this.transport) {
      scheduler.every('alert e-mails', () => this.pump());
    }
    scheduler.every('alert e-mails retention', () => this.retain());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  beforeApplicationShutdown(): void {
    this.stop.abort();
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  /** Claims the due messages of one batch and sends them; answers how many it claimed. */
  async pump(now = new Date()): Promise<number> {
    if (!this.transport || this.stop.signal.aborted) {
      return 0;
    }
    const token = randomUUID();
    const until = new Date(now.getTime() + LEASE_MS);
    const claimed = await this.unitOfWork.run(() => this.emails.claim(now, until, token, BATCH));
    await Promise.all(claimed.map((message) => this.send(this.transport!, message, token)));
    return claimed.length;
  }

  private async send(transport: Transporter, message: AlertEmail, token: string): Promise<void> {
    let error: string | null = null;
    try {
      await transport.sendMail({
        from: this.settings.alertMail.from,
        to: message.recipients,
        subject: message.subject,
        text: message.text_body,
        signal: this.stop.signal,
      });
    } catch (thrown) {
      error = failureText(thrown, { password: smtpPassword(this.settings.alertMail.smtpUrl!) });
    }
    if (this.stop.signal.aborted) {
      return; // shutting down: the lease expires and another instance sends it
    }
    const at = new Date();
    const attempts = message.attempts + 1;
    const outcome = sendOutcome(attempts, error, this.settings.webhooks.retryScheduleSeconds, at);
    if (outcome.state !== 'sent') {
      const about = `alert e-mail ${message.id} (organisation ${message.organisation_id}, alert ${message.alert_id} ${message.kind}, ${message.recipients.length} recipients)`;
      if (outcome.state === 'pending') {
        this.logger.warn(
          `${about}: attempt ${attempts} failed, next at ${outcome.next.toISOString()}: ${outcome.error}`,
        );
      } else {
        this.logger.error(`${about}: attempt ${attempts} failed, giving up: ${outcome.error}`);
      }
    }
    try {
      await this.unitOfWork.run(() => this.emails.finish(message.id, token, outcome, at));
    } catch (thrown) {
      this.logger.warn(`recording alert e-mail ${message.id} failed: ${(thrown as Error).message}`);
    }
  }

  /** Deletes the sent and failed messages older than the retention (EVENT_RETENTION_DAYS). */
  async retain(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - this.settings.eventRetentionDays * DAY_MS);
    await this.unitOfWork.run(() => this.emails.deleteFinishedBefore(cutoff));
  }
}
