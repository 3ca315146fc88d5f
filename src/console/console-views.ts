import { NetworkChangesPanel } from '../config-drafts/pages/draft-page-views';
import { NetworkHealthLine } from './network-health';
import { ClientRowModel } from './client-views';
import { DeviceStatusView } from '../access-points/fleet-status.service';
import { DeviceView } from '../access-points/device.view';
import { DeviceCommandsPanel } from '../commands/pages/command-pages.service';
import { ConfigSync } from '../device-config/config-sync';
import { EventView } from '../event-log/event.view';
import { FleetCounts } from '../read-side/device-status-counts.repository';
import { ShownPendingUpgrade } from '../firmware/upgrade.entity';
import { UpgradeRecord } from '../upgrades/upgrade.view';
import { OwnTokenDto } from '../users/dto/tokens.dto';
import { FormErrors } from '../web/form';
import { PageModel, view } from '../web/page-outcome';
import { Option } from '../web/select-options';
import { LinkedCount, LiveStatus } from './console-format';
import { DeviceListQuery } from './console-query';
import { EventFilters } from './event-filters';

/** A record the pages name and link to. */
export interface Named {
  id: number;
  name: string;
}

/** The fleet history of the last 24 hours: two charts (SVG) and their words. */
export interface HistoryPanel {
  summary: string;
  /** Seconds between samples. */
  interval: number;
  upChart: string;
  clientsChart: string;
}

/** A device's live status as a row shows it. */
export interface DeviceStatusRow extends DeviceStatusView {
  statusText: string;
  statusClass: string;
  lastSeen: string;
  /** ISO 8601, for `datetime` and the hover; null for a device never heard from. */
  lastSeenExact: string | null;
}

/** An event as a row shows it (the `event-rows` partial). */
export interface EventRow extends EventView {
  actorText: string;
  details: string;
}

/** views/overview.hbs: the fleet at a glance. */
export interface OverviewModel extends PageModel {
  networks: number;
  devices: { total: number; up: number; down: number; never_seen: number };
  fleet: LinkedCount[];
  upgrades: LinkedCount[];
  rollouts: number;
  sync: { out: LinkedCount; in: LinkedCount };
  openAlerts: number;
  firmware: LinkedCount[];
  chart: string | null;
  history: HistoryPanel | null;
  /** The networks that need a look first, one line each; `more`: how many there are in all. */
  networkLines: { lines: NetworkHealthLine[]; more: number | null };
}

/** A device of the device list. */
export interface DeviceListRow extends DeviceStatusRow {
  /** Its label, else its last reported host name, else its record name. */
  shownName: string | null;
  /** Its own label (null: none), what the inline editor starts from. */
  label: string | null;
  /** The public address it last checked in from (null: never heard from). */
  publicIp: string | null;
  network: { id: number; name: string | undefined } | null;
  pending: ShownPendingUpgrade | null;
  /** Its tags' names, each linking to the list filtered by it. */
  tags: { name: string; href: string }[];
}

/** views/devices.hbs: a page of the devices the user may see, filtered and sorted. */
export interface DeviceListModel extends PageModel {
  query: DeviceListQuery;
  filtered: boolean;
  devices: DeviceListRow[];
  /** The networks to claim devices into or move them to. */
  networks: Named[];
  networkOptions: Option[];
  sizes: { size: number; selected: boolean }[];
  statuses: Option[];
  sortOptions: Option[];
  syncOptions: Option[];
  firmwareOptions: Option[];
  /** The tags of the devices the user may see, to filter by. */
  tagOptions: Option[];
  uplinkTemplates: Named[];
  exportHref: string;
  /** The list with every match selected (`select=all`), and without (the selection cleared). */
  selectAllHref: string;
  clearSelectionHref: string;
  /** The list's filters as the bulk form carries them when every match is selected. */
  filterString: string;
  /** The list as it is, where its forms return. */
  listHref: string;
  isAdmin: boolean;
  count: number;
  from: number;
  to: number;
  previous: string | null;
  next: string | null;
  pageText: string | null;
}

/** An availability window of the device page. */
export interface AvailabilityRow {
  label: string;
  uptime: string;
  down: string;
  /** SVG. */
  bar: string;
}

