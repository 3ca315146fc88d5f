import { readId } from '../common/ids/id';
import { pageNumber } from '../web/pager';
import { ConsoleFilter } from '../access-points/fleet-status.service';
import { deviceSearch } from '../devices/device-search';
import { firmwareValue } from './console-format';
import { DEVICE_ORDERS, DeviceOrder } from '../read-side/device-order';

/** What the device list's query string asks for, read leniently: a bad value is no filter. */
export interface DeviceListQuery {
  page: number;
  network?: number;
  status?: 'UP' | 'DOWN' | 'NEVER';
  firmware?: string;
  q?: string;
  /** Only the devices carrying the organisation's tag of this name. */
  tag?: string;
  /** Heard from and running (`in`) or not running (`out`) the current configuration revision. */
  sync?: 'in' | 'out';
  /** The order (by id, as claimed, unless given). */
  sort?: Exclude<DeviceOrder, 'id'>;
  /** Devices a page: 25 (the default), 50 or 100. */
  size?: number;
  /** Every device the filters match is selected for a bulk action (`select=all`), not ticked ones. */
  selectAll?: boolean;
}

/** The filters of a device list: what decides which devices match, not how they are shown. */
export const DEVICE_FILTER_KEYS = ['network', 'status', 'firmware', 'q', 'tag', 'sync'] as const;

/** The page sizes the device list offers. */
export const DEVICE_PAGE_SIZES = [25, 50, 100] as const;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  // eslint-disable-next-line no-control-regex
  return trimmed === '' || trimmed.length > max || /[\x00-\x1f]/.test(trimmed)
    ? undefined
    : trimmed;
};

/**
 * The device list's filters from the query string. A page, a filter or a search that
 * cannot be read is left out, as a form would (the page shows what it applied); a network id
 * that names no record stays, so that the page answers 404 for it like the API.
 */
export function deviceListQuery(query: Record<string, unknown>): DeviceListQuery {
  const network = readId(query.network);
  const status = query.status;
  return {
    page: pageNumber(query.page),
    network: network === undefined ? undefined : network,
    status: status === 'UP' || status === 'DOWN' || status === 'NEVER' ? status : undefined,
    firmware: text(query.firmware, 64),
    q: text(query.q, 100),
    tag: text(query.tag, 255),
    sync: query.sync === 'in' || query.sync === 'out' ? query.sync : undefined,
    sort: DEVICE_ORDERS.find((order) => order !== 'id' && order === query.sort) as
      DeviceListQuery['sort'] | undefined,
    size: DEVICE_PAGE_SIZES.find((size) => String(size) === query.size),
    selectAll: query.select === 'all' || undefined,
  };
}

/** A link to the device list with these filters (empty ones left out). */
export function deviceListHref(query: Partial<DeviceListQuery>): string {
  const params = new URLSearchParams();
  for (const key of [...DEVICE_FILTER_KEYS, 'sort', 'size', 'page'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) {
      params.set(key, String(value));
    }
  }
  if (query.selectAll) {
    params.set('select', 'all');
  }
  const search = params.toString();
  return search ? `/devices?${search}` : '/devices';
}

/**
 * The query string of the list's filters alone (`network=3&tag=lobby`, empty for every device):
 * what a bulk action on every match carries, read back by deviceListQuery.
 */
export function deviceFilterString(query: Partial<DeviceListQuery>): string {
  const params = new URLSearchParams();
  for (const key of DEVICE_FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') {
      params.set(key, String(value));
    }
  }
  return params.toString();
}

/**
 * The fleet status request of the device list's filters, for one page of `perPage` (the list
 * page and its CSV export ask the same): DOWN means heard from before, NEVER never heard from.
 */
export function deviceStatusesRequest(query: DeviceListQuery, page: number, perPage: number) {
  const filter: ConsoleFilter = {
    neverSeen: query.status === 'NEVER' || undefined,
    seen: query.status === 'DOWN' || undefined,
    firmware: query.firmware === undefined ? undefined : firmwareValue(query.firmware),
    search: query.q === undefined ? undefined : deviceSearch(query.q),
    searchTags: true,
    tag: query.tag,
    sync: query.sync,
    order: query.sort,
  };
  return {
    query: {
      network_id: query.network,
      device_status: query.status === 'NEVER' ? undefined : query.status,
      page,
      per_page: perPage,
    },
    filter,
  };
}
