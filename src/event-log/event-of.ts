import { EventActor } from './event.entity';
import { EventType } from './event-types';
import { EventDevice, EventNetwork, NewEvent } from './events.repository';

/** An event about a device (and the network it is in, enters or leaves), by `by.actor` at `by.at`. */
export function eventOf(
  type: EventType,
  about: { device: EventDevice | null; network: EventNetwork | null },
  data: Record<string, unknown>,
  by: { actor: EventActor; at: Date },
): NewEvent {
  return {
    type,
    occurred_at: by.at,
    device: about.device,
    network: about.network,
    actor: by.actor,
    data,
  };
}
