/** What test/simulator.e2e-spec.ts's runs share, and how it reads their summaries' events. */
import type { Summary } from '../../scripts/simulator/summary';

/**
 * The services' HEARTBEAT_TIMEOUT_SECONDS: short enough for an outage within an 18 s run, long
 * beside the 1 s check-in interval, so that a check-in slowed down by a loaded machine seldom
 * makes its device DOWN (each DOWN device's next check-in is a transaction of its own).
 */
export const HEARTBEAT_TIMEOUT_SECONDS = 10;

/** A count of the summary's events that the run implies exactly. */
export const exactly = (events: number) => ({ events, expected: { min: events, max: events } });

/** A group of the summary's events, its types exactly so (a type that is 0 is not shown). */
export const group = (types: Record<string, number>) => {
  const shown = Object.entries(types).filter(([, n]) => n > 0);
  return {
    ...exactly(shown.reduce((sum, [, n]) => sum + n, 0)),
    types: Object.fromEntries(shown.map(([type, n]) => [type, exactly(n)])),
  };
};

/**
 * Each device came up once, and again after each device.down: the outage's for certain, and on a
 * loaded machine a check-in that took seconds may have made another (the run checks its range).
 */
export const expectUpAndDown = (summary: Summary, devices: number, outage: number) => {
  const { 'device.up': up, 'device.down': down } = summary.events!.groups;
  expect(down.expected!.min).toBeGreaterThanOrEqual(outage);
  expect(down.events).toBeGreaterThanOrEqual(outage);
  expect(up.events).toBe(devices + down.events);
};
