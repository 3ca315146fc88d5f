import { Injectable } from '@nestjs/common';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { deviceCountChanges, PlaceChange } from './device-count-changes';

/**
 * The kept device counts: how many devices each organisation holds (organisations.device_count)
 * and each network (location_networks.device_count), so that listings, the overview and the
 * allowed device count never count the devices table.
 *
 * Every write of the devices table goes through DevicesRepository, which keeps them in the same
 * transaction: it takes `lock` (the organisation's row, the lock the activation and upgrade
 * writes already take) before it reads or writes devices, then `apply`s the changes by relative
 * UPDATEs. So the device writes of one organisation run one after another, each reads the
 * places its devices are in after the previous one committed, and the counts stay equal to
 * count(*). A use case that locks other rows before its device write (remove locks rollouts)
 * takes `lock` first, so that locks are always taken in the same order.
 *
 * The fleet status reads the same columns joined with its UP count in one statement
 * (access-points/device-status-counts.repository.ts, `summary`).
 */
@Injectable()
export class DeviceCounts {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly networks: LocationNetworksRepository,
  ) {}

  /** Locks the organisation's counts until the transaction ends (where rows can be locked). */
  async lock(orgId: number): Promise<void> {
    await this.organisations.lockForUpdate(orgId);
  }

  /** Adds what devices moving between places change to the counts (at most two statements). */
  async apply(orgId: number, changes: readonly PlaceChange[]): Promise<void> {
    const { organisation, networks } = deviceCountChanges(changes);
    if (organisation !== 0) {
      await this.organisations.addDevices(orgId, organisation);
    }
    await this.networks.addDevices(orgId, networks);
  }

  /**
   * How many devices the organisation holds, or (`networkIds` given) how many are in those of its
   * networks: one statement, none for an empty list.
   */
  count(orgId: number, networkIds?: number[]): Promise<number> {
    return networkIds === undefined
      ? this.organisations.deviceCount(orgId)
      : this.networks.deviceCount(orgId, [...new Set(networkIds)]);
  }
}
