import { AlertType, inScope } from './alert-rules';

/** A rule as the decisions see it. */
export interface RuleFacts {
  id: number;
  type: AlertType;
  network_ids: number[];
  enabled: boolean;
  active_since: Date;
}

/** An event as the decisions see it. */
export interface SeenEvent {
  type: string;
  occurred_at: Date;
  device: { id: number; mac_id: string; name: string | null } | null;
  network: { id: number; network_name: string } | null;
  data: Record<string, unknown>;
}

/** An open alert as the decisions see it. */
export interface OpenFacts {
  id: number;
  alert_rule_id: number;
  type: AlertType;
  device_id: number | null;
  network_id: number | null;
}

/** An alert to open; with `resolved_at`, one that opens and resolves together. */
export interface Opening {
  rule: RuleFacts;
  subject_id: number;
  device: SeenEvent['device'];
  network: SeenEvent['network'];
  opened_at: Date;
  resolved_at: Date | null;
  data: Record<string, unknown>;
}

export interface Decisions {
  open: Opening[];
  resolve: { id: number; at: Date }[];
}

/** The events after which a device's config_failed alert resolves: its revision changes. */
const DEVICE_CONFIG_CHANGES = new Set([
  'device.moved',
  'device.released',
  'device.labelled',
  'uplinks.applied',
]);
const NETWORK_CONFIG_CHANGES = new Set([
  'network.updated',
  'network.rolled_back',
  'network.deleted',
  'ssid.created',
  'ssid.updated',
  'ssid.deleted',
  'config.published',
]);

/** The event types the decisions read (the evaluation reads only these). */
export const WATCHED_EVENT_TYPES = [
  'device.up',
  'device.down',
  'device.removed',
  'device.config_failed',
  'device.config_applied',
  'upgrade.failed',
  'rollout.halted',
  'config_rollout.halted',
  ...DEVICE_CONFIG_CHANGES,
  ...NETWORK_CONFIG_CHANGES,
];

/**
 * What a run of an organisation's events (in id order) opens and resolves:
 * - `device.config_failed` opens config_failed; it resolves when the device runs the current
 *   revision (`device.config_applied` in sync) or its revision changes (a move, release,
 *   label, uplinks, or a change of its network's configuration);
 * - `upgrade.failed` and `rollout.halted` open upgrade_failed and rollout_halted, resolved at
 *   once (`rolloutNetworks`: the networks of each halted rollout's devices);
 * - `config_rollout.halted` opens rollout_halted too, for its network, resolved at once (its
 *   subject is the rollout, its data `{config_rollout_id}`);
 * - `device.up` resolves device_down; `device.down` resolves clients_above;
 * - `device.removed` resolves every open alert of the device (it left the organisation).
 * Rules open only when enabled and only for events from their `active_since` on; openings of
 * what is open already (`open`, and earlier in the run) are not repeated.
 */
