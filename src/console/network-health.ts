import { FleetCounts } from '../read-side/device-status-counts.repository';

/** One network's line on the overview: its devices by state and its open alerts. */
export interface NetworkHealthLine {
  id: number;
  name: string;
  devices: number;
  up: number;
  /** Heard from before and silent now (never seen devices apart, as the device list counts). */
  down: number;
  neverSeen: number;
  openAlerts: number;
  /** Width of the bar's up part, in percent of the network's devices (0 without devices). */
  upPercent: number;
  /** What the line says in words. */
  text: string;
}

/** The overview lists this many networks; a link leads to the rest. */
export const HEALTH_LINES = 12;

/**
 * The overview's network lines: the networks that need a look first (the most devices down,
 * then the most open alerts, then the most never seen), then by name; at most `limit` of them.
 */
export function networkHealthLines(
  networks: { id: number; network_name: string }[],
  counts: Map<number, FleetCounts>,
  openAlerts: Map<number, number>,
  limit = HEALTH_LINES,
): NetworkHealthLine[] {
  const lines = networks.map((network): NetworkHealthLine => {
    const count = counts.get(network.id) ?? { up: 0, down: 0, never_seen: 0 };
    const devices = count.up + count.down;
    const down = count.down - count.never_seen;
    const alerts = openAlerts.get(network.id) ?? 0;
    const words = [`${count.up} of ${devices} up`];
    if (down > 0) {
      words.push(`${down} down`);
    }
    if (count.never_seen > 0) {
      words.push(`${count.never_seen} never seen`);
    }
    if (alerts > 0) {
      words.push(`${alerts} open alert${alerts === 1 ? '' : 's'}`);
    }
    return {
      id: network.id,
      name: network.network_name,
      devices,
      up: count.up,
      down,
      neverSeen: count.never_seen,
      openAlerts: alerts,
      upPercent: devices === 0 ? 0 : Math.round((count.up / devices) * 1000) / 10,
      text: words.join(' · '),
    };
  });
  return lines
    .sort(
      (a, b) =>
        b.down - a.down ||
        b.openAlerts - a.openAlerts ||
        b.neverSeen - a.neverSeen ||
        a.name.localeCompare(b.name),
    )
    .slice(0, limit);
}