/** views/device.hbs: a device, its live status, what may be done with it and its history. */
export interface DeviceModel extends PageModel {
  device: DeviceView;
  /** The host name its last heartbeat reported (null: none). */
  hostName: string | null;
  network: Named | null;
  status: Omit<DeviceStatusView, keyof LiveStatus> &
    LiveStatus & { lastSeen: string; lastSeenExact: string | null };
  config: ConfigSync;
  tags: string[];
  upgrades: UpgradeRecord[];
  commands: DeviceCommandsPanel;
  /** Its connected Wi-Fi clients, weakest signal first. */
  clients: ClientRowModel[];
  availability: AvailabilityRow[];
  events: EventRow[];
  canWrite: boolean;
  uplinkTemplates: Named[];
  networkChoices: Named[];
}

/** A network of the networks list. */
export interface NetworkRow extends Named {
  timezone: string;
  devices: number;
  up: number;
  down: number;
  ssids: number;
}

/** views/networks.hbs: the networks the user may read, searched by name. */
export interface NetworkListModel extends PageModel {
  search: string;
  canWrite: boolean;
  networks: NetworkRow[];
}

/** An SSID of the network page; its key only for those who may change the network. */
export interface SsidRow extends Named {
  enabled: string;
  hidden: string;
  security: unknown;
  keyShown: boolean;
  wpaKey: unknown;
}

/** views/network.hbs: a network, its devices' status, history, SSIDs and devices. */
export interface NetworkModel extends PageModel {
  network: Named & { timezone: string };
  template: Named | null;
  history: HistoryPanel | null;
  counts: FleetCounts;
  total: number;
  sync: { in: number; out: number; outHref: string };
  /** More devices than the page lists. */
  more: boolean;
  devices: DeviceStatusRow[];
  ssids: SsidRow[];
  canWrite: boolean;
  isAdmin: boolean;
  /** The running configuration rollout and the draft. */
  changes: NetworkChangesPanel;
}

/** views/events.hbs: the events the user may see, newest first, filtered. */
export interface EventListModel extends PageModel {
  events: EventRow[];
  filters: EventFilters;
  /** The networks the user may read, by name, the filtered one selected. */
  networkOptions: Option[];
  /** Filters that could not be read or were refused: no event is listed then. */
  errors: FormErrors;
  /** The query string of the next (older) page, if any. */
  older: string | null;
}

/** views/tokens.hbs: the user's own API tokens, a new one shown once. */
export interface TokensModel extends PageModel {
  tokens: (OwnTokenDto & { expired: boolean })[];
  values: { name: string; expires_in_days: string };
  issued: { token: string; name: string | null } | null;
  error: string | null;
}

/** A user of the users page, with their network grants. */
export interface UserRow {
  id: number;
  email: string;
  role: string;
  isAdmin: boolean;
  isYou: boolean;
  grants: { networkId: number; network: string; level: string }[];
}

/** views/users.hbs: the organisation's users and their network access, for admins. */
export interface UsersModel extends PageModel {
  users: UserRow[];
  networks: Named[];
  levels: { value: string; label: string }[];
}

export const OVERVIEW_PAGE = view<OverviewModel>('console/views/overview');
/**
 * views/device-bulk-confirm.hbs: an action on every device the list's filters match, asked
 * first, naming their number; `fields` post the form again with `confirmed=yes`.
 */
export interface BulkConfirmModel extends PageModel {
  question: string;
  count: number;
  yes: string;
  danger: boolean;
  fields: { name: string; value: string }[];
  back: string;
}

export const DEVICE_LIST = view<DeviceListModel>('console/views/devices');
export const BULK_CONFIRM = view<BulkConfirmModel>('console/views/device-bulk-confirm');
export const DEVICE_PAGE = view<DeviceModel>('console/views/device');
export const NETWORK_LIST = view<NetworkListModel>('console/views/networks');
export const NETWORK_PAGE = view<NetworkModel>('console/views/network');
export const EVENT_LIST = view<EventListModel>('console/views/events');
export const TOKENS_PAGE = view<TokensModel>('console/views/tokens');
export const USERS_PAGE = view<UsersModel>('console/views/users');
