/** Every event type, by family. */
export const EVENT_TYPES = [
  'device.claimed',
  'device.moved',
  'device.released',
  'device.removed',
  'device.up',
  'device.down',
  'device.config_applied',
  'device.config_failed',
  'device.labelled',
  'upgrade.created',
  'upgrade.updated',
  'upgrade.deleted',
  'upgrade.started',
  'upgrade.done',
  'upgrade.failed',
  'upgrade.cancelled',
  'rollout.created',
  'rollout.stage_opened',
  'rollout.halted',
  'rollout.completed',
  'network.created',
  'network.updated',
  'network.deleted',
  'network.rolled_back',
  'ssid.created',
  'ssid.updated',
  'ssid.deleted',
  'config.published',
  'config_rollout.created',
  'config_rollout.stage_opened',
  'config_rollout.halted',
  'config_rollout.reverted',
  'config_rollout.completed',
  'uplinks.applied',
  'tags.updated',
  'token.created',
  'token.revoked',
  'member.added',
  'member.updated',
  'member.removed',
  'invitation.created',
  'invitation.revoked',
  'grant.created',
  'grant.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'alert_rule.created',
  'alert_rule.updated',
  'alert_rule.deleted',
  'command.created',
  'command.succeeded',
  'command.failed',
  'command.expired',
  'command.cancelled',
  'alert.opened',
  'alert.resolved',
  'client.erased',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The families (`device`, `upgrade`…): `<family>.*` matches every type of one. */
export const EVENT_FAMILIES = [...new Set(EVENT_TYPES.map((type) => type.split('.')[0]))];

/** What a `type` filter asks for: exact types and families, or the entries it cannot read. */
export interface TypeSelection {
  types: EventType[];
  families: string[];
  unknown: string[];
}

/**
 * Reads a comma list of types (`device.up,upgrade.*`): each entry is a known type or a known
 * family followed by `.*`; anything else is unknown (422 1030 naming it).
 */
export function selectTypes(list: string): TypeSelection {
  const selection: TypeSelection = { types: [], families: [], unknown: [] };
  for (const entry of list.split(',').map((part) => part.trim())) {
    if ((EVENT_TYPES as readonly string[]).includes(entry)) {
      selection.types.push(entry as EventType);
    } else if (entry.endsWith('.*') && EVENT_FAMILIES.includes(entry.slice(0, -2))) {
      selection.families.push(entry.slice(0, -2));
    } else {
      selection.unknown.push(entry);
    }
  }
  return selection;
}

/** The types a selection covers (families expanded), each once, in table order. */
export function typesOf(selection: Pick<TypeSelection, 'types' | 'families'>): EventType[] {
  return EVENT_TYPES.filter(
    (type) => selection.types.includes(type) || selection.families.includes(type.split('.')[0]),
  );
}
