/**
 * The events of the run's organisation read back from the feed (`GET /v1/events?after=…`)
 * and checked against what the simulator did (caused.ts), by group.
 */
import type { ExpectedEvents, Range } from './caused';
import type { FleetContext } from './fleet-context';
import type { ApiClient } from './http';
import type { Fleet } from './setup';
import { errorMessage } from './tally';

/** The types checked, by group, in the order the summary shows them. */
export const EVENT_GROUPS = {
  'device.up': ['device.up'],
  'device.down': ['device.down'],
  config: [
    'device.config_applied',
    'device.config_failed',
    'config_rollout.created',
    'config_rollout.stage_opened',
    'config_rollout.halted',
    'config_rollout.reverted',
    'config_rollout.completed',
  ],
  upgrades: [
    'upgrade.created',
    'upgrade.updated',
    'upgrade.deleted',
    'upgrade.started',
    'upgrade.done',
    'upgrade.failed',
    'upgrade.cancelled',
    'rollout.created',
    'rollout.stage_opened',
    'rollout.halted',
    'rollout.completed',
  ],
} as const;

export type EventGroup = keyof typeof EVENT_GROUPS;

/** How many events of a type or group the feed holds, and how many the run implies (null: not known). */
export interface EventCount {
  events: number;
  expected: Range | null;
}

export interface EventGroupCheck extends EventCount {
  /** The group's types that the feed holds or the run implies. */
  types: Record<string, EventCount>;
}

export interface EventsCheck {
  /** Events of the checked types read from the feed. */
  read: number;
  groups: Record<EventGroup, EventGroupCheck>;
}

/** Events per page of the feed (the most the API gives). */
const PAGE = 1000;

/** An event of the feed, as far as the simulator reads it. */
export interface FeedEvent {
  id: number;
  type: string;
  data: Record<string, unknown> | null;
}

/**
 * Follows the organisation's feed as its admin from `after=0`, each page after the greatest id
 * seen, until a page is not full; counts the events by type, every type (a webhook that
 * subscribes to `*` is compared with all of them: `visit` sees each event, in feed order). An id
 * that is not above the cursor is an anomaly (the feed promises ascending ids, each once). Null
 * when a page could not be read.
 */
export async function readEventFeed(
  client: ApiClient,
  fleet: Fleet,
  ctx: FleetContext,
  visit: (event: FeedEvent) => void = () => undefined,
): Promise<Map<string, number> | null> {
  const counts = new Map<string, number>();
  let after = 0;
  try {
    for (;;) {
      const query = new URLSearchParams({ after: String(after), limit: String(PAGE) });
      const response = await client.request('operator', 'GET', `/v1/events?${query}`, {
        auth: fleet.adminAuth,
      });
      if (response.status !== 200) {
        ctx.error('GET /v1/events', response);
        return null;
      }
      const events = (response.body as { data: { events: FeedEvent[] } }).data.events;
      for (const event of events) {
        if (event.id <= after) {
          ctx.anomaly('the event feed returned an id not above the greatest one seen before');
        }
        after = Math.max(after, event.id);
        counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
        visit(event);
      }
      if (events.length < PAGE) {
        return counts;
      }
    }
  } catch (error) {
    ctx.error('GET /v1/events', errorMessage(error));
    return null;
  }
}

const groupOf = (type: string): EventGroup | null =>
  (Object.keys(EVENT_GROUPS) as EventGroup[]).find((group) =>
    (EVENT_GROUPS[group] as readonly string[]).includes(type),
  ) ?? (type.startsWith('upgrade.') || type.startsWith('rollout.') ? 'upgrades' : null);

/** The feed's counts beside the run's, by group and type (types of no group are not checked). */
export function checkEvents(read: Map<string, number>, expected: ExpectedEvents): EventsCheck {
  const known = (type: string) =>
    !expected.unknown.has(type) && !expected.unknown.has(`${type.split('.')[0]}.*`);
  const groups = {} as Record<EventGroup, EventGroupCheck>;
  for (const group of Object.keys(EVENT_GROUPS) as EventGroup[]) {
    const extra = [...read.keys()].filter(
      (type) =>
        groupOf(type) === group && !(EVENT_GROUPS[group] as readonly string[]).includes(type),
    );
    const types: Record<string, EventCount> = {};
    for (const type of [...EVENT_GROUPS[group], ...extra]) {
      const count = {
        events: read.get(type) ?? 0,
        expected: known(type) ? expected.of(type) : null,
      };
      if (count.events > 0 || count.expected === null || count.expected.max > 0) {
        types[type] = { events: count.events, expected: count.expected && { ...count.expected } };
      }
    }
    const counts = Object.values(types);
    groups[group] = {
      events: counts.reduce((sum, c) => sum + c.events, 0),
      expected: counts.some((c) => c.expected === null)
        ? null
        : {
            min: counts.reduce((sum, c) => sum + c.expected!.min, 0),
            max: counts.reduce((sum, c) => sum + c.expected!.max, 0),
          },
      types,
    };
  }
  const checked = [...read.entries()].filter(([type]) => groupOf(type) !== null);
  return { read: checked.reduce((sum, [, n]) => sum + n, 0), groups };
}

export const rangeText = (range: Range | null): string =>
  range === null
    ? 'not known'
    : range.min === range.max
      ? `${range.min}`
      : `${range.min} to ${range.max}`;

const outside = (count: EventCount) =>
  count.expected !== null &&
  (count.events < count.expected.min || count.events > count.expected.max);

/**
 * The events part of a run's problems: the feed not read, or a group whose types are not what
 * the run implies (`events: upgrades 148 read back, 150 expected (upgrade.done 38, expected 40)`).
 */
export function eventProblems(check: EventsCheck | null): string[] {
  if (check === null) {
    return ['the events could not be read back (GET /v1/events)'];
  }
  const problems: string[] = [];
  for (const [group, counts] of Object.entries(check.groups)) {
    const wrong = Object.entries(counts.types).filter(([, count]) => outside(count));
    if (wrong.length > 0 || outside(counts)) {
      const detail = wrong
        .filter(([type]) => type !== group)
        .map(([type, count]) => `${type} ${count.events}, expected ${rangeText(count.expected)}`);
      problems.push(
        `events: ${group} ${counts.events} read back, ${rangeText(counts.expected)} expected${detail.length > 0 ? ` (${detail.join('; ')})` : ''}`,
      );
    }
  }
  return problems;
}

/** `events read back 310: device.up 55 (expected 55), device.down 5 (expected 5), …` */
export function eventsLine(check: EventsCheck | null): string {
  if (check === null) {
    return 'events: could not be read back';
  }
  const groups = Object.entries(check.groups).map(
    ([group, counts]) => `${group} ${counts.events} (expected ${rangeText(counts.expected)})`,
  );
  return `events read back ${check.read}: ${groups.join(', ')}`;
}
