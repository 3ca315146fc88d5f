import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { MAX_PER_PAGE } from '../common/pagination/pagination';
import { ClientsService } from '../clients/clients.service';
import { ClientView, SessionView } from '../clients/client.view';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { orRefusedTo } from '../web/form';
import { redirectTo, Redirect, show, Shown } from '../web/page-outcome';
import { pager } from '../web/pager';
import { options } from '../web/select-options';
import { timeAgo } from '../web/time-ago';
import { csvOf } from './csv';
import {
  clientListHref,
  ClientListQuery,
  sessionLength,
  signalBarWidth,
  signalWord,
} from './client-format';
import {
  CLIENT_LIST,
  CLIENT_PAGE,
  ClientListModel,
  ClientPageModel,
  ClientRowModel,
  SessionRowModel,
} from './client-views';

const CLIENTS_PER_PAGE = 50;
/** The most clients one CSV export holds. */
const MAX_CSV_ROWS = 100_000;

const BANDS = [
  { value: '2.4', label: '2.4 GHz' },
  { value: '5', label: '5 GHz' },
  { value: '6', label: '6 GHz' },
];
const CONNECTIONS = [
  { value: 'true', label: 'Connected' },
  { value: 'false', label: 'Not connected' },
];
const SORTS = [
  { value: 'last_seen', label: 'Last seen' },
  { value: 'rssi', label: 'Weakest signal' },
  { value: 'hostname', label: 'Host name' },
];

/** A client as a row shows it. */
export function clientRow(client: ClientView, now: Date): ClientRowModel {
  return {
    mac: client.mac,
    href: `/clients/${client.mac.replace(/:/g, '-')}`,
    hostname: client.hostname,
    ip: client.ip,
    connected: client.connected,
    device: client.device,
    network: client.network,
    ssid: client.ssid,
    band: client.band,
    rssi: client.rssi,
    signal: signalWord(client.rssi),
    lastSeen: timeAgo(Math.floor(Date.parse(client.last_seen_at) / 1000), now),
    lastSeenAt: client.last_seen_at,
    connectedSince: client.connected_since,
  };
}

function sessionRow(session: SessionView, now: Date): SessionRowModel {
  const started = new Date(session.started_at);
  const ended = session.ended_at === null ? null : new Date(session.ended_at);
  return {
    device: session.device,
    network: session.network?.network_name ?? null,
    ssid: session.ssid,
    band: session.band,
    startedAt: session.started_at,
    started: timeAgo(Math.floor(started.getTime() / 1000), now),
    endedAt: session.ended_at,
    ended: ended === null ? 'Connected' : timeAgo(Math.floor(ended.getTime() / 1000), now),
    duration: sessionLength(started, ended ?? now),
    roamedFrom: session.roamed_from,
    rssi: session.rssi,
    rssiMin: session.rssi_min,
    barWidth: signalBarWidth(session.rssi_min),
    signal: signalWord(session.rssi_min),
  };
}

/**
 * The console's client pages: the Clients page (filters, sorts, CSV), a client's page (its
 * sessions across devices, Erase for admins) and a device's connected clients, all through
 * ClientsService, the same reads and rules as the JSON API.
 */
@Injectable()
export class ClientPagesService {
  constructor(
    private readonly clients: ClientsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async list(user: AuthUser, query: ClientListQuery): Promise<Shown<ClientListModel>> {
    const readable = await this.access.readableNetworkIds(user);
    const networks = await this.access.networkChoices(user, readable);
    const known = query.network_id !== undefined && networks.some((n) => n.id === query.network_id);
    const effective = { ...query, network_id: known ? query.network_id : undefined };
    const { clients, meta } = await this.clients.list(user, {
      ...this.filters(effective),
      page: effective.page,
      per_page: CLIENTS_PER_PAGE,
    });
    const now = new Date();
    return show(CLIENT_LIST, {
      title: 'Clients',
      section: 'clients',
      clients: clients.map((client) => clientRow(client, now)),
      count: meta.count,
      search: effective.search ?? '',
      networks: options(
        networks.map((n) => ({ value: String(n.id), label: n.network_name })),
        effective.network_id === undefined ? '' : String(effective.network_id),
      ),
      bands: options(BANDS, effective.band ?? ''),
      connections: options(CONNECTIONS, effective.connected ?? ''),
      sorts: options(SORTS, effective.sort ?? 'last_seen'),
      filtered:
        effective.search !== undefined ||
        effective.network_id !== undefined ||
        effective.band !== undefined ||
        effective.connected !== undefined,
      csvHref: clientListHref({ ...effective, page: 1 }, '/clients.csv'),
      pager: pager(meta, (n) => clientListHref({ ...effective, page: n })),
    });
  }

  /** Every client the Clients page's filters match (not one page), as CSV. */
  async csv(user: AuthUser, query: ClientListQuery): Promise<string> {
    const rows: (string | number | boolean | null)[][] = [];
    for (let page = 1; rows.length < MAX_CSV_ROWS; page++) {
      const { clients, meta } = await this.clients.list(user, {
        ...this.filters(query),
        page,
        per_page: MAX_PER_PAGE,
      });
      for (const c of clients) {
        rows.push([
          c.mac,
          c.hostname,
          c.ip,
          c.connected ? 'true' : 'false',
          c.device.mac_id,
          c.device.name,
          c.network?.network_name ?? null,
          c.ssid,
          c.band,
          c.channel,
          c.rssi,
          c.connected_since,
          c.last_seen_at,
          c.tx_bytes,
          c.rx_bytes,
          c.sessions_today,
        ]);
      }
      if (meta.next === null) {
        break;
      }
    }
    return csvOf(
      [
        'mac',
        'hostname',
        'ip',
        'connected',
        'device_mac_id',
        'device_name',
        'network',
        'ssid',
        'band',
        'channel',
        'rssi',
        'connected_since',
        'last_seen_at',
        'tx_bytes',
        'rx_bytes',
        'sessions_today',
      ],
      rows,
    );
  }

  async client(user: AuthUser, mac: string): Promise<Shown<ClientPageModel>> {
    const { client, sessions } = await this.clients.show(user, mac);
    const now = new Date();
    return show(CLIENT_PAGE, {
      title: client.hostname ?? client.mac,
      section: 'clients',
      client: {
        ...clientRow(client, now),
        sessionsToday: client.sessions_today,
        channel: client.channel,
      },
      sessions: sessions.map((session) => sessionRow(session, now)),
      canErase: user.role === 'admin',
      eraseAction: `/clients/${client.mac.replace(/:/g, '-')}/erase`,
    });
  }

  /** Erase: back to the Clients page saying how many sessions went. */
  erase(user: AuthUser, mac: string): Promise<Redirect> {
    return orRefusedTo('/clients', async () => {
      const { sessions_deleted } = await this.clients.erase(user, mac, 'console');
      return redirectTo(
        '/clients',
        `Client erased: ${sessions_deleted} session${sessions_deleted === 1 ? '' : 's'} deleted.`,
      );
    });
  }

  /** A device's connected clients, weakest signal first (the device page's panel). */
  async connectedTo(user: AuthUser, deviceMac: string): Promise<ClientRowModel[]> {
    const { clients } = await this.clients.list(user, {
      mac_id: deviceMac,
      connected: 'true',
      sort: 'rssi',
      per_page: 100,
    });
    const now = new Date();
    return clients.map((client) => clientRow(client, now));
  }

  private filters(query: ClientListQuery) {
    return {
      search: query.search,
      network_id: query.network_id,
      band: query.band,
      connected: query.connected,
      sort: query.sort,
    };
  }
}
