import { deviceSearch } from '../devices/device-search';
import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { pageRequest, PaginationMeta, paginationMeta } from '../common/pagination/pagination';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { networkNotFound } from '../networks/networks.errors';
import { DeviceLivenessService } from '../device-state/device-liveness.service';
import { configSync, storedRevision } from '../device-config/config-sync';
import { DeviceStatus, deviceStatus, lastSeenTime } from '../device-state/device-liveness';
import {
  DeviceStatusCountsRepository,
  FirmwareCount,
  FleetCounts,
  StatusCounts,
} from '../read-side/device-status-counts.repository';
import { FleetFilter } from '../read-side/device-filter';
import { FleetBreakdown, fleetBreakdown } from './fleet-breakdown';
import { DeviceOrder } from '../read-side/device-order';
import { DeviceStatusesRepository, DeviceStatusRow } from '../read-side/device-statuses.repository';
import { StatusesQueryDto } from './dto/fleet-status.dto';

export interface DeviceStatusView {
  id: number;
  mac_id: string;
  name: string | null;
  /** The operator's name for the device (null: none). */
  label: string | null;
  location_network_id: number | null;
  device_status: DeviceStatus;
  last_seen_time: number | null;
  firmware_version: string | null;
  clients: number | null;
  uptime_seconds: number | null;
  config_in_sync: boolean;
}

export interface StatusesView {
  devices: DeviceStatusView[];
  meta: PaginationMeta;
  summary: StatusCounts;
}

/**
 * What the console's device list narrows by beyond the API's filters: devices never
 * heard from or heard from before, a firmware version (null: none reported), a name or MAC search
 * (or a tag's name), a tag.
 */
export type ConsoleFilter = Pick<
  FleetFilter,
  'neverSeen' | 'seen' | 'firmware' | 'search' | 'searchTags' | 'tag'
> & {
  /** Only the devices heard from that run (`in`) or do not run (`out`) their current revision. */
  sync?: 'in' | 'out';
  /** The order of the page (by id unless given). */
  order?: DeviceOrder;
};

/** How many of the devices heard from run their current configuration revision, and how many not. */
export interface SyncTally {
  inSync: number;
  outOfSync: number;
}

/** The statuses with the console's counts: never seen as well as up and down. */
export interface ConsoleStatusesView extends StatusesView {
  counts: FleetCounts;
}

/**
 * The fleet status: the live status of many devices at once, and the up/down
 * counts the overview shows. Members see the devices of the networks they may read (never
 * devices in no network). A constant number of statements whatever the number of devices.
 */
@Injectable()
export class FleetStatusService {
  constructor(
    private readonly live: DeviceStatusesRepository,
    private readonly tallies: DeviceStatusCountsRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly liveness: DeviceLivenessService,
  ) {}

  /**
   * One page of the caller's devices with their status, and the summary of every device matching
   * the filters other than `device_status`; the page's count is the summary's share of it, so the
   * whole read is the access check, one counting statement (`summary`), one page statement and
   * one for the SSIDs of the page's networks (config_in_sync).
   */
  async statuses(user: AuthUser, query: StatusesQueryDto): Promise<StatusesView> {
    const orgId = user.organisation_id;
    const filter: FleetFilter = {
      ...(await this.visibleFilter(user, query.network_id)),
      ...(query.search === undefined ? {} : { search: deviceSearch(query.search) }),
    };
    const since = this.upSince();
    const summary = await this.summary(orgId, filter, since);
    const { devices, meta } = await this.pageOf(orgId, filter, query, since, summary);
    return { devices, meta, summary };
  }

  /** statuses() narrowed further by the console's filters, with the never-seen count. */
  async consoleStatuses(
    user: AuthUser,
    query: StatusesQueryDto,
    extra: ConsoleFilter,
  ): Promise<ConsoleStatusesView> {
    const orgId = user.organisation_id;
    const { sync, order, ...narrowing } = extra;
    let filter: FleetFilter = {
      ...(await this.visibleFilter(user, query.network_id)),
      ...narrowing,
    };
    const since = this.upSince();
    if (sync !== undefined) {
      filter = { ...filter, sync };
    }
    const counts = await this.tallies.counts(orgId, filter, since);
    const summary = { up: counts.up, down: counts.down };
    const { devices, meta } = await this.pageOf(orgId, filter, query, since, counts, order);
    return { devices, meta, summary, counts };
  }

  /**
   * How many of the caller's devices heard from (in one network when `networkId` is given) run
   * their current configuration revision and how many do not: one COUNT comparing the revision
   * stored for each device with the one it last reported, whatever their number. A device never
   * heard from is in neither count: the console counts it under Never seen.
   */
  async syncTally(user: AuthUser, networkId?: number): Promise<SyncTally> {
    const filter = await this.visibleFilter(user, networkId);
    return this.tallies.syncCounts(user.organisation_id, filter);
  }

