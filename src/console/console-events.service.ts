import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { readId } from '../common/ids/id';
import { DAY_MS } from '../common/time-window/time-window';
import { AvailabilityService } from '../events/availability.service';
import { EventView } from '../event-log/event.view';
import { EventsService } from '../events/events.service';
import { availabilityBar, downTime } from './availability-bar';
import { historyChart, historySummary } from './history-chart';
import { FleetHistoryService } from '../fleet-history/fleet-history.service';
import { trimmed } from '../web/form';
import { Shown, show } from '../web/page-outcome';
import {
  AvailabilityRow,
  EVENT_LIST,
  EventFilters,
  EventListModel,
  EventRow,
  HistoryPanel,
} from './console-views';

const PAGE = 50;

/** An event as a console row shows it. */
function eventRow(event: EventView): EventRow {
  const actor = event.actor;
  return {
    ...event,
    actorText:
      actor.type === 'user'
        ? `${actor.email}${actor.via === 'console' ? ' (console)' : ''}`
        : actor.type,
    details: Object.entries(event.data)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(', '),
  };
}

/** What the console shows of events: the Events page, a device's activity, the fleet history. */
@Injectable()
export class ConsoleEventsService {
  constructor(
    private readonly events: EventsService,
    private readonly availability: AvailabilityService,
    private readonly fleetHistory: FleetHistoryService,
  ) {}

  /**
   * The fleet history of the last 24 hours as the overview (the organisation's: admins) and
   * network pages show it: two charts and their words; null when there is no sample yet.
   */
  async history(user: AuthUser, networkId?: number): Promise<HistoryPanel | null> {
    if (networkId === undefined && user.role !== 'admin') {
      return null;
    }
    const { samples, interval_seconds } = await this.fleetHistory.history(user, {
      network_id: networkId,
    });
    const summary = historySummary(samples);
    return summary === null
      ? null
      : {
          summary,
          interval: interval_seconds,
          upChart: historyChart(samples, 'up'),
          clientsChart: historyChart(samples, 'clients'),
        };
  }

  /**
   * The Events page: the organisation's events the user may see, newest first, 50 a page (an
   * "Older" link continues below the last one), filtered by type, device MAC and network.
   */
  async page(user: AuthUser, query: Record<string, unknown>): Promise<Shown<EventListModel>> {
    const filters = eventFilters(query);
    const events = await this.events.list(user, { ...filters, limit: PAGE });
    const older =
      events.length === PAGE
        ? `?${new URLSearchParams({ ...stringify(filters), before: String(events.at(-1)!.id) })}`
        : null;
    return show(EVENT_LIST, {
      title: 'Events',
      section: 'events',
      events: events.map(eventRow),
      filters,
      older,
    });
  }

  /** A device's recent events and its availability over the last 24 hours and 7 days. */
  async deviceActivity(
    user: AuthUser,
    mac: string,
  ): Promise<{ availability: AvailabilityRow[]; events: EventRow[] }> {
    const now = new Date();
    const window = async (label: string, ms: number): Promise<AvailabilityRow> => {
      const result = await this.availability.of(user, {
        mac_id: mac,
        since: new Date(now.getTime() - ms).toISOString(),
        until: now.toISOString(),
      });
      return {
        label,
        uptime: result.uptime_percent === null ? 'not known' : `${result.uptime_percent} %`,
        down: downTime(result.intervals),
        bar: availabilityBar(result.intervals),
      };
    };
    return {
      availability: [
        await window('Last 24 hours', DAY_MS),
        await window('Last 7 days', 7 * DAY_MS),
      ],
      events: (await this.events.list(user, { mac_id: mac, limit: 10 })).map(eventRow),
    };
  }
}

/** The Events page's filters from its query string: those given, each read leniently. */
function eventFilters(query: Record<string, unknown>): EventFilters {
  const filters: EventFilters = {
    type: trimmed(query.type) || undefined,
    mac_id: trimmed(query.mac_id) || undefined,
    network_id: readId(query.network_id),
    before: readId(query.before),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

function stringify(values: object): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}
