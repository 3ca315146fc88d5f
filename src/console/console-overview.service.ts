import { Injectable } from '@nestjs/common';
import { AlertsService } from '../alerts/alerts.service';
import { AuthUser } from '../common/auth/auth-user';
import { OverviewDetails, OverviewService } from '../overview/overview.service';
import { UPGRADE_STATUSES } from '../firmware/upgrade.entity';
import { ConsoleEventsService } from './console-events.service';
import { firmwareLink, LinkedCount, UPGRADE_LABELS } from './console-format';
import { OVERVIEW_PAGE, OverviewModel } from './console-views';
import { firmwareChart } from './firmware-chart';
import { networkHealthLines } from './network-health';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { Shown, show } from '../web/page-outcome';

/**
 * The console's overview: the fleet at a glance, read through the services the JSON
 * API uses. Counts link to the lists they count, with the same filters.
 */
@Injectable()
export class ConsoleOverviewService {
  constructor(
    private readonly overviews: OverviewService,
    private readonly activity: ConsoleEventsService,
    private readonly alerts: AlertsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async overview(user: AuthUser): Promise<Shown<OverviewModel>> {
    const details = await this.overviews.details(user);
    const { devices } = details;
    const fleet: LinkedCount[] = [
      { label: 'Up', count: devices.up, href: '/devices?status=UP' },
      // Down as the device list's DOWN filter counts it: devices heard from before, so that a
      // device never seen is counted once, under Never seen.
      { label: 'Down', count: devices.down - devices.never_seen, href: '/devices?status=DOWN' },
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
    return show(OVERVIEW_PAGE, {
      title: 'Overview',
      section: 'overview',
      networks: details.networks,
      devices,
      fleet,
      upgrades,
      rollouts: details.rollouts.running,
      sync: {
        out: { label: 'Out of sync', count: details.sync.outOfSync, href: '/devices?sync=out' },
        in: { label: 'In sync', count: details.sync.inSync, href: '/devices?sync=in' },
      },
      openAlerts: await this.alerts.countOpen(user),
      firmware,
      chart: firmware.length > 0 ? firmwareChart(firmware) : null,
      history: await this.activity.history(user),
      networkLines: await this.networkLines(user, details.networks, details.byNetwork),
    });
  }

  /**
   * One line a network: devices up, down and never seen, and open alerts, the networks that need
   * a look first; `total` (the networks the user may read) says whether there are more.
   */
  private async networkLines(
    user: AuthUser,
    total: number,
    counts: OverviewDetails['byNetwork'],
  ): Promise<OverviewModel['networkLines']> {
    const readable = await this.access.readableNetworkIds(user);
    const networks = await this.access.networkChoices(user, readable);
    const lines = networkHealthLines(networks, counts, await this.alerts.countOpenByNetwork(user));
    return { lines, more: total > lines.length ? total : null };
  }
}
