import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { OverviewService } from '../overview/overview.service';
import { UPGRADE_STATUSES, UpgradeStatus } from '../upgrades/upgrade.entity';
import { firmwareChart } from './firmware-chart';

/** A number of the overview and the list it links to. */
export interface LinkedCount {
  label: string;
  count: number;
  href: string;
}

const UPGRADE_LABELS: Record<UpgradeStatus, string> = {
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

/**
 * The console's pages (issue 13): what each page shows, read through the services the JSON API
 * uses (no query of its own), so that a page and the API can never disagree.
 */
@Injectable()
export class ConsolePagesService {
  constructor(private readonly overviews: OverviewService) {}

  async overview(user: AuthUser) {
    const details = await this.overviews.details(user);
    const { devices } = details;
    const fleet: LinkedCount[] = [
      { label: 'Up', count: devices.up, href: '/devices?status=UP' },
      { label: 'Down', count: devices.down, href: '/devices?status=DOWN' },
      { label: 'Never seen', count: devices.never_seen, href: '/devices?status=NEVER' },
    ];
    const upgrades: LinkedCount[] = UPGRADE_STATUSES.map((status) => ({
      label: UPGRADE_LABELS[status],
      count: details.upgrades[status],
      href: `/upgrades?status=${status}`,
    }));
    const firmware: LinkedCount[] = details.firmware.map(({ version, devices: count }) => ({
      label: version ?? 'Not reported',
      count,
      href: firmwareLink(version),
    }));
    return {
      title: 'Overview',
      section: 'overview',
      networks: details.networks,
      devices,
      fleet,
      upgrades,
      rollouts: details.rollouts.running,
      firmware,
      chart: firmware.length > 0 ? firmwareChart(firmware) : null,
    };
  }
}
