import {
  BreakdownRow,
  FirmwareCount,
  firmwareOrder,
  FleetCounts,
} from '../read-side/device-status-counts.repository';

/** The overview's counts of the caller's devices, added up from one breakdown. */
export interface FleetBreakdown {
  /** Every matching device: UP, DOWN, and of the DOWN ones, never heard from. */
  counts: FleetCounts;
  /** The devices heard from, running their current configuration revision or not. */
  sync: { inSync: number; outOfSync: number };
  /** The same counts as `counts`, per network (devices in no network are in none). */
  byNetwork: Map<number, FleetCounts>;
  /** How many devices last reported each firmware version, in the overview's order. */
  firmware: FirmwareCount[];
}

const add = (into: FleetCounts, row: BreakdownRow) => {
  into.up += row.up;
  into.down += row.total - row.up;
  into.never_seen += row.never;
};

const none = (): FleetCounts => ({ up: 0, down: 0, never_seen: 0 });

/** The groups of devices by network and firmware version added up every way the overview shows. */
export function fleetBreakdown(rows: readonly BreakdownRow[]): FleetBreakdown {
  const counts = none();
  const byNetwork = new Map<number, FleetCounts>();
  const versions = new Map<string | null, number>();
  let seen = 0;
  let inSync = 0;
  for (const row of rows) {
    add(counts, row);
    if (row.network !== null) {
      const network = byNetwork.get(row.network) ?? none();
      add(network, row);
      byNetwork.set(row.network, network);
    }
    versions.set(row.version, (versions.get(row.version) ?? 0) + row.total);
    seen += row.seen;
    inSync += row.inSync;
  }
  const firmware = [...versions]
    .map(([version, devices]) => ({ version, devices }))
    .sort(firmwareOrder);
  return { counts, sync: { inSync, outOfSync: seen - inSync }, byNetwork, firmware };
}
