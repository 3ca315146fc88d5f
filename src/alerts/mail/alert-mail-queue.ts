import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../../config/app-config';
import { MailOutbox } from '../../mail/mail-outbox';
import { LocationNetworksRepository } from '../../networks/location-networks.repository';
import { AlertNotifier, AlertTransition } from '../alert-notifier';
import { alertMessage } from './alert-message';

/** Devices in no network (and networks gone since) are told in UTC. */
const NO_NETWORK_ZONE = 'UTC';

/**
 * The e-mails of alert transitions: with SMTP_URL set, one message per opening
 * and per resolution of a rule with `emails`, rendered and queued in the evaluation's
 * transaction in the e-mail outbox (so a committed transition is always mailed, also after a
 * crash; a rolled-back one never is). The outbox's MailSender sends them.
 */
@Injectable()
export class AlertMailQueue extends AlertNotifier {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly networks: LocationNetworksRepository,
    private readonly config: ConfigService,
  ) {
    super();
  }

  async notify(orgId: number, transitions: AlertTransition[]): Promise<void> {
    const { publicUrl } = this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
    const mailed = transitions.filter((t) => t.rule.emails.length > 0);
    if (!this.outbox.enabled || mailed.length === 0) {
      return;
    }
    const networkIds = mailed.flatMap((t) =>
      t.alert.network_id === null ? [] : [t.alert.network_id],
    );
    const zones = new Map(
      (await this.networks.findByIds(orgId, networkIds)).map((n) => [n.id, n.timezone]),
    );
    const messages = mailed.map(({ alert, rule, kind, ruleDeleted }) => {
      const { subject, text } = alertMessage({
        kind,
        ruleDeleted,
        alert,
        rule,
        timeZone: (alert.network_id !== null && zones.get(alert.network_id)) || NO_NETWORK_ZONE,
        publicUrl,
      });
      return {
        topic: `alert.${kind}` as const,
        topic_id: alert.id,
        recipients: rule.emails,
        subject,
        text_body: text,
      };
    });
    await this.outbox.queue(orgId, messages);
  }
}
