/** A device's state over a stretch of time. */
export type AvailabilityState = 'UP' | 'DOWN' | 'UNKNOWN';

export interface AvailabilityInterval {
  state: AvailabilityState;
  from: Date;
  to: Date;
}

/** An up/down event of the device, oldest first. */
export interface Transition {
  type: 'device.up' | 'device.down';
  at: Date;
}

/**
 * The intervals that cover [since, until] without gaps or overlaps, in order, from the device's
 * transitions: the last one before `since` (if kept) gives the state the window starts in,
 * UNKNOWN without one (before the first heartbeat, or before the oldest kept event); each
 * transition inside starts a new interval. Adjacent intervals of one state are merged, and
 * empty ones dropped. With `uptime_percent` = UP ÷ (UP + DOWN) × 100 to two decimals (null when
 * both are zero).
 */
export function availability(
  transitions: readonly Transition[],
  since: Date,
  until: Date,
): { intervals: AvailabilityInterval[]; uptime_percent: number | null } {
  const intervals: AvailabilityInterval[] = [];
  let state: AvailabilityState = 'UNKNOWN';
  let from = since;
  const close = (to: Date) => {
    if (to.getTime() <= from.getTime()) {
      return;
    }
    const last = intervals.at(-1);
    if (last && last.state === state) {
      last.to = to;
    } else {
      intervals.push({ state, from, to });
    }
  };
  for (const transition of transitions) {
    const next: AvailabilityState = transition.type === 'device.up' ? 'UP' : 'DOWN';
    if (transition.at.getTime() <= since.getTime()) {
      state = next;
      continue;
    }
    if (transition.at.getTime() >= until.getTime()) {
      break;
    }
    close(transition.at);
    state = next;
    from = transition.at;
  }
  close(until);
  if (intervals.length === 0) {
    intervals.push({ state, from: since, to: until });
  }
  const time = (wanted: AvailabilityState) =>
    intervals
      .filter((interval) => interval.state === wanted)
      .reduce((sum, interval) => sum + interval.to.getTime() - interval.from.getTime(), 0);
  const up = time('UP');
  const down = time('DOWN');
  return {
    intervals,
    uptime_percent: up + down === 0 ? null : Math.round((up / (up + down)) * 10000) / 100,
  };
}
