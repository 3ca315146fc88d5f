import { isInt32, MAX_INT32, readId } from '../common/ids/id';

/** The alert types a rule may watch. */
export const ALERT_TYPES = [
  'device_down',
  'config_failed',
  'upgrade_failed',
  'rollout_halted',
  'clients_above',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** At most this many rules per organisation (422 1046). */
export const MAX_ALERT_RULES = 100;
const MAX_EMAILS = 20;
const MAX_FOR_SECONDS = 86400;

/** The fields a rule is written with (create, or the ones a PATCH gives). */
export interface AlertRuleInput {
  name?: string;
  type?: string;
  network_ids?: number[] | null;
  for_seconds?: number | null;
  threshold?: number | null;
  emails?: string[] | null;
  /** A boolean; null or absent keeps what the rule had (true for a new rule). */
  enabled?: unknown;
}

/** A rule's stored fields (what `ruleFields` settles). */
export interface AlertRuleFields {
  name: string;
  type: AlertType;
  network_ids: number[];
  for_seconds: number;
  threshold: number | null;
  emails: string[];
  enabled: boolean;
}

/** Types that wait `for_seconds`, and their default. */
const FOR_SECONDS_DEFAULT: Partial<Record<AlertType, number>> = {
  device_down: 300,
  clients_above: 0,
};

/** Whether rules of this type take `for_seconds` (device_down, clients_above). */
export const usesForSeconds = (type: string): boolean =>
  FOR_SECONDS_DEFAULT[type as AlertType] !== undefined;

/** Whether rules of this type take `threshold` (clients_above, which requires it). */
export const usesThreshold = (type: string): boolean => type === 'clients_above';

const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+$/;

/**
 * The rule `input` makes of `before` (a create when null): the stored fields, or every problem
 * with the values, each naming its field. `for_seconds` of a type that does not
 * use it is 0, `threshold` null; a type change takes the new type's defaults.
 */
export function ruleFields(
  before: AlertRuleFields | null,
  input: AlertRuleInput,
): { fields: AlertRuleFields } | { problems: string[] } {
  const problems: string[] = [];
  const name = input.name ?? before?.name;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 255) {
    problems.push('name must be 1 to 255 characters');
  }
  const type = input.type ?? before?.type;
  if (!ALERT_TYPES.includes(type as AlertType)) {
    problems.push(`type must be one of ${ALERT_TYPES.join(', ')}`);
  }
  const typeChanged = before !== null && input.type !== undefined && input.type !== before.type;
  const kept = <T>(value: T | undefined | null, previous: T | undefined): T | undefined =>
    value === undefined ? (typeChanged ? undefined : previous) : (value ?? undefined);
  const waits = FOR_SECONDS_DEFAULT[type as AlertType];
  let forSeconds = kept(input.for_seconds, before?.for_seconds) ?? waits ?? 0;
  if (waits === undefined) {
    if (input.for_seconds !== undefined && input.for_seconds !== null && input.for_seconds !== 0) {
      problems.push(`for_seconds is not used by ${type}`);
    }
    forSeconds = 0;
  } else if (!Number.isInteger(forSeconds) || forSeconds < 0 || forSeconds > MAX_FOR_SECONDS) {
    problems.push(`for_seconds must be an integer from 0 to ${MAX_FOR_SECONDS}`);
  }
  let threshold = kept(input.threshold, before?.threshold ?? undefined) ?? null;
  if (type === 'clients_above') {
    if (threshold === null || !Number.isInteger(threshold) || threshold < 0) {
      problems.push('threshold must be an integer of 0 or more (required by clients_above)');
    } else if (!isInt32(threshold, 0)) {
      problems.push(`threshold must be at most ${MAX_INT32}`);
    }
  } else {
    if (input.threshold !== undefined && input.threshold !== null) {
      problems.push(`threshold is not used by ${type}`);
    }
    threshold = null;
  }
  const networkIds =
    input.network_ids === undefined ? (before?.network_ids ?? []) : (input.network_ids ?? []);
  // Any integer is an id; one outside 1..MAX_ID names no network (the service says so).
  if (
    !Array.isArray(networkIds) ||
    networkIds.some((id) => typeof id !== 'number' || readId(id) === undefined)
  ) {
    problems.push('network_ids must be a list of network ids');
  }
  const emails = input.emails === undefined ? (before?.emails ?? []) : (input.emails ?? []);
  if (!Array.isArray(emails) || emails.length > MAX_EMAILS) {
    problems.push(`emails must be a list of at most ${MAX_EMAILS} addresses`);
  } else {
    const bad = emails.filter(
      (email) => typeof email !== 'string' || !EMAIL.test(email) || email.length > 254,
    );
    if (bad.length > 0) {
      problems.push(`emails has invalid addresses: ${bad.map(String).join(', ')}`);
    }
  }
  const enabled = input.enabled ?? before?.enabled ?? true;
  if (typeof enabled !== 'boolean') {
    problems.push('enabled must be a boolean value');
  }
  if (problems.length > 0) {
    return { problems };
  }
  return {
    fields: {
      name: name!,
      type: type as AlertType,
      network_ids: [...new Set(networkIds)],
      for_seconds: forSeconds,
      threshold,
      emails: [...new Set(emails)],
      enabled: enabled === true, // a boolean by now: anything else was a problem above
    },
  };
}

/** Whether a device in this network (null: in none) is in the rule's scope. */
export function inScope(rule: { network_ids: number[] }, networkId: number | null): boolean {
  return (
    rule.network_ids.length === 0 || (networkId !== null && rule.network_ids.includes(networkId))
  );
}
