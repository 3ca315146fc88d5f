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
  };
}
