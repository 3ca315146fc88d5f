import { readId } from '../common/ids/id';
import { trimmed } from '../web/form';

/** The Events page's filters, those given; `since` and `until` as typed (UTC, minutes). */
export interface EventFilters {
  type?: string;
  mac_id?: string;
  network_id?: number;
  since?: string;
  until?: string;
  before?: number;
}

/** What the Events page asks the events service for, and the filters it could not read. */
export interface EventFilterQuery {
  filters: EventFilters;
  /** The instants of `since` and `until` (ISO 8601), those given and readable. */
  window: { since?: string; until?: string };
  /** A message per filter that cannot be read, beginning with its name. */
  problems: string[];
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A `datetime-local` input's value (`2026-12-07T09:30`, seconds optional) read as a UTC time:
 * the page says its times are UTC, so that a filter means the same instant to every reader and
 * without script. Null when it is no such time (a 30 February, an hour 24).
 */
export function utcInstant(value: string): Date | null {
  const match = LOCAL_TIME.exec(value);
  if (!match) {
    return null;
  }
  const [year, month, day, hour, minute, second = '0', ms = '0'] = match.slice(1);
  const parts = [year, month, day, hour, minute, second].map(Number);
  const instant = new Date(
    Date.UTC(
      parts[0],
      parts[1] - 1,
      parts[2],
      parts[3],
      parts[4],
      parts[5],
      Number(ms.padEnd(3, '0')),
    ),
  );
  const same =
    instant.getUTCFullYear() === parts[0] &&
    instant.getUTCMonth() === parts[1] - 1 &&
    instant.getUTCDate() === parts[2] &&
    instant.getUTCHours() === parts[3] &&
    instant.getUTCMinutes() === parts[4] &&
    instant.getUTCSeconds() === parts[5];
  return same && parts[0] >= 1970 ? instant : null;
}

/**
 * The Events page's filters from its query string: type, MAC and network read leniently (a bad
 * network id is no filter), the time window strictly, since a window silently dropped would list
 * events the reader did not ask for.
 */
export function eventFilterQuery(query: Record<string, unknown>): EventFilterQuery {
  const problems: string[] = [];
  const window: EventFilterQuery['window'] = {};
  for (const key of ['since', 'until'] as const) {
    const typed = trimmed(query[key]);
    if (typed === '') {
      continue;
    }
    const instant = utcInstant(typed);
    if (instant === null) {
      problems.push(`${key} must be a date and time such as 2026-12-07T09:30`);
    } else {
      window[key] = instant.toISOString();
    }
  }
  const filters: EventFilters = {
    type: trimmed(query.type) || undefined,
    mac_id: trimmed(query.mac_id) || undefined,
    network_id: readId(query.network_id),
    since: trimmed(query.since) || undefined,
    until: trimmed(query.until) || undefined,
    before: readId(query.before),
  };
  return {
    filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
    window,
    problems,
  };
}
