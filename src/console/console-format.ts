import { DeviceStatusView } from '../access-points/fleet-status.service';
import { UpgradeStatus } from '../firmware/upgrade.entity';
import { exactTime, timeAgo } from '../web/time-ago';

// How the console's pages write what they show: pure, beside ConsolePagesService.

/** A number of the overview and the list it links to. */
export interface LinkedCount {
  label: string;
  count: number;
  href: string;
}

export const UPGRADE_LABELS: Record<UpgradeStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The list of devices a firmware version (null: none reported) leads to. */
export const firmwareLink = (version: string | null) =>
  `/devices?firmware=${version === null ? NO_FIRMWARE : encodeURIComponent(version)}`;

/** The firmware filter value of devices that never reported a version. */
export const NO_FIRMWARE = 'none';

export const firmwareValue = (value: string): string | null =>
  value === NO_FIRMWARE ? null : value;

export function statusText(status: 'UP' | 'DOWN', lastSeen: number | null): string {
  return status === 'UP' ? 'Up' : lastSeen === null ? 'Never seen' : 'Down';
}

const statusClass = (status: 'UP' | 'DOWN') => (status === 'UP' ? 'status-up' : 'status-down');

/** A device's live status as a row of a list shows it at `now`. */
export function deviceStatusRow<T extends DeviceStatusView>(device: T, now: Date) {
  return {
    ...device,
    statusText: statusText(device.device_status, device.last_seen_time),
    statusClass: statusClass(device.device_status),
    lastSeen: timeAgo(device.last_seen_time, now),
    lastSeenExact: exactTime(device.last_seen_time),
  };
}

/** A setting that may be unset (an SSID's `is_enabled: null`): Yes, No, or Not set. */
export function yesNo(value: unknown): string {
  return value === true ? 'Yes' : value === false ? 'No' : 'Not set';
}

/** An uptime as "3 d 4 h", "4 h 12 min" or "12 min". */
export function duration(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) {
    return `${days} d ${hours} h`;
  }
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** What the device page's Live status panel says: current values, or last-known ones marked so. */
export interface LiveStatus {
  statusText: string;
  statusClass: string;
  /** The clients and uptime as the panel words them; while DOWN, as they were when last seen. */
  clients: string;
  uptime: string;
  /** While DOWN: the values are the last report's, not current. */
  stale: boolean;
}

/**
 * The device page's live status at `now`: UP shows what the device reports; DOWN says for how
 * long nothing was heard ("Down for 8 min") and words the last report's clients and uptime as
 * "when last seen", so that a dead device never looks busy.
 */
export function liveStatus(
  status: {
    device_status: 'UP' | 'DOWN';
    last_seen_time: number | null;
    clients: number | null;
    uptime_seconds: number | null;
  },
  now: Date,
): LiveStatus {
  const seen = status.last_seen_time;
  const stale = status.device_status === 'DOWN' && seen !== null;
  const when = stale ? ' when last seen' : '';
  const silent = seen === null ? 0 : Math.max(0, Math.floor(now.getTime() / 1000) - seen);
  return {
    statusText:
      status.device_status === 'UP'
        ? 'Up'
        : seen === null
          ? 'Never seen'
          : `Down for ${silent < 60 ? 'less than a minute' : duration(silent)}`,
    statusClass: statusClass(status.device_status),
    clients: seen === null ? 'Not reported' : `${status.clients ?? 0}${when}`,
    uptime:
      status.uptime_seconds === null ? 'Not reported' : `${duration(status.uptime_seconds)}${when}`,
    stale,
  };
}
