import { createHash } from 'node:crypto';

/** One associated client as a check-in reports it, its MAC in stored form. */
export interface ReportedStation {
  mac: string;
  ssid: string;
  band: string;
  channel?: number;
  rssi?: number;
  tx_rate_kbps?: number;
  rx_rate_kbps?: number;
  tx_bytes?: number;
  rx_bytes?: number;
  ip?: string;
  hostname?: string;
}

/**
 * What changes at every check-in of an open session: kept in the device's heartbeat record (one
 * JSON object by client MAC), not in the session's row.
 */
export interface LiveStation {
  channel: number | null;
  rssi: number | null;
  rssi_min: number | null;
  tx_rate_kbps: number | null;
  rx_rate_kbps: number | null;
  tx_bytes: number | null;
  rx_bytes: number | null;
}

/** The live values of a device's stations, by client MAC. */
export type LiveStations = Record<string, LiveStation>;

/** The kept fields of a device's open session of a client. */
export interface OpenSessionFacts {
  mac: string;
  ssid: string;
  band: string;
  ip: string | null;
  hostname: string | null;
}

/** What a check-in's stations change in the sessions of its device. */
export interface StationPlan {
  /** Clients of open sessions on the device that the check-in does not list: their sessions end. */
  ended: string[];
  /** Listed clients without an open session on the device: a session starts (maybe a roam). */
  started: ReportedStation[];
  /** Listed clients whose session goes on with another SSID, band, address or host name. */
  described: ReportedStation[];
  /** The live values to keep in the heartbeat record. */
  live: LiveStations;
}

/**
 * Names the set of stations and the fields their session rows keep (MAC, SSID, band, address,
 * host name): a check-in whose digest equals the one stored for its device changes no session
 * row, and is written by group commit like a check-in without stations.
 */
export function stationsDigest(stations: readonly ReportedStation[]): string {
  const lines = new Array<string>(stations.length);
  stations.forEach((s, i) => {
    lines[i] = `${s.mac}\u0001${s.ssid}\u0001${s.band}\u0001${s.ip ?? ''}\u0001${s.hostname ?? ''}`;
  });
  return createHash('sha256').update(lines.sort().join('\u0002')).digest('hex');
}

const lower = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

/**
 * The live values after a check-in: a station that goes on (`continuing`) keeps each value the
 * entry omits and the lowest signal of its session; a new one starts from its entry.
 */
export function liveStations(
  previous: LiveStations,
  listed: readonly ReportedStation[],
  continuing: (mac: string) => boolean,
): LiveStations {
  const live: LiveStations = {};
  for (const s of listed) {
    const before = continuing(s.mac) ? previous[s.mac] : undefined;
    const rssi = s.rssi ?? before?.rssi ?? null;
    live[s.mac] = {
      channel: s.channel ?? before?.channel ?? null,
      rssi,
      rssi_min: before ? lower(before.rssi_min, s.rssi ?? null) : rssi,
      tx_rate_kbps: s.tx_rate_kbps ?? before?.tx_rate_kbps ?? null,
      rx_rate_kbps: s.rx_rate_kbps ?? before?.rx_rate_kbps ?? null,
      tx_bytes: s.tx_bytes ?? before?.tx_bytes ?? null,
      rx_bytes: s.rx_bytes ?? before?.rx_bytes ?? null,
    };
  }
  return live;
}

/** A live value as JSON: the entry's, else the one before, else null. */
const jsonValue = (given: number | undefined, before: number | null | undefined) =>
  String(given ?? before ?? null);

/**
 * The live values after a check-in that lists the same clients as the one before (every station
 * goes on), as the heartbeat record keeps them: the JSON text of liveStations(previous, listed,
 * every MAC of `previous`), written without an object per station, since every such check-in
 * writes it.
 */
export function continuedLiveJson(
  previous: LiveStations,
  listed: readonly ReportedStation[],
): string {
  const entries = new Array<string>(listed.length);
  listed.forEach((s, i) => {
    const before = Object.prototype.hasOwnProperty.call(previous, s.mac)
      ? previous[s.mac]
      : undefined;
    const rssi = s.rssi ?? before?.rssi ?? null;
    const rssiMin = before ? lower(before.rssi_min, s.rssi ?? null) : rssi;
    entries[i] =
      `${JSON.stringify(s.mac)}:{"channel":${jsonValue(s.channel, before?.channel)},` +
      `"rssi":${String(rssi)},"rssi_min":${String(rssiMin)},` +
      `"tx_rate_kbps":${jsonValue(s.tx_rate_kbps, before?.tx_rate_kbps)},` +
      `"rx_rate_kbps":${jsonValue(s.rx_rate_kbps, before?.rx_rate_kbps)},` +
      `"tx_bytes":${jsonValue(s.tx_bytes, before?.tx_bytes)},` +
      `"rx_bytes":${jsonValue(s.rx_bytes, before?.rx_bytes)}}`;
  });
  return `{${entries.join(',')}}`;
}

/** Whether an entry changes the kept fields of its open session (an omitted field keeps its). */
function describesAnew(open: OpenSessionFacts, s: ReportedStation): boolean {
  return (
    open.ssid !== s.ssid ||
    open.band !== s.band ||
    (s.ip !== undefined && s.ip !== open.ip) ||
    (s.hostname !== undefined && s.hostname !== open.hostname)
  );
}

/**
 * Decides what a check-in's complete list of stations changes, given the device's open sessions
 * and the live values stored before it: the sessions of unlisted clients end, listed clients
 * without one start one, and the others go on (their row written only when a kept field changed).
 */
export function planStations(
  open: readonly OpenSessionFacts[],
  previous: LiveStations,
  listed: readonly ReportedStation[],
): StationPlan {
  const openByMac = new Map(open.map((o) => [o.mac, o]));
  const listedMacs = new Set(listed.map((s) => s.mac));
  const started: ReportedStation[] = [];
  const described: ReportedStation[] = [];
  for (const s of listed) {
    const session = openByMac.get(s.mac);
    if (!session) {
      started.push(s);
    } else if (describesAnew(session, s)) {
      described.push(s);
    }
  }
  return {
    ended: open.filter((o) => !listedMacs.has(o.mac)).map((o) => o.mac),
    started: started.sort((a, b) => (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : 0)),
    described,
    live: liveStations(previous, listed, (mac) => openByMac.has(mac)),
  };
}

/** The live values stored in a heartbeat record (null: none yet). */
export function parsedLiveStations(text: string | null | undefined): LiveStations {
  return text ? (JSON.parse(text) as LiveStations) : {};
}
