import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../../config/app-config';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { formErrors, orFormAgain, showForm } from '../../web/form';
import { PageOutcome, redirectTo, Shown, show } from '../../web/page-outcome';
import { usesForSeconds } from '../alert-rules';
import { AlertRulesService } from '../alert-rules.service';
import { AlertRuleView } from '../alert.view';
import { alertTypeLabel, seconds, typeOptions } from './alert-format';
import {
  ALERT_RULE_FORM_FIELDS,
  AlertRuleFormValues,
  alertRuleFormOf,
  BLANK_ALERT_RULE_FORM,
  readAlertRuleForm,
  toAlertRuleInput,
} from './alert-rule-form';
import {
  ALERT_RULE_FORM,
  ALERT_RULE_LIST,
  AlertRuleFormModel,
  AlertRuleListModel,
  AlertRuleRow,
} from './alert-views';

/** What the saved message adds when a rule's e-mails wait for a mail server. */
const MAIL_OFF_MESSAGE =
  'No mail server is configured: its e-mails will not be sent until one is (SMTP_URL).';

/**
 * A rule as a row of the list shows it, as the service shows it to the user (a member's rules
 * name only networks the member may read, and mask other people's addresses).
 */
function ruleRow(rule: AlertRuleView, names: Map<number, string>): AlertRuleRow {
  return {
    id: rule.id,
    name: rule.name,
    type: alertTypeLabel(rule.type),
    networks: rule.network_ids.map((id) => ({ id, name: names.get(id) ?? `Network ${id}` })),
    forSeconds: usesForSeconds(rule.type) ? seconds(rule.for_seconds) : null,
    threshold: rule.threshold,
    emails: rule.emails,
    enabled: rule.enabled,
  };
}

/**
 * The alert rule pages on AlertRulesService: the list, which members read too,
 * and for admins the form to add or change a rule (a refusal shows it again with the messages
 * beside their fields, 422) and its deletion. Writes are recorded as made from the console.
 */
@Injectable()
export class AlertRulePagesService {
  constructor(
    private readonly rules: AlertRulesService,
    private readonly access: NetworkAccessPolicy,
    private readonly config: ConfigService,
  ) {}

  /**
   * Whether alert e-mails are sent at all (SMTP_URL set). Without a mail server a rule's
   * addresses are kept but mailed nothing, which the form, the list and the saved message say.
   */
  private get mailOff(): boolean {
    return !this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).mail.smtpUrl;
  }

  /** The saved message, with the word that its e-mails wait for a mail server when they do. */
  private saved(message: string, rule: AlertRuleView): string {
    return this.mailOff && rule.emails.length > 0 ? `${message} ${MAIL_OFF_MESSAGE}` : message;
  }

  async list(user: AuthUser): Promise<Shown<AlertRuleListModel>> {
    const rules = await this.rules.list(user);
    const names = new Map((await this.networkChoices(user)).map((n) => [n.id, n.name]));
    return show(ALERT_RULE_LIST, {
      title: 'Alert rules',
      section: 'alerts',
      canWrite: user.role === 'admin',
      rules: rules.map((rule) => ruleRow(rule, names)),
      mailOff: this.mailOff && rules.some((rule) => rule.emails.length > 0),
    });
  }

  newForm(user: AuthUser): Promise<Shown<AlertRuleFormModel>> {
    return this.form(user, null, BLANK_ALERT_RULE_FORM);
  }

  async editForm(user: AuthUser, id: number): Promise<Shown<AlertRuleFormModel>> {
    const rule = await this.rules.show(user, id);
    return this.form(user, rule, alertRuleFormOf(rule));
  }

  create(user: AuthUser, body: unknown): Promise<PageOutcome<AlertRuleFormModel>> {
    const values = readAlertRuleForm(body);
    return orFormAgain(
      async () => {
        const rule = await this.rules.create(user, toAlertRuleInput(values), 'console');
        return redirectTo('/alert_rules', this.saved(`Alert rule ${rule.id} added.`, rule));
      },
      (messages) => this.form(user, null, values, messages),
    );
  }

  async update(
    user: AuthUser,
    id: number,
    body: unknown,
  ): Promise<PageOutcome<AlertRuleFormModel>> {
    const rule = await this.rules.show(user, id);
    const values = readAlertRuleForm(body);
    return orFormAgain(
      async () => {
        const saved = await this.rules.update(user, id, toAlertRuleInput(values), 'console');
        return redirectTo('/alert_rules', this.saved(`Alert rule ${id} saved.`, saved));
      },
      (messages) => this.form(user, rule, values, messages),
    );
  }

  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.rules.destroy(user, id, 'console');
    return redirectTo('/alert_rules', `Alert rule ${id} deleted.`);
  }

  private async form(
    user: AuthUser,
    rule: AlertRuleView | null,
    values: AlertRuleFormValues,
    messages: string[] = [],
  ): Promise<Shown<AlertRuleFormModel>> {
    const checked = new Set(values.network_ids);
    const networks = (await this.networkChoices(user)).map((network) => ({
      inputId: `network-${network.id}`,
      value: network.id,
      name: network.name,
      checked: checked.has(network.id),
    }));
    return showForm(ALERT_RULE_FORM, {
      title: rule ? `Edit alert rule ${rule.id}` : 'New alert rule',
      section: 'alerts',
      rule,
      values,
      types: typeOptions(values.type),
      networks,
      errors: formErrors(messages, ALERT_RULE_FORM_FIELDS),
      action: rule ? `/alert_rules/${rule.id}` : '/alert_rules',
      mailOff: this.mailOff,
    });
  }

  /** The networks the user may read, by name: the form's choices and the list's names. */
  private async networkChoices(user: AuthUser): Promise<{ id: number; name: string }[]> {
    const networks = await this.access.networkChoices(user);
    return networks.map((network) => ({ id: network.id, name: network.network_name }));
  }
}
