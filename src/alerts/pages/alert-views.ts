import { FormErrors } from '../../web/form';
import { PageModel, view } from '../../web/page-outcome';
import { Option } from '../../web/select-options';
import { Pager } from '../../web/pager';
import { AlertRuleView, AlertView } from '../alert.view';
import { AlertRuleFormValues } from './alert-rule-form';

/** An alert as a row of the Alerts page shows it. */
export interface AlertRow extends AlertView {
  open: boolean;
  typeLabel: string;
  ruleName: string | null;
  opened: string;
  resolved: string | null;
  details: string;
  /** The halted rollout's page, for admins. */
  rollout: string | null;
  /** Who acknowledged it, and how long ago ("3 min ago"). */
  acknowledgement: { email: string; ago: string } | null;
  /** Open, unacknowledged, and the user may acknowledge it (admin, or full access). */
  canAcknowledge: boolean;
}

/** views/alerts.hbs: the alerts the user may read, open first, filtered by state. */
export interface AlertListModel extends PageModel {
  isAdmin: boolean;
  alerts: AlertRow[];
  states: Option[];
  filtered: boolean;
  count: number;
  pager: Pager | null;
}

/** A rule as a row of the list shows it; networks the user may not read are named by id. */
export interface AlertRuleRow {
  id: number;
  name: string;
  type: string;
  networks: { id: number; name: string }[];
  forSeconds: string | null;
  threshold: number | null;
  emails: string[];
  enabled: boolean;
}

/** views/rules.hbs: the alert rules, which members read too. */
export interface AlertRuleListModel extends PageModel {
  canWrite: boolean;
  rules: AlertRuleRow[];
  /** No mail server, and a rule has addresses: they are mailed nothing. */
  mailOff: boolean;
}

/** A network the rule form offers, ticked when the rule watches it. */
export interface NetworkChoice {
  inputId: string;
  value: number;
  name: string;
  checked: boolean;
}

/** views/rule-form.hbs: a new rule's form or an existing one's. */
export interface AlertRuleFormModel extends PageModel {
  rule: AlertRuleView | null;
  values: AlertRuleFormValues;
  types: Option[];
  networks: NetworkChoice[];
  errors: FormErrors;
  action: string;
  /** No mail server: the addresses are kept but mailed nothing. */
  mailOff: boolean;
}

export const ALERT_LIST = view<AlertListModel>('alerts/pages/views/alerts');
export const ALERT_RULE_LIST = view<AlertRuleListModel>('alerts/pages/views/rules');
export const ALERT_RULE_FORM = view<AlertRuleFormModel>('alerts/pages/views/rule-form');
