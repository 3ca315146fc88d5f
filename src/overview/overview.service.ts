import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { FleetStatusService } from '../access-points/fleet-status.service';
import { FleetBreakdown } from '../access-points/fleet-breakdown';
import { FirmwareCount, StatusCounts } from '../read-side/device-status-counts.repository';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { UpgradeStatus } from '../firmware/upgrade.entity';
import { FirmwarePorts } from '../firmware/firmware-ports';
import { OverviewCountsRepository } from '../read-side/overview-counts.repository';

export interface OverviewView {
  networks: number;
  devices: { total: number; up: number; down: number };
  upgrades: Record<UpgradeStatus, number>;
  rollouts: { running: number };
}

/**
 * The overview page's numbers: the API's, with never-seen devices, firmware, the configuration
 * sync tally and the counts of each network.
 */
export interface OverviewDetails extends OverviewView {
  devices: OverviewView['devices'] & { never_seen: number };
  firmware: FirmwareCount[];
  sync: FleetBreakdown['sync'];
  byNetwork: FleetBreakdown['byNetwork'];
}

/**
 * The organisation at a glance, for the API and the console page alike. The devices
 * are counted by one definition: how many there are from the kept counts (the organisation's, or
 * the sum of the readable networks'), how many of them are UP from the heartbeats, the rest DOWN.
 * An admin's: the upgrades that timed out failed first (FirmwareCounts.read), then one statement
 * (OverviewCountsRepository). A member's: counts asked of each owner, limited to the networks it
 * may read, their devices and those devices' upgrades.
 */
@Injectable()
export class OverviewService {
  constructor(
    private readonly access: NetworkAccessPolicy,
    private readonly networks: LocationNetworksRepository,
    private readonly fleet: FleetStatusService,
    private readonly firmware: FirmwarePorts,
    private readonly organisationCounts: OverviewCountsRepository,
  ) {}

  /**
   * The API's overview: the networks counted, the devices from the kept counts and the UP count,
   * the upgrades by status, the running rollouts. `counted`: a member's UP and DOWN already
   * counted (details).
   */
  async overview(
    user: AuthUser,
    readable?: number[] | 'all',
    counted?: StatusCounts,
  ): Promise<OverviewView> {
    const orgId = user.organisation_id;
    readable ??= await this.access.readableNetworkIds(user);
    if (readable === 'all') {
      const counts = await this.firmware.counts.read(orgId, () =>
        this.organisationCounts.ofOrganisation(orgId, this.fleet.upSince()),
      );
      return {
        networks: counts.networks,
        devices: counts.devices,
        upgrades: counts.upgrades,
        rollouts: { running: counts.running_rollouts }, // every network readable: an admin
      };
    }
    const networks = await this.networks.count(orgId, readable);
    const { up, down } = counted ?? (await this.fleet.upDown(orgId, readable));
    return {
      networks,
      devices: { total: up + down, up, down },
      ...(await this.upgradesAndRollouts(user, readable)),
    };
  }

  /**
   * The console's overview page: the API's numbers, by the same path, with the never-seen
   * devices, the firmware versions, the sync tally and each network's counts of the devices the
   * caller may see, all from one read of them (FleetStatusService.breakdown).
   */
  async details(user: AuthUser): Promise<OverviewDetails> {
    const orgId = user.organisation_id;
    const readable = await this.access.readableNetworkIds(user);
    const { counts, firmware, sync, byNetwork } = await this.fleet.breakdown(orgId, readable);
    // A member's UP and DOWN are the breakdown's (the same rule over the same devices): its
    // networks' devices are read once. An admin's come from the one statement of the API's.
    const view = await this.overview(user, readable, readable === 'all' ? undefined : counts);
    return {
      ...view,
      devices: { ...view.devices, never_seen: counts.never_seen },
      firmware,
      sync,
      byNetwork,
    };
  }

  private async upgradesAndRollouts(
    user: AuthUser,
    readable: number[] | 'all',
  ): Promise<Pick<OverviewView, 'upgrades' | 'rollouts'>> {
    const orgId = user.organisation_id;
    return {
      upgrades: await this.firmware.counts.byStatus(orgId, readable),
      // Rollouts need role admin: members always get 0.
      rollouts: {
        running: user.role === 'admin' ? await this.firmware.counts.runningRollouts(orgId) : 0,
      },
    };
  }
}
