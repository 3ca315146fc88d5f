import { PageModel, view } from '../web/page-outcome';
import { Pager } from '../web/pager';
import { Option } from '../web/select-options';

/** A client as a row of the Clients page or of a device's connected clients shows it. */
export interface ClientRowModel {
  mac: string;
  href: string;
  hostname: string | null;
  ip: string | null;
  connected: boolean;
  device: { id: number; mac_id: string; name: string | null };
  network: { id: number; network_name: string } | null;
  ssid: string;
  band: string;
  rssi: number | null;
  /** A word for the signal (Good, Fair, Weak) beside its dBm, so that it is not told by colour. */
  signal: string;
  lastSeen: string;
  lastSeenAt: string;
  connectedSince: string;
}

/** views/clients.hbs: the clients the user may see, filtered, sorted and paged. */
export interface ClientListModel extends PageModel {
  clients: ClientRowModel[];
  count: number;
  search: string;
  networks: Option[];
  bands: Option[];
  connections: Option[];
  sorts: Option[];
  filtered: boolean;
  csvHref: string;
  pager: Pager | null;
}

/** A session as a row of a client's timeline. */
export interface SessionRowModel {
  device: { id: number; mac_id: string; name: string | null };
  network: string | null;
  ssid: string;
  band: string;
  startedAt: string;
  started: string;
  endedAt: string | null;
  ended: string;
  duration: string;
  roamedFrom: { id: number; mac_id: string; name: string | null } | null;
  rssi: number | null;
  rssiMin: number | null;
  /** The lowest signal as a bar's width, 0 to 100 (−100 dBm to −30 dBm). */
  barWidth: number;
  signal: string;
}

/** views/client.hbs: where a client is now, its sessions across devices, and Erase. */
export interface ClientPageModel extends PageModel {
  client: ClientRowModel & { sessionsToday: number; channel: number | null };
  sessions: SessionRowModel[];
  canErase: boolean;
  eraseAction: string;
}

export const CLIENT_LIST = view<ClientListModel>('console/views/clients');
export const CLIENT_PAGE = view<ClientPageModel>('console/views/client');
