import { isTimeZone } from '../../common/time-zones/time-zones';
import { instantToZoned } from '../../common/time-zones/zoned-time';
import { plural } from '../../web/plural';
import { UPGRADE_STATUSES } from '../../firmware/upgrade.entity';
import { UpgradeRequestSummary } from '../upgrade-request-summary';
import { UpgradeRecord } from '../upgrade.view';
import { requestHref } from './upgrade-request-paths';

/**
 * An upgrade's lifecycle in a few words: the status with the last progress while in
 * progress, the error of a failure, the version it replaced.
 */
export function statusText(upgrade: UpgradeRecord): string {
  const parts: string[] = [upgrade.status.replace('_', ' ')];
  if (upgrade.status === 'in_progress' && upgrade.progress !== null) {
    parts[0] += ` (${upgrade.progress} %)`;
  }
  if (upgrade.status === 'failed' && upgrade.error) {
    parts.push(`error: ${upgrade.error}`);
  }
  if (upgrade.previous_version) {
    parts.push(`was ${upgrade.previous_version}`);
  }
  return parts.join(' · ');
}

/** A row of the list's requests: what one request wrote and where its upgrades are now. */
export function requestRow(summary: UpgradeRequestSummary) {
  return {
    ...summary,
    href: requestHref(summary.id),
    devices: plural(summary.total, 'device'),
    statusText: UPGRADE_STATUSES.filter((status) => summary.counts[status] > 0)
      .map((status) => `${summary.counts[status]} ${status.replace('_', ' ')}`)
      .join(' · '),
  };
}

/** A row of the list page. */
export function toRow(upgrade: UpgradeRecord) {
  const zone = upgrade.time_zone && isTimeZone(upgrade.time_zone) ? upgrade.time_zone : 'UTC';
  return {
    ...upgrade,
    targets: upgrade.aps.join(', '),
    pending: upgrade.status === 'pending',
    statusText: statusText(upgrade),
    schedule:
      upgrade.schedule_type === 'later' && upgrade.schedule_at
        ? `${instantToZoned(upgrade.schedule_at, zone).replace('T', ' ')} (${zone})`
        : 'Now',
  };
}
