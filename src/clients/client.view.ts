import { ClientRow, SessionRow } from '../read-side/client-reads.repository';

/** A session as the client routes answer it. */
export function sessionView(row: SessionRow) {
  return {
    id: row.id,
    client_mac: row.client_mac,
    device: row.device,
    network: row.network,
    ssid: row.ssid,
    band: row.band,
    channel: row.channel,
    rssi: row.rssi,
    rssi_min: row.rssi_min,
    tx_rate_kbps: row.tx_rate_kbps,
    rx_rate_kbps: row.rx_rate_kbps,
    tx_bytes: row.tx_bytes,
    rx_bytes: row.rx_bytes,
    ip: row.ip,
    hostname: row.hostname,
    started_at: row.started_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    roamed_from: row.roamed_from,
  };
}

export type SessionView = ReturnType<typeof sessionView>;

/**
 * A client as its newest session describes it: connected while that session is open, connected
 * since the start of the run of sessions joined by roams that it ends.
 */
export function clientView(row: ClientRow) {
  return {
    mac: row.client_mac,
    hostname: row.hostname,
    ip: row.ip,
    connected: row.ended_at === null,
    device: row.device,
    network: row.network,
    ssid: row.ssid,
    band: row.band,
    channel: row.channel,
    rssi: row.rssi,
    connected_since: row.run_started_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    tx_bytes: row.tx_bytes,
    rx_bytes: row.rx_bytes,
    sessions_today: row.sessions_today,
  };
}

export type ClientView = ReturnType<typeof clientView>;
