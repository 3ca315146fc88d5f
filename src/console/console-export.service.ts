import { Injectable } from '@nestjs/common';
import { FleetStatusService } from '../access-points/fleet-status.service';
import { AuthUser } from '../common/auth/auth-user';
import { MAX_PER_PAGE } from '../common/pagination/pagination';
import { DeviceRecordsService } from '../access-points/device-records.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { UpgradeStatus } from '../firmware/upgrade.entity';
import { UpgradesService } from '../upgrades/upgrades.service';
import { statusText } from './console-format';
import { DeviceListQuery, deviceStatusesRequest } from './console-query';
import { csvOf } from './csv';
import { exactTime } from '../web/time-ago';

const DEVICE_COLUMNS = [
  'mac_id',
  'name',
  'network',
  'status',
  'last_seen',
  'firmware_version',
  'clients',
  'uptime_seconds',
  'config_in_sync',
  'serial',
  'tags',
];

/**
 * Between a device's tag names in one cell: not the comma, which a reader would take for the
 * file's own separator when skimming it, and which the console's tag field splits names on.
 */
export const TAG_SEPARATOR = ';';

const UPGRADE_COLUMNS = [
  'id',
  'mac_id',
  'version',
  'status',
  'progress',
  'previous_version',
  'rollout_id',
  'revert_of',
  'upgrade_type',
  'schedule_at',
  'created_at',
  'completed_at',
  'error',
];

/**
 * The console's CSV exports: every device the device list's filters match
 * (not one page), and every upgrade of the upgrades list's status, as the signed-in user may see
 * them, read through the services the pages use. Times are ISO 8601 UTC instants.
 */
@Injectable()
export class ConsoleExportService {
  constructor(
    private readonly fleet: FleetStatusService,
    private readonly networks: LocationNetworksRepository,
    private readonly records: DeviceRecordsService,
    private readonly upgrades: UpgradesService,
  ) {}

  /**
   * The devices of the list's filters, in its order, read a page of 1,000 at a time: each page
   * its statuses, its networks' names and its serials with tags (one statement each).
   */
  async devices(user: AuthUser, query: DeviceListQuery): Promise<string> {
    const rows: (string | number | null)[][] = [];
    const names = new Map<number, string>();
    for (let page = 1; ; page++) {
      const request = deviceStatusesRequest(query, page, MAX_PER_PAGE);
      const { devices, meta } = await this.fleet.consoleStatuses(
        user,
        request.query,
        request.filter,
      );
      const unnamed = [
        ...new Set(
          devices.flatMap((d) => (d.location_network_id === null ? [] : [d.location_network_id])),
        ),
      ].filter((id) => !names.has(id));
      for (const network of await this.networks.findByIds(user.organisation_id, unnamed)) {
        names.set(network.id, network.network_name);
      }
      const labels = await this.records.labels(
        user.organisation_id,
        devices.map((d) => d.id),
      );
      for (const device of devices) {
        const label = labels.get(device.id);
        rows.push([
          device.mac_id,
          device.name,
          device.location_network_id === null
            ? null
            : (names.get(device.location_network_id) ?? null),
          statusText(device.device_status, device.last_seen_time),
          exactTime(device.last_seen_time),
          device.firmware_version,
          device.clients,
          device.uptime_seconds,
          device.config_in_sync ? 'yes' : 'no',
          label?.serial ?? null,
          (label?.tags ?? []).join(TAG_SEPARATOR),
        ]);
      }
      if (meta.next === null) {
        return csvOf(DEVICE_COLUMNS, rows);
      }
    }
  }

  /** The upgrades the user may see, newest first, of one status or all. */
  async upgradeList(user: AuthUser, status: UpgradeStatus | undefined): Promise<string> {
    const upgrades = await this.upgrades.list(user, status === undefined ? {} : { status });
    const rows = upgrades
      .sort((a, b) => b.id - a.id)
      .map((u) => [
        u.id,
        u.mac_id,
        u.version,
        u.status,
        u.progress,
        u.previous_version,
        u.rollout_id,
        u.revert_of,
        u.upgrade_type,
        u.schedule_at,
        u.created_at,
        u.completed_at,
        u.error,
      ]);
    return csvOf(UPGRADE_COLUMNS, rows);
  }
}
