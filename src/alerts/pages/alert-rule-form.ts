import { every, formFields, ticked, trimmed } from '../../web/form';
import { AlertRuleInput, usesForSeconds, usesThreshold } from '../alert-rules';
import { AlertRuleView } from '../alert.view';

/** What the alert rule form shows and posts (numbers and addresses as typed). */
export interface AlertRuleFormValues {
  name: string;
  type: string;
  network_ids: number[];
  for_seconds: string;
  threshold: string;
  emails: string;
  enabled: boolean;
}

export const BLANK_ALERT_RULE_FORM: AlertRuleFormValues = {
  name: '',
  type: 'device_down',
  network_ids: [],
  for_seconds: '',
  threshold: '',
  emails: '',
  enabled: true,
};

/** The inputs of the form by the field the service's messages begin with. */
export const ALERT_RULE_FORM_FIELDS: Readonly<Record<string, keyof AlertRuleFormValues>> = {
  'alert_rule.name': 'name',
  'alert_rule.type': 'type',
  'alert_rule.network_ids': 'network_ids',
  'alert_rule.for_seconds': 'for_seconds',
  'alert_rule.threshold': 'threshold',
  'alert_rule.emails': 'emails',
};

/** A whole number as typed; empty is none (the type's default), anything else NaN (refused). */
const integer = (value: string): number | null =>
  value === '' ? null : /^[+-]?\d+$/.test(value) ? Number(value) : NaN;

/** The posted form as typed; a checkbox that is not sent is off. */
export function readAlertRuleForm(body: unknown): AlertRuleFormValues {
  const form = formFields(body);
  return {
    name: trimmed(form.name),
    type: trimmed(form.type),
    network_ids: every(form.network_ids)
      .filter((id) => id !== '')
      .map((id) => (/^\d+$/.test(id) ? Number(id) : NaN)),
    for_seconds: trimmed(form.for_seconds),
    threshold: trimmed(form.threshold),
    emails: trimmed(form.emails),
    enabled: ticked(form.enabled),
  };
}

/** The form of an existing rule: the addresses one per line, unused numbers empty. */
export function alertRuleFormOf(rule: AlertRuleView): AlertRuleFormValues {
  return {
    name: rule.name,
    type: rule.type,
    network_ids: rule.network_ids,
    for_seconds: usesForSeconds(rule.type) ? String(rule.for_seconds) : '',
    threshold: rule.threshold === null ? '' : String(rule.threshold),
    emails: rule.emails.join('\n'),
    enabled: rule.enabled,
  };
}

/**
 * The fields the API takes. The addresses are split at line breaks, commas and semicolons;
 * `for_seconds` and `threshold` are sent only for the types that use them, so that a
 * value left in a field of another type is not refused (the form shows every field).
 */
export function toAlertRuleInput(values: AlertRuleFormValues): AlertRuleInput {
  return {
    name: values.name,
    type: values.type,
    network_ids: values.network_ids,
    for_seconds: usesForSeconds(values.type) ? integer(values.for_seconds) : undefined,
    threshold: usesThreshold(values.type) ? integer(values.threshold) : undefined,
    emails: values.emails
      .split(/[\n,;]/)
      .map((email) => email.trim())
      .filter((email) => email !== ''),
    enabled: values.enabled,
  };
}
