import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { DAY_MS } from '../common/time-window/time-window';
import { AvailabilityService } from '../events/availability.service';
import { EventView } from '../event-log/event.view';
import { EventsService } from '../events/events.service';
import { availabilityBar, downTime } from './availability-bar';
import { historyChart, historySummary } from './history-chart';
import { FleetHistoryService } from '../fleet-history/fleet-history.service';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { FieldLabel, labelledFormErrors, refusalOf } from '../web/form';
import { Shown, show } from '../web/page-outcome';
import { options } from '../web/select-options';
import {
  AvailabilityRow,
  EVENT_LIST,
  EventListModel,
  EventRow,
  HistoryPanel,
} from './console-views';
import { eventFilterQuery } from './event-filters';

const PAGE = 50;

/** The Events page's filters by the name its messages begin with, in the page's words. */
const FILTER_FIELDS: Readonly<Record<string, FieldLabel>> = {
  type: { input: 'type', label: 'Types' },
  mac_id: { input: 'mac_id', label: 'Device MAC' },
  since: { input: 'since', label: 'Since' },
  until: { input: 'until', label: 'Until' },
};

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
    private readonly access: NetworkAccessPolicy,
  ) {}

  /**
   * The fleet history of the last 24 hours as the overview (the organisation's: admins) and
   * network pages show it: two charts and their words; null when there is no sample yet.
   */
  async history(user: AuthUser, networkId?: number): Promise<HistoryPanel | null> {
    const { samples, interval_seconds } =
      networkId === undefined
        ? await this.fleetHistory.visibleFleet(user)
        : await this.fleetHistory.history(user, { network_id: networkId });
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
   * "Older" link continues below the last one), filtered by type, device MAC, network (chosen by
   * name among those the user may read) and a time window in UTC (since: at or after; until:
   * before). A filter that cannot be read or that the events service refuses is shown beside its
   * input (422), listing no event rather than events the reader did not ask for.
   */
  async page(user: AuthUser, query: Record<string, unknown>): Promise<Shown<EventListModel>> {
    const { filters, window, problems } = eventFilterQuery(query);
    const networks = await this.access.networkChoices(user);
    let messages = problems;
    let events: EventView[] = [];
    if (messages.length === 0) {
      try {
        events = await this.events.list(user, {
          type: filters.type,
          mac_id: filters.mac_id,
          network_id: filters.network_id,
          before: filters.before,
          ...window,
          limit: PAGE,
        });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal === null) {
          throw error;
        }
        messages = refusal;
      }
    }
    const older =
      events.length === PAGE
        ? `?${new URLSearchParams({ ...stringify(filters), before: String(events.at(-1)!.id) })}`
        : null;
    const errors = labelledFormErrors(messages, FILTER_FIELDS);
    return show(
      EVENT_LIST,
      {
        title: 'Events',
        section: 'events',
        events: events.map(eventRow),
        filters,
        networkOptions: options(
          networks.map((network) => ({ value: String(network.id), label: network.network_name })),
          filters.network_id === undefined ? undefined : String(filters.network_id),
        ),
        errors,
        older,
      },
      messages.length > 0 ? 422 : 200,
    );
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

function stringify(values: object): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)]));
}
