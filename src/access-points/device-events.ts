import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { EventNetwork, NewEvent } from '../event-log/events.repository';

/** A device as its placement events name it, with the network it was in before (if any). */
export interface PlacedDevice {
  id: number;
  mac_id: string;
  name: string | null;
  from: number | null;
}

type By = { actor: EventActor; at: Date };

const deviceOf = ({ id, mac_id, name }: PlacedDevice) => ({ id, mac_id, name });

/**
 * Devices entering `network`: `device.claimed` for those that entered the
 * inventory (`claimed`), `device.moved` for those already in it whose network changed.
 */
export function enteringEvents(
  devices: readonly PlacedDevice[],
  claimed: ReadonlySet<number>,
  network: EventNetwork,
  by: By,
): NewEvent[] {
  return devices.flatMap((device) => {
    if (claimed.has(device.id)) {
      return [
        eventOf(
          'device.claimed',
          { device: deviceOf(device), network },
          { network_id: network.id },
          by,
        ),
      ];
    }
    if (device.from === network.id) {
      return []; // already there: nothing happened
    }
    return [
      eventOf(
        'device.moved',
        { device: deviceOf(device), network },
        { from_network_id: device.from, to_network_id: network.id },
        by,
      ),
    ];
  });
}

/**
 * Devices leaving their network (`device.released`) or the inventory (`device.removed`), each
 * naming the network it leaves (null when it was in none).
 */
export function leavingEvents(
  type: 'device.released' | 'device.removed',
  devices: readonly PlacedDevice[],
  networks: ReadonlyMap<number, EventNetwork>,
  by: By,
): NewEvent[] {
  return devices.map((device) =>
    eventOf(
      type,
      {
        device: deviceOf(device),
        network: device.from === null ? null : (networks.get(device.from) ?? null),
      },
      { network_id: device.from },
      by,
    ),
  );
}
