import { zonedDateTime } from '../../common/time-zones/zoned-time';
import { AlertType } from '../alert-rules';

/** The alert of a transition, as its e-mail tells it. */
export interface MessageAlert {
  id: number;
  type: AlertType;
  device_id: number | null;
  device_mac: string | null;
  device_name: string | null;
  network_id: number | null;
  network_name: string | null;
  opened_at: Date;
  resolved_at: Date | null;
  data: Record<string, unknown>;
}

/** The rule of a transition, as its e-mail tells it. */
export interface MessageRule {
  id: number;
  name: string;
  for_seconds: number;
  threshold: number | null;
}

export interface MessageFacts {
  kind: 'opened' | 'resolved';
  /** A resolution because the rule was deleted. */
  ruleDeleted?: boolean;
  alert: MessageAlert;
  rule: MessageRule;
  /** The network's time zone (IANA name); UTC for devices in no network. */
  timeZone: string;
  /** Where browsers reach the console, without a trailing slash. */
  publicUrl: string;
}

export interface AlertMessage {
  subject: string;
  text: string;
}

const TYPE_WORDS: Record<AlertType, string> = {
  device_down: 'device down',
  config_failed: 'configuration failed',
  upgrade_failed: 'upgrade failed',
  rollout_halted: 'rollout halted',
  clients_above: 'clients above a threshold',
};

/** What a resolution of each type means. */
const RESOLVED_WORDS: Record<AlertType, string> = {
  device_down: 'The device is UP again.',
  config_failed: 'The device runs its current configuration, or its configuration changed.',
  upgrade_failed: 'An upgrade failure is told once: the alert resolves as it opens.',
  rollout_halted: 'A halted rollout is told once: the alert resolves as it opens.',
  clients_above: 'The device reports no more clients than the threshold, or it is DOWN.',
};

/** Data keys each type's details say in words; any other key is listed as it is. */
const WORDED_KEYS = new Set([
  'down_since',
  'revision',
  'message',
  'upgrade_id',
  'error',
  'rollout_id',
  'clients',
]);

/**
 * The e-mail of an alert's opening or resolution: the subject names the state,
 * the rule, the device (name and MAC) or the rollout, and the network; the body says the same,
 * with the times in the network's time zone, what the alert's data says, and a link to the
 * device's (or rollout's) page of the console.
 */
export function alertMessage(facts: MessageFacts): AlertMessage {
  const { kind, alert, rule } = facts;
  const subjectName = oneLine(subjectOf(alert));
  const network = alert.network_name === null ? 'no network' : oneLine(alert.network_name);
  const subject = `[Airfleet] Alert ${kind}: ${oneLine(rule.name)} - ${subjectName} - ${
    alert.network_name === null ? network : `network ${network}`
  }`;
  const time = (at: Date) => `${zonedDateTime(at, facts.timeZone)} (${facts.timeZone})`;
  const rows: [string, string][] = [
    [alert.device_id === null ? 'Rollout' : 'Device', subjectName],
    ['Network', network],
    ['Opened', time(alert.opened_at)],
  ];
  if (kind === 'resolved' && alert.resolved_at) {
    rows.push(['Resolved', time(alert.resolved_at)]);
  }
  const details = detailsOf(alert, rule, time);
  const link = linkOf(alert, facts.publicUrl);
  const lines = [
    `Alert ${kind}: ${oneLine(rule.name)}`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(10)}${value}`),
    '',
    ...details,
    ...(kind === 'opened'
      ? []
      : [facts.ruleDeleted ? 'The rule was deleted.' : RESOLVED_WORDS[alert.type]]),
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    `Rule "${oneLine(rule.name)}" (${TYPE_WORDS[alert.type]}, #${rule.id}), alert #${alert.id}.`,
    '-- ',
    'Airfleet',
  ];
  return { subject, text: `${lines.join('\n')}\n` };
}

/** The device (`name (MAC)`, or the MAC alone) or the rollout (`Rollout #<id>`). */
function subjectOf(alert: MessageAlert): string {
  if (alert.device_id === null) {
    return `Rollout #${said(alert.data.rollout_id)}`;
  }
  const mac = alert.device_mac ?? '';
  return alert.device_name ? `${alert.device_name} (${mac})` : mac;
}

/** The alert's data in words, one sentence a line. */
function detailsOf(alert: MessageAlert, rule: MessageRule, time: (at: Date) => string): string[] {
  const data = alert.data;
  const lines: string[] = [];
  switch (alert.type) {
    case 'device_down': {
      const since = typeof data.down_since === 'string' ? new Date(data.down_since) : null;
      lines.push(
        since && !Number.isNaN(since.getTime())
          ? `The device has been DOWN since ${time(since)}` +
              (rule.for_seconds > 0 ? ` (the rule waits ${duration(rule.for_seconds)}).` : '.')
          : 'The device is DOWN.',
      );
      break;
    }
    case 'config_failed': {
      const revision = typeof data.revision === 'string' ? data.revision.slice(0, 12) : null;
      lines.push(
        `The device reported a configuration error` +
          (revision ? ` for revision ${revision}` : '') +
          (data.message ? `: ${oneLine(said(data.message))}` : '.'),
      );
      break;
    }
    case 'upgrade_failed':
      lines.push(
        `Upgrade #${said(data.upgrade_id)} failed` +
          (data.error ? `: ${oneLine(said(data.error))}` : '.'),
      );
      break;
    case 'rollout_halted':
      lines.push(
        data.config_rollout_id !== undefined
          ? `Configuration rollout #${said(data.config_rollout_id)} halted.`
          : `Rollout #${said(data.rollout_id)} halted.`,
      );
      break;
    case 'clients_above':
      lines.push(
        `The device reported ${said(data.clients)} clients, more than the threshold of ` +
          `${String(rule.threshold ?? 0)}` +
          (rule.for_seconds > 0 ? ` for ${duration(rule.for_seconds)}.` : '.'),
      );
      break;
  }
  for (const [key, value] of Object.entries(data)) {
    if (!WORDED_KEYS.has(key)) {
      lines.push(`${key.replace(/_/g, ' ')}: ${oneLine(JSON.stringify(value) ?? 'null')}`);
    }
  }
  return lines;
}

/** The console page of the alert's device, or of its rollout. */
function linkOf(alert: MessageAlert, publicUrl: string): { label: string; url: string } | null {
  if (alert.device_id !== null) {
    return { label: 'Device page', url: `${publicUrl}/devices/${alert.device_id}` };
  }
  const rolloutId = Number(alert.data.rollout_id);
  return Number.isInteger(rolloutId) && rolloutId > 0
    ? { label: 'Rollout page', url: `${publicUrl}/rollouts/${rolloutId}` }
    : null;
}

/** `90 s`, `5 min`, `2 h 30 min`. */
export function duration(seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) {
    return `${seconds} s`;
  }
  const minutes = seconds / 60;
  if (minutes < 60) {
    return `${minutes} min`;
  }
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
}

/** A data value in words: text and numbers as they are, `?` when missing, JSON otherwise. */
function said(value: unknown): string {
  if (value === null || value === undefined) {
    return '?';
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** Text on one line: a header or a row cannot be broken by what a name or message holds. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
