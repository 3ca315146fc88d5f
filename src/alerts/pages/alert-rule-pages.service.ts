import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { formRefusal } from '../../web/form-refusal';
import { PageOutcome } from '../../web/page-renderer';
import { usesForSeconds } from '../alert-rules';
import { AlertRulesService } from '../alert-rules.service';
import { AlertRuleView } from '../alert.view';
import { alertTypeLabel, seconds, typeOptions } from './alert-format';
import {
  AlertRuleFormValues,
  alertRuleFormOf,
  BLANK_ALERT_RULE_FORM,
  readAlertRuleForm,
  toAlertRuleInput,
} from './alert-rule-form';

const LIST = 'alerts/pages/views/rules';
const FORM = 'alerts/pages/views/rule-form';
/** A rule as a row of the list shows it; networks the user may not read are named by id. */
function ruleRow(rule: AlertRuleView, names: Map<number, string>) {
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
 * The alert rule pages (OPERATIONS 6, issue 27) on AlertRulesService: the list, which members
 * read too, and for admins the form to add or change a rule (a refusal shows it again with the
 * message, 422) and its deletion. Writes are recorded as made from the console.
 */
@Injectable()
export class AlertRulePagesService {
  constructor(
    private readonly rules: AlertRulesService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async list(user: AuthUser): Promise<PageOutcome> {
    const rules = await this.rules.list(user);
    const names = new Map((await this.networkChoices(user)).map((n) => [n.id, n.name]));
    return page(LIST, {
      title: 'Alert rules',
      section: 'alerts',
      canWrite: user.role === 'admin',
      rules: rules.map((rule) => ruleRow(rule, names)),
    });
  }

  newForm(user: AuthUser): Promise<PageOutcome> {
    return this.form(user, null, BLANK_ALERT_RULE_FORM, null);
  }

  async editForm(user: AuthUser, id: number): Promise<PageOutcome> {
    const rule = await this.rules.show(user, id);
    return this.form(user, rule, alertRuleFormOf(rule), null);
  }

  async create(user: AuthUser, body: unknown): Promise<PageOutcome> {
    const values = readAlertRuleForm(body);
    try {
      const rule = await this.rules.create(user, toAlertRuleInput(values), 'console');
      return {
        kind: 'redirect',
        location: '/alert_rules',
        message: `Alert rule ${rule.id} added.`,
      };
    } catch (error) {
      return this.refused(user, error, null, values);
    }
  }

  async update(user: AuthUser, id: number, body: unknown): Promise<PageOutcome> {
    const rule = await this.rules.show(user, id);
    const values = readAlertRuleForm(body);
    try {
      await this.rules.update(user, id, toAlertRuleInput(values), 'console');
    } catch (error) {
      return this.refused(user, error, rule, values);
    }
    return { kind: 'redirect', location: '/alert_rules', message: `Alert rule ${id} saved.` };
  }

  async destroy(user: AuthUser, id: number): Promise<PageOutcome> {
    await this.rules.destroy(user, id, 'console');
    return { kind: 'redirect', location: '/alert_rules', message: `Alert rule ${id} deleted.` };
  }

  private refused(
    user: AuthUser,
    error: unknown,
    rule: AlertRuleView | null,
    values: AlertRuleFormValues,
  ): Promise<PageOutcome> {
    const message = formRefusal(error);
    if (message === null) {
      throw error;
    }
    return this.form(user, rule, values, message);
  }

  private async form(
    user: AuthUser,
    rule: AlertRuleView | null,
    values: AlertRuleFormValues,
    error: string | null,
  ): Promise<PageOutcome> {
    const checked = new Set(values.network_ids);
    const networks = (await this.networkChoices(user)).map((network) => ({
      ...network,
      inputId: `network-${network.id}`,
      checked: checked.has(network.id),
    }));
    return page(
      FORM,
      {
        title: rule ? `Edit alert rule ${rule.id}` : 'New alert rule',
        section: 'alerts',
        rule,
        values,
        types: typeOptions(values.type),
        networks,
        error,
        action: rule ? `/alert_rules/${rule.id}` : '/alert_rules',
      },
      error ? 422 : 200,
    );
  }

  /** The networks the user may read, by name: the form's choices and the list's names. */
  private async networkChoices(user: AuthUser): Promise<{ id: number; name: string }[]> {
    const networks = await this.access.networkChoices(user);
    return networks.map((network) => ({ id: network.id, name: network.network_name }));
  }
}

function page(template: string, context: Record<string, unknown>, status = 200): PageOutcome {
  return { kind: 'page', template, context, status };
}
