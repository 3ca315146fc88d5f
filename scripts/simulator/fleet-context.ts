import type { ExpectedEvents } from './caused';
import type { HandedCommand } from './device-commands';
import type { ApiClient } from './http';
import type { ConfigFailureMode } from './options';
import type { WifiSite } from './wifi-site';

/** What a device has done with the upgrade it was handed (its own view, not the server's). */
export type DeviceUpgradeState = 'downloading' | 'installing' | 'rebooting' | 'done' | 'failed';

/** The answer of `POST /device/v1/checkin`. */
export interface CheckinAnswer {
  checkin_interval: number;
  config: { revision: string; url: string } | null;
  upgrade: { id: number; version: string; url: string; save_prev_config: boolean } | null;
  /** Its open commands, oldest first (absent from a service without them). */
  commands?: HandedCommand[];
}

/** The answer of `GET /device/v1/config`, as far as the device reads it. */
export interface ConfigAnswer {
  revision: string;
  ssids: { ssid_name: string }[];
}

export interface UpgradeReport {
  id: number;
  state: 'downloading' | 'installing' | 'failed';
  progress?: number;
  error?: string;
}

/** What every device of a run shares: the client, the clock, the stop signal and the tallies. */
export interface FleetContext {
  client: ApiClient;
  signal: AbortSignal;
  partNumber: string;
  failRate: number;
  /**
   * The indices of the devices on which the new release fails (a rollout run); null: each
   * upgrade to the new release fails with probability `failRate`.
   */
  failing: ReadonlySet<number> | null;
  phaseMs: number;
  /** The service's HEARTBEAT_TIMEOUT_SECONDS, in ms. */
  heartbeatTimeoutMs: number;
  /** The indices of the devices cut off right after their first check-in, for `outageMs`. */
  outage: ReadonlySet<number>;
  outageMs: number;
  /** How long a reboot command keeps a device down. */
  rebootMs: number;
  /**
   * The devices that fail the configuration rollout's configuration (`failing`, by index), how,
   * and how they know it: its SSID name (null: no configuration fails).
   */
  configFailure: {
    failing: ReadonlySet<number>;
    mode: ConfigFailureMode;
    ssidName: string;
  } | null;
  /** The events the devices' check-ins make the service record, as they count them. */
  expected: ExpectedEvents;
  /** Milliseconds since the run started. */
  now(): number;
  /** The Wi-Fi clients the devices report at check-in (none when absent). */
  wifi?: WifiSite;
  /** The interval the controller announced last, in seconds (null before any answer). */
  interval: number | null;
  /** `detail`: the answer (ApiResponse) that was not expected, or what was thrown. */
  error(what: string, detail: unknown): void;
  anomaly(message: string): void;
}

/**
 * `fraction` of `count` device indices (rounded down), spread evenly: index i is in it when
 * floor((i + 1) × fraction) > floor(i × fraction), so every run of devices (a rollout's stage)
 * holds about that fraction.
 */
export function evenlySpread(count: number, fraction: number): Set<number> {
  const indices = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (Math.floor((i + 1) * fraction) > Math.floor(i * fraction)) {
      indices.add(i);
    }
  }
  return indices;
}

/** `n` of `count` device indices spread evenly (index 0, the probe, only when n is count). */
export function spreadOf(count: number, n: number): Set<number> {
  const indices = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (Math.floor(((i + 1) * n) / count) > Math.floor((i * n) / count)) {
      indices.add(i);
    }
  }
  return indices;
}