  /** The live status of one device of the organisation (null: no such device). */
  async statusOf(orgId: number, deviceId: number): Promise<DeviceStatusView | null> {
    const since = this.upSince();
    const rows = await this.live.page(orgId, { deviceId }, since, { offset: 0, limit: 1 });
    return this.views(rows, since)[0] ?? null;
  }

  /**
   * The up/down counts of the devices the filter (of the caller's visibility and network, and a
   * search) names: how many there are from the kept counts, how many are UP from the heartbeats,
   * or, with a search, by counting the matching rows (one statement).
   */
  private async summary(orgId: number, filter: FleetFilter, since: Date): Promise<StatusCounts> {
    if (filter.search !== undefined) {
      const { up, down } = await this.tallies.counts(orgId, filter, since);
      return { up, down };
    }
    const networks =
      filter.networkId !== undefined ? [filter.networkId] : (filter.networkIds ?? undefined);
    return this.tallies.summary(orgId, since, networks);
  }

  /** The page of the query's `device_status`, whose count is the counts' share (one statement). */
  private async pageOf(
    orgId: number,
    filter: FleetFilter,
    query: StatusesQueryDto,
    since: Date,
    counts: StatusCounts & { never_seen?: number },
    order?: DeviceOrder,
  ): Promise<{ devices: DeviceStatusView[]; meta: PaginationMeta }> {
    const page = pageRequest(query);
    const status = query.device_status;
    const count = filter.neverSeen
      ? status === 'UP'
        ? 0
        : (counts.never_seen ?? 0)
      : status === undefined
        ? counts.up + counts.down
        : status === 'UP'
          ? counts.up
          : counts.down;
    const rows =
      page.offset < count
        ? await this.live.page(orgId, { ...filter, status }, since, {
            offset: page.offset,
            limit: page.perPage,
            order,
          })
        : [];
    const devices = this.views(rows, since);
    return { devices, meta: paginationMeta(page, count) };
  }

  private views(rows: DeviceStatusRow[], since: Date): DeviceStatusView[] {
    return rows.map((row): DeviceStatusView => ({
      id: row.id,
      mac_id: row.mac_id,
      name: row.name,
      label: row.label,
      location_network_id: row.location_network_id,
      device_status: deviceStatus(row.received_at, since),
      last_seen_time: lastSeenTime(row.received_at),
      firmware_version: row.firmware_version,
      clients: row.clients,
      uptime_seconds: row.uptime_seconds,
      config_in_sync: inSync(row),
    }));
  }

  /**
   * How many of the organisation's devices in these networks (`'all'`: every device, also those
   * in no network) are UP and DOWN now: one statement (the kept count and the UP count).
   */
  async upDown(orgId: number, networkIds: number[] | 'all'): Promise<StatusCounts> {
    return this.summary(orgId, networkIds === 'all' ? {} : { networkIds }, this.upSince());
  }

  /**
   * The overview's counts of the devices of these networks (`'all'`: every device): the fleet's
   * up, down and never seen, the sync tally, the same per network and the firmware versions,
   * from one statement.
   */
  async breakdown(orgId: number, networkIds: number[] | 'all'): Promise<FleetBreakdown> {
    const filter = networkIds === 'all' ? {} : { networkIds };
    return fleetBreakdown(await this.tallies.breakdown(orgId, filter, this.upSince()));
  }

  /** The up/down/never-seen counts of the devices of each of these networks (one statement). */
  async countsByNetwork(
    orgId: number,
    networkIds: number[] | 'all',
  ): Promise<Map<number, FleetCounts>> {
    return this.tallies.countsByNetwork(
      orgId,
      networkIds === 'all' ? {} : { networkIds },
      this.upSince(),
    );
  }

  /** The firmware versions the devices of these networks last reported, with their counts. */
  async firmwareCounts(orgId: number, networkIds: number[] | 'all'): Promise<FirmwareCount[]> {
    return this.tallies.firmwareCounts(
      orgId,
      networkIds === 'all' ? {} : { networkIds },
      this.upSince(),
    );
  }

  /** The devices the caller may see, within one network when `networkId` is given. */
  private async visibleFilter(user: AuthUser, networkId?: number): Promise<FleetFilter> {
    if (networkId !== undefined) {
      const network = await this.access.readable(user, networkId, networkNotFound);
      return { networkId: network.id };
    }
    return this.access.readableScope(user);
  }

  /** The oldest heartbeat that counts as UP now (device-liveness.ts). */
  upSince(): Date {
    return this.liveness.upSince();
  }
}

/**
 * Whether a device runs its current configuration: the revision stored for it against the one
 * it last reported, by the one sync rule of device records (device-config/config-sync.ts).
 */
function inSync(row: DeviceStatusRow): boolean {
  const report = {
    applied_revision: row.applied_revision,
    config_error_revision: null,
    config_error_message: null,
  };
  return configSync(storedRevision(row.id, row.config_revision), report).in_sync;
}