export function eventDecisions(
  rules: RuleFacts[],
  events: SeenEvent[],
  open: OpenFacts[],
  rolloutNetworks: Map<number, (number | null)[]>,
): Decisions {
  const decisions: Decisions = { open: [], resolve: [] };
  const openAlerts = [...open];
  const pending = new Map<string, Opening>();
  const opening = (rule: RuleFacts, event: SeenEvent, scopeNetworks: (number | null)[]) =>
    rule.enabled &&
    event.occurred_at.getTime() >= rule.active_since.getTime() &&
    scopeNetworks.some((networkId) => inScope(rule, networkId));
  const resolveWhere = (at: Date, match: (alert: OpenFacts) => boolean, types: AlertType[]) => {
    for (const alert of openAlerts.filter((a) => types.includes(a.type) && match(a))) {
      decisions.resolve.push({ id: alert.id, at });
      openAlerts.splice(openAlerts.indexOf(alert), 1);
    }
    for (const [key, pend] of pending) {
      if (types.includes(pend.rule.type) && match(factsOf(pend))) {
        pend.resolved_at = at;
        pending.delete(key);
      }
    }
  };
  const open1 = (
    rule: RuleFacts,
    event: SeenEvent,
    subjectId: number,
    data: Record<string, unknown>,
    atOnce: boolean,
  ) => {
    const key = `${rule.id}:${subjectId}`;
    if (
      pending.has(key) ||
      openAlerts.some((a) => a.alert_rule_id === rule.id && subjectOf(a) === subjectId)
    ) {
      return;
    }
    const made: Opening = {
      rule,
      subject_id: subjectId,
      device: event.device,
      network: event.network,
      opened_at: event.occurred_at,
      resolved_at: atOnce ? event.occurred_at : null,
      data,
    };
    decisions.open.push(made);
    if (!atOnce) {
      pending.set(key, made);
    }
  };
  for (const event of events) {
    const at = event.occurred_at;
    const deviceId = event.device?.id ?? null;
    const ofDevice = (alert: OpenFacts) => deviceId !== null && alert.device_id === deviceId;
    const networkId = event.network?.id ?? null;
    if (event.type === 'device.config_failed' && deviceId !== null) {
      for (const rule of rules.filter(
        (r) => r.type === 'config_failed' && opening(r, event, [networkId]),
      )) {
        open1(
          rule,
          event,
          deviceId,
          { revision: event.data.revision, message: event.data.message },
          false,
        );
      }
    } else if (event.type === 'device.config_applied' && event.data.in_sync === true) {
      resolveWhere(at, ofDevice, ['config_failed']);
    } else if (DEVICE_CONFIG_CHANGES.has(event.type)) {
      resolveWhere(at, ofDevice, ['config_failed']);
    } else if (NETWORK_CONFIG_CHANGES.has(event.type) && networkId !== null) {
      resolveWhere(at, (alert) => alert.network_id === networkId, ['config_failed']);
    } else if (event.type === 'device.up') {
      resolveWhere(at, ofDevice, ['device_down']);
    } else if (event.type === 'device.down') {
      resolveWhere(at, ofDevice, ['clients_above']);
    } else if (event.type === 'device.removed') {
      resolveWhere(at, ofDevice, ['device_down', 'config_failed', 'clients_above']);
    } else if (event.type === 'upgrade.failed' && deviceId !== null) {
      for (const rule of rules.filter(
        (r) => r.type === 'upgrade_failed' && opening(r, event, [networkId]),
      )) {
        open1(
          rule,
          event,
          deviceId,
          { upgrade_id: event.data.upgrade_id, error: event.data.error ?? null },
          true,
        );
      }
    } else if (event.type === 'config_rollout.halted' && networkId !== null) {
      const rolloutId = Number(event.data.config_rollout_id);
      for (const rule of rules.filter(
        (r) => r.type === 'rollout_halted' && opening(r, event, [networkId]),
      )) {
        // Resolved at once: the key only keeps two openings of one run apart, so a negative
        // subject never meets a firmware rollout's id.
        open1(rule, { ...event, device: null }, -rolloutId, { config_rollout_id: rolloutId }, true);
      }
    } else if (event.type === 'rollout.halted') {
      const rolloutId = Number(event.data.rollout_id);
      const networks = rolloutNetworks.get(rolloutId) ?? [];
      for (const rule of rules.filter(
        (r) => r.type === 'rollout_halted' && opening(r, event, networks),
      )) {
        open1(
          rule,
          { ...event, device: null, network: null },
          rolloutId,
          { rollout_id: rolloutId },
          true,
        );
      }
    }
  }
  return decisions;
}

/** An open config_failed alert and what its device's record shows now (null: not found). */
export interface ConfigAlertState {
  id: number;
  /** The revision the alert's error was about. */
  revision: unknown;
  /** The device's configuration sync now: its current revision and whether it runs it. */
  device: { revision: string; in_sync: boolean } | null;
}

/**
 * The open config_failed alerts that their devices' state resolves at `at`: the device runs its
 * current revision, or its current revision is no longer the one the error was about. Decided
 * from the state the device record shows, not only from events, so that a device that reports
 * running the revision it already ran (which records no `device.config_applied`) still resolves
 * its alert, and its later errors open new ones. A device not found is left to its events (its
 * `device.removed` resolves its alerts).
 */
export function configStateResolutions(
  alerts: ConfigAlertState[],
  at: Date,
): { id: number; at: Date }[] {
  return alerts
    .filter(
      ({ revision, device }) => device !== null && (device.in_sync || device.revision !== revision),
    )
    .map(({ id }) => ({ id, at }));
}

const subjectOf = (alert: OpenFacts) => alert.device_id;

function factsOf(opening: Opening): OpenFacts {
  return {
    id: 0,
    alert_rule_id: opening.rule.id,
    type: opening.rule.type,
    device_id: opening.device?.id ?? null,
    network_id: opening.network?.id ?? null,
  };
}

/** An event record as the decisions see it. */
export function seenEvent(event: {
  type: string;
  occurred_at: Date;
  device_id: number | null;
  device_mac: string | null;
  device_name: string | null;
  network_id: number | null;
  network_name: string | null;
  data: Record<string, unknown>;
}): SeenEvent {
  return {
    type: event.type,
    occurred_at: event.occurred_at,
    device:
      event.device_id === null
        ? null
        : { id: event.device_id, mac_id: event.device_mac ?? '', name: event.device_name },
    network:
      event.network_id === null
        ? null
        : { id: event.network_id, network_name: event.network_name ?? '' },
    data: event.data,
  };
}
