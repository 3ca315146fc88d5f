import { EventActor, EventRecord } from './event.entity';

/** An event as the API shows it. */
export interface EventView {
  id: number;
  type: string;
  occurred_at: string;
  network: { id: number; network_name: string } | null;
  device: { id: number; mac_id: string; name: string | null } | null;
  actor: EventActor;
  data: Record<string, unknown>;
}

export function toEventView(event: EventRecord): EventView {
  return {
    id: Number(event.id),
    type: event.type,
    occurred_at: event.occurred_at.toISOString(),
    network:
      event.network_id === null
        ? null
        : { id: event.network_id, network_name: event.network_name ?? '' },
    device:
      event.device_id === null
        ? null
        : { id: event.device_id, mac_id: event.device_mac ?? '', name: event.device_name },
    actor: event.actor,
    data: event.data,
  };
}
