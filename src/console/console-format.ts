import { UpgradeStatus } from '../upgrades/upgrade.entity';

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
