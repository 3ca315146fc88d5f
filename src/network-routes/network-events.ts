import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { NewEvent } from '../event-log/events.repository';

/** An event of a network (`{network_name}`, plus what the type adds). */
export function networkEvent(
  type: 'network.created' | 'network.updated' | 'network.deleted' | 'network.rolled_back',
  network: { id: number; network_name: string },
  extra: Record<string, unknown>,
  by: { actor: EventActor; at: Date },
): NewEvent {
  return eventOf(
    type,
    { device: null, network: { id: network.id, network_name: network.network_name } },
    { network_name: network.network_name, ...extra },
    by,
  );
}
