const UNITS: [number, string][] = [
  [86400, 'day'],
  [3600, 'h'],
  [60, 'min'],
];

/**
 * "3 min ago" for a time in whole seconds since the epoch (as `last_seen_time` is), at
 * `now`; "Never" for a device never heard from. Days are plural words, hours and minutes short.
 */
export function timeAgo(seconds: number | null, now: Date): string {
  if (seconds === null) {
    return 'Never';
  }
  const elapsed = Math.max(0, Math.floor(now.getTime() / 1000) - seconds);
  if (elapsed < 60) {
    return 'just now';
  }
  for (const [size, unit] of UNITS) {
    if (elapsed >= size) {
      const count = Math.floor(elapsed / size);
      return unit === 'day' ? `${count} day${count === 1 ? '' : 's'} ago` : `${count} ${unit} ago`;
    }
  }
  return 'just now';
}

/** The exact time for the title (hover) and `datetime` of a last-seen value: ISO 8601 UTC. */
export function exactTime(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}

/**
 * "in 4 min" for a moment ahead of `now` (whole units, rounded down, as `timeAgo`); "in under a
 * minute" for less, and for a moment already past (it is about to happen).
 */
export function timeUntil(at: Date, now: Date): string {
  const left = Math.floor((at.getTime() - now.getTime()) / 1000);
  for (const [size, unit] of UNITS) {
    if (left >= size) {
      const count = Math.floor(left / size);
      return unit === 'day' ? `in ${count} day${count === 1 ? '' : 's'}` : `in ${count} ${unit}`;
    }
  }
  return 'in under a minute';
}
