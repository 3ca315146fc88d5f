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

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The values of a field sent once (a string), several times (a list) or not at all. */
const many = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(text);

/** A whole number as typed; empty is none (the type's default), anything else NaN (refused). */
const integer = (value: string): number | null =>
  value === '' ? null : /^[+-]?\d+$/.test(value) ? Number(value) : NaN;

/** The posted form as typed; a checkbox that is not sent is off. */
export function readAlertRuleForm(body: unknown): AlertRuleFormValues {
  const form = (body ?? {}) as Record<string, unknown>;
  return {
    name: text(form.name),
    type: text(form.type),
    network_ids: many(form.network_ids)
      .filter((id) => id !== '')
      .map((id) => (/^\d+$/.test(id) ? Number(id) : NaN)),
    for_seconds: text(form.for_seconds),
    threshold: text(form.threshold),
    emails: typeof form.emails === 'string' ? form.emails.trim() : '',
    enabled: form.enabled === 'true',
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
