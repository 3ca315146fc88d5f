import { options } from '../../web/select-options';
import { ALERT_TYPES, AlertType } from '../alert-rules';
import { AlertView } from '../alert.view';

// How the alert pages write what they show: pure, beside the page services.

export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  device_down: 'Device down',
  config_failed: 'Configuration failed',
  upgrade_failed: 'Upgrade failed',
  rollout_halted: 'Rollout halted',
  clients_above: 'Clients above a threshold',
};

/** A type's words (an unknown one as it is). */
export const alertTypeLabel = (type: string): string =>
  ALERT_TYPE_LABELS[type as AlertType] ?? type;

/** The type select's options, the current one selected. */
export const typeOptions = (selected: string) =>
  options(
    ALERT_TYPES.map((type) => ({ value: type, label: ALERT_TYPE_LABELS[type] })),
    selected,
  );

/** A time of an alert as the pages show it: "2026-11-27 23:08:25 UTC". */
export const shownTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** "300 s (5 min)", "45 s", "0 s". */
export function seconds(value: number): string {
  if (value < 60) {
    return `${value} s`;
  }
  const minutes = value / 60;
  return Number.isInteger(minutes) ? `${value} s (${minutes} min)` : `${value} s`;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/**
 * An alert's data in words (`{down_since}`, `{clients}`, `{revision, message}`,
 * `{upgrade_id, error}`, `{rollout_id}`); `threshold` is the rule's (null: unknown).
 */
export function alertDetails(
  alert: Pick<AlertView, 'type' | 'data'>,
  threshold: number | null,
): string {
  const data = alert.data;
  switch (alert.type) {
    case 'device_down': {
      const since = textOf(data.down_since);
      return since ? `Last heard from ${shownTime(since)}` : 'Down';
    }
    case 'clients_above': {
      const clients = textOf(data.clients) ?? 'More';
      return threshold === null
        ? `${clients} clients`
        : `${clients} clients, more than ${threshold}`;
    }
    case 'config_failed': {
      const message = textOf(data.message);
      return message
        ? `The device refused its configuration: ${message}`
        : 'The device refused its configuration';
    }
    case 'upgrade_failed': {
      const error = textOf(data.error);
      const upgrade = textOf(data.upgrade_id);
      return `Upgrade${upgrade ? ` ${upgrade}` : ''} failed${error ? `: ${error}` : ''}`;
    }
    case 'rollout_halted':
      return data.config_rollout_id !== undefined
        ? `Configuration rollout ${textOf(data.config_rollout_id) ?? ''} halted`.replace('  ', ' ')
        : `Rollout ${textOf(data.rollout_id) ?? ''} halted`.replace('  ', ' ');
    default:
      return Object.entries(data)
        .map(
          ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        )
        .join(', ');
  }
}
