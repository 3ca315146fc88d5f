import { Alert } from './alert.entity';
import { AlertRule } from './alert-rule.entity';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A rule as the API answers it. */
export interface AlertRuleView {
  id: number;
  name: string;
  type: string;
  network_ids: number[];
  for_seconds: number;
  threshold: number | null;
  emails: string[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export function alertRuleView(rule: AlertRule): AlertRuleView {
  return {
    id: rule.id,
    name: rule.name,
    type: rule.type,
    network_ids: rule.network_ids,
    for_seconds: rule.for_seconds,
    threshold: rule.threshold,
    emails: rule.emails,
    enabled: rule.enabled,
    created_at: rule.created_at.toISOString(),
    updated_at: rule.updated_at.toISOString(),
  };
}

/**
 * An address as a member sees it on another person's rule: the first character of its local
 * part, `***`, and its domain (`a***@example.com`), whatever the local part's length. Enough to
 * tell that a rule mails someone, and whether inside the organisation's domain or outside it,
 * without giving anyone's address away.
 */
export function maskedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const first = [...address.slice(0, Math.max(at, 0))][0] ?? '';
  return `${first}***${at >= 0 ? address.slice(at) : ''}`;
}

/**
 * A rule as a member sees it, or null when it is none of theirs to see. Its `network_ids` keep
 * only the networks the member may read (`readable`), so that it names no network hidden from
 * them; a rule whose networks are all hidden is hidden too (answered as missing), since emptied
 * it would read as a rule on every network. Its `emails` are masked but the member's own
 * address, shown as stored, so that members see whether they are among the recipients. Admins
 * see every rule in full (`alertRuleView`).
 */
export function memberAlertRuleView(
  rule: AlertRule,
  readable: ReadonlySet<number>,
  ownEmail: string,
): AlertRuleView | null {
  const networkIds = rule.network_ids.filter((id) => readable.has(id));
  if (rule.network_ids.length > 0 && networkIds.length === 0) {
    return null;
  }
  const own = ownEmail.toLowerCase();
  return {
    ...alertRuleView(rule),
    network_ids: networkIds,
    emails: rule.emails.map((email) => (email.toLowerCase() === own ? email : maskedEmail(email))),
  };
}

/** An alert as the API answers it (device and network as in events). */
export interface AlertView {
  id: number;
  alert_rule_id: number;
  type: string;
  state: 'open' | 'resolved';
  device: { id: number; mac_id: string; name: string | null } | null;
  network: { id: number; network_name: string } | null;
  opened_at: string;
  resolved_at: string | null;
  data: Record<string, unknown>;
  /** Who acknowledged it (their e-mail as it was then), or null. */
  acknowledged_by: { id: number; email: string } | null;
  acknowledged_at: string | null;
}

export function alertView(alert: Alert): AlertView {
  return {
    id: alert.id,
    alert_rule_id: alert.alert_rule_id,
    type: alert.type,
    state: alert.state,
    device:
      alert.device_id === null
        ? null
        : { id: alert.device_id, mac_id: alert.device_mac ?? '', name: alert.device_name },
    network:
      alert.network_id === null
        ? null
        : { id: alert.network_id, network_name: alert.network_name ?? '' },
    opened_at: alert.opened_at.toISOString(),
    resolved_at: iso(alert.resolved_at),
    data: alert.data,
    acknowledged_by:
      alert.acknowledged_by === null
        ? null
        : { id: alert.acknowledged_by, email: alert.acknowledged_by_email ?? '' },
    acknowledged_at: iso(alert.acknowledged_at),
  };
}
