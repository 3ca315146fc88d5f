/**
 * Where a device is, for the kept device counts: in a network (its id), in the organisation's
 * inventory but in no network (null), or not in the inventory at all (OUTSIDE: before it is
 * created, after it is removed).
 */
export const OUTSIDE = 'outside';
export type DevicePlace = number | null | typeof OUTSIDE;

/** One device's move by a write of the devices table. */
export interface PlaceChange {
  from: DevicePlace;
  to: DevicePlace;
}

/** What a write adds to the organisation's count and to each network's (never a zero entry). */
export interface DeviceCountChanges {
  organisation: number;
  networks: Map<number, number>;
}

/**
 * The relative changes of the kept counts (organisations.device_count, location_networks.
 * device_count) that a write moving devices from one place to another makes: the organisation
 * counts every device of its inventory, a network the devices in it.
 */
export function deviceCountChanges(changes: readonly PlaceChange[]): DeviceCountChanges {
  let organisation = 0;
  const networks = new Map<number, number>();
  const add = (network: number, delta: number) => {
    const sum = (networks.get(network) ?? 0) + delta;
    if (sum === 0) {
      networks.delete(network);
    } else {
      networks.set(network, sum);
    }
  };
  for (const { from, to } of changes) {
    if (from === to) {
      continue;
    }
    organisation += Number(to !== OUTSIDE) - Number(from !== OUTSIDE);
    if (typeof from === 'number') {
      add(from, -1);
    }
    if (typeof to === 'number') {
      add(to, 1);
    }
  }
  return { organisation, networks };
}
