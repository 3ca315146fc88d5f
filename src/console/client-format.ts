/** A word for a signal, shown beside its dBm (never told by colour alone). */
export function signalWord(rssi: number | null): string {
  if (rssi === null) {
    return 'Unknown';
  }
  if (rssi >= -60) {
    return 'Good';
  }
  return rssi >= -75 ? 'Fair' : 'Weak';
}

/** The width of a signal bar: −100 dBm is 0, −30 dBm and above is 100. */
export function signalBarWidth(rssi: number | null): number {
  if (rssi === null) {
    return 0;
  }
  return Math.max(0, Math.min(100, Math.round(((rssi + 100) / 70) * 100)));
}

/** A session's length as a person says it: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function sessionLength(from: Date, to: Date): string {
  const seconds = Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
  if (seconds < 60) {
    return `${seconds} s`;
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return `${minutes} min`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    return `${hours} h ${minutes % 60} min`;
  }
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The Clients page's query string, read leniently: a bad value is no filter. */
export interface ClientListQuery {
  search?: string;
  network_id?: number;
  band?: string;
  connected?: 'true' | 'false';
  sort?: 'last_seen' | 'rssi' | 'hostname';
  page: number;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : undefined;

export function clientListQuery(query: Record<string, unknown>): ClientListQuery {
  const network = Number(query.network_id);
  const page = Number(query.page);
  return {
    search: text(query.search),
    network_id:
      Number.isSafeInteger(network) && network > 0 && network <= 2147483647 ? network : undefined,
    band: ['2.4', '5', '6'].includes(String(query.band)) ? String(query.band) : undefined,
    connected:
      query.connected === 'true' || query.connected === 'false' ? query.connected : undefined,
    sort:
      query.sort === 'rssi' || query.sort === 'hostname' || query.sort === 'last_seen'
        ? query.sort
        : undefined,
    page: Number.isSafeInteger(page) && page > 0 && page <= 2147483647 ? page : 1,
  };
}

/** A link to the Clients page (or its CSV, `path`) with this query. */
export function clientListHref(query: ClientListQuery, path = '/clients'): string {
  const params = new URLSearchParams();
  for (const key of ['search', 'network_id', 'band', 'connected', 'sort'] as const) {
    if (query[key] !== undefined) {
      params.set(key, String(query[key]));
    }
  }
  if (query.page !== 1) {
    params.set('page', String(query.page));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
