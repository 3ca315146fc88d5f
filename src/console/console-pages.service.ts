import { ClientPagesService } from './client-pages.service';
import { ConsoleEventsService } from './console-events.service';
import { Injectable } from '@nestjs/common';
import { CommandPagesService } from '../commands/pages/command-pages.service';
import { DeviceRecordsService } from '../access-points/device-records.service';
import { FleetStatusService } from '../access-points/fleet-status.service';
import { deviceNotFound } from '../access-points/access-points.errors';
import { deviceView } from '../access-points/device.view';
import { InitTemplatesRepository } from '../access-points/init-templates.repository';
import { AuthUser } from '../common/auth/auth-user';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { networkNotFound } from '../networks/networks.errors';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { NetworkChangesService } from '../config-drafts/pages/network-changes.service';
import { NetworkTemplatesRepository } from '../networks/network-templates.repository';
import { UpgradesService } from '../upgrades/upgrades.service';
import {
  DEVICE_PAGE_SIZES,
  deviceFilterString,
  deviceListHref,
  DeviceListQuery,
  deviceStatusesRequest,
} from './console-query';
import { exactTime, timeAgo } from '../web/time-ago';
import { deviceStatusRow, liveStatus, NO_FIRMWARE, yesNo } from './console-format';
import { Shown, show } from '../web/page-outcome';
import { options } from '../web/select-options';
import {
  DEVICE_LIST,
  DEVICE_PAGE,
  DeviceListModel,
  DeviceModel,
  Named,
  NETWORK_LIST,
  NETWORK_PAGE,
  NetworkListModel,
  NetworkModel,
} from './console-views';

const DEVICES_PER_PAGE = 25;
const STATUSES = [
  { value: 'UP', label: 'Up' },
  { value: 'DOWN', label: 'Down' },
  { value: 'NEVER', label: 'Never seen' },
];
const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'mac', label: 'MAC' },
  { value: 'recent', label: 'Last seen, latest first' },
  { value: 'silent', label: 'Last seen, longest silent first' },
];
const SYNC = [
  { value: 'out', label: 'Out of sync' },
  { value: 'in', label: 'In sync' },
];
/** A network page lists this many of its devices (and links to the device list for more). */
const NETWORK_PAGE_DEVICES = 100;
/**
 * The console's pages: what each page shows, read through the services the JSON API
 * uses and the networks module's repositories (no SQL of its own), so that a page and the API
 * can never disagree. How values read on a page is console-format.ts's.
 */
@Injectable()
export class ConsolePagesService {
  constructor(
    private readonly fleet: FleetStatusService,
    private readonly records: DeviceRecordsService,
    private readonly access: NetworkAccessPolicy,
    private readonly networks: LocationNetworksRepository,
    private readonly upgrades: UpgradesService,
    private readonly ssids: NetworkSsidsService,
    private readonly templates: NetworkTemplatesRepository,
    private readonly activity: ConsoleEventsService,
    private readonly commands: CommandPagesService,
    private readonly uplinkTemplates: InitTemplatesRepository,
    private readonly clientPages: ClientPagesService,
    private readonly changes: NetworkChangesService,
  ) {}

  /** The networks the user may read, those whose name contains `search` (any case) if given. */
  async networkList(user: AuthUser, search = ''): Promise<Shown<NetworkListModel>> {
    const orgId = user.organisation_id;
    const readable = await this.access.readableNetworkIds(user);
    const networks = (await this.access.networkChoices(user, readable)).filter((network) =>
      network.network_name.toLowerCase().includes(search.toLowerCase()),
    );
    const counts = await this.fleet.countsByNetwork(orgId, readable);
    const ssidCounts = new Map<number, number>();
    for (const ssid of await this.ssids.list(user, {})) {
      ssidCounts.set(ssid.location_network_id, (ssidCounts.get(ssid.location_network_id) ?? 0) + 1);
    }
    return show(NETWORK_LIST, {
      title: 'Networks',
      section: 'networks',
      search,
      canWrite: user.role === 'admin',
      networks: networks.map((network) => {
        const count = counts.get(network.id) ?? { up: 0, down: 0, never_seen: 0 };
        return {
          id: network.id,
          name: network.network_name,
          timezone: network.timezone,
          devices: count.up + count.down,
          up: count.up,
          down: count.down - count.never_seen,
          ssids: ssidCounts.get(network.id) ?? 0,
        };
      }),
    });
  }

  async network(user: AuthUser, id: number): Promise<Shown<NetworkModel>> {
    const orgId = user.organisation_id;
    const { network, level } = await this.access.readableWithLevel(user, { id }, networkNotFound);
    const ssids = await this.ssids.list(user, { network_id: network.id });
    const statuses = await this.fleet.consoleStatuses(
      user,
      { network_id: network.id, per_page: NETWORK_PAGE_DEVICES },
      {},
    );
    const template =
      network.network_template === null
        ? null
        : ((await this.templates.findAll(orgId)).find((t) => t.id === network.network_template) ??
          null);
    const sync = await this.fleet.syncTally(user, network.id);
    const now = new Date();
    const devices = statuses.devices.map((device) => deviceStatusRow(device, now));
    return show(NETWORK_PAGE, {
      title: network.network_name,
      section: 'networks',
      network: { id: network.id, name: network.network_name, timezone: network.timezone },
      template: template && { id: template.id, name: template.name },
      history: await this.activity.history(user, network.id),
      counts: { ...statuses.counts, down: statuses.counts.down - statuses.counts.never_seen },
      total: statuses.meta.count,
      sync: {
        in: sync.inSync,
        out: sync.outOfSync,
        outHref: deviceListHref({ network: network.id, sync: 'out' }),
      },
      more: statuses.meta.count > devices.length,
      devices,
      ssids: ssids.map((ssid) => ({
        id: ssid.id,
        name: ssid.ssid_name,
        enabled: yesNo(ssid.is_enabled),
        hidden: yesNo(ssid.is_hidden),
        security: ssid.security_mode,
        keyShown: 'wpa_key' in ssid,
        wpaKey: ssid.wpa_key ?? null,
      })),
      canWrite: level === 'full',
      isAdmin: user.role === 'admin',
      changes: await this.changes.panel(user, network, level === 'full'),
    });
  }

  async devices(user: AuthUser, query: DeviceListQuery): Promise<Shown<DeviceListModel>> {
    const orgId = user.organisation_id;
    const readable = await this.access.readableNetworkIds(user);
    const request = deviceStatusesRequest(query, query.page, query.size ?? DEVICES_PER_PAGE);
    const result = await this.fleet.consoleStatuses(user, request.query, request.filter);
    const ids = result.devices.map((device) => device.id);
    const detailed = ids.length > 0 ? await this.records.findDetailed(orgId, { ids }) : [];
    const pending = new Map(detailed.map((d) => [d.id, d.pending_upgrade]));
    const networks = await this.access.networkChoices(user, readable);
    const names = new Map(networks.map((n) => [n.id, n.network_name]));
    const firmware = await this.fleet.firmwareCounts(orgId, readable);
    const tagNames = await this.records.tagNames(
      orgId,
      readable === 'all' ? {} : { networkIds: readable },
    );
    const tags = new Map(detailed.map((d) => [d.id, d.tag_list ?? []]));
    const hostNames = await this.records.labels(orgId, ids);
    const now = new Date();
    const { meta } = result;
    const listed = { ...query, selectAll: undefined };
    return show(DEVICE_LIST, {
      title: 'Devices',
      section: 'devices',
      query,
      filtered:
        query.network !== undefined ||
        query.status !== undefined ||
        query.firmware !== undefined ||
        query.q !== undefined ||
        query.tag !== undefined ||
        query.sync !== undefined,
      devices: result.devices.map((device) => ({
        ...deviceStatusRow(device, now),
        shownName: shownName(device, hostNames.get(device.id)?.hostName ?? null),
        label: device.label,
        publicIp: hostNames.get(device.id)?.publicIp ?? null,
        network:
          device.location_network_id === null
            ? null
            : { id: device.location_network_id, name: names.get(device.location_network_id) },
        pending: pending.get(device.id) ?? null,
        tags: (tags.get(device.id) ?? []).map((name) => ({
          name,
          href: deviceListHref({ tag: name }),
        })),
      })),
      networks: networks.map((n) => ({ id: n.id, name: n.network_name })),
      networkOptions: options(
        networks.map((n) => ({ value: String(n.id), label: n.network_name })),
        query.network === undefined ? undefined : String(query.network),
      ),
      sizes: DEVICE_PAGE_SIZES.map((size) => ({ size, selected: size === (query.size ?? 25) })),
      statuses: options(STATUSES, query.status),
      sortOptions: options(SORTS, query.sort),
      syncOptions: options(SYNC, query.sync),
      firmwareOptions: options(
        firmware.map(({ version }) => ({
          value: version ?? NO_FIRMWARE,
          label: version ?? 'Not reported',
        })),
        query.firmware,
      ),
      tagOptions: options(
        tagNames.map((name) => ({ value: name, label: name })),
        query.tag,
      ),
      uplinkTemplates: await this.uplinkChoices(user),
      exportHref: deviceListHref({ ...listed, page: 1 }).replace('/devices', '/devices.csv'),
      selectAllHref: deviceListHref({ ...query, selectAll: true }),
      clearSelectionHref: deviceListHref(listed),
      filterString: deviceFilterString(query),
      listHref: deviceListHref(listed),
      isAdmin: user.role === 'admin',
      count: meta.count,
      from: meta.count === 0 ? 0 : (meta.current - 1) * meta.per_page + 1,
      to: Math.min(meta.count, meta.current * meta.per_page),
      previous: meta.previous === null ? null : deviceListHref({ ...query, page: meta.previous }),
      next: meta.next === null ? null : deviceListHref({ ...query, page: meta.next }),
      pageText: meta.pages > 1 ? `Page ${meta.current} of ${meta.pages}` : null,
    });
  }

  async device(user: AuthUser, id: number): Promise<Shown<DeviceModel>> {
    const orgId = user.organisation_id;
    const readable = await this.access.readableNetworkIds(user);
    const [record] = await this.records.findDetailed(
      orgId,
      readable === 'all' ? { ids: [id] } : { ids: [id], networkIds: readable },
    );
    const status = record ? await this.fleet.statusOf(orgId, id) : null;
    if (!record || !status) {
      throw deviceNotFound();
    }
    const device = deviceView(record);
    const hostName = (await this.records.labels(orgId, [id])).get(id)?.hostName ?? null;
    const network =
      device.location_network_id === null
        ? null
        : ((await this.networks.findByIds(orgId, [device.location_network_id]))[0] ?? null);
    const history = (await this.upgrades.list(user, { device_id: id })).reverse();
    const now = new Date();
    return show(DEVICE_PAGE, {
      title: shownName(device, hostName) ?? device.mac_id,
      hostName,
      section: 'devices',
      device,
      network: network && { id: network.id, name: network.network_name },
      status: {
        ...status,
        ...liveStatus(status, now),
        lastSeen: timeAgo(status.last_seen_time, now),
        lastSeenExact: exactTime(status.last_seen_time),
      },
      config: device.config,
      tags: device.tag_list,
      upgrades: history,
      commands: await this.commands.devicePanel(user, device),
      clients: await this.clientPages.connectedTo(user, device.mac_id),
      ...(await this.activity.deviceActivity(user, device.mac_id)),
      canWrite: user.role === 'admin',
      uplinkTemplates: await this.uplinkChoices(user),
      networkChoices:
        user.role === 'admin'
          ? (await this.access.networkChoices(user, 'all')).map((n) => ({
              id: n.id,
              name: n.network_name,
            }))
          : [],
    });
  }

  /** The uplink templates an admin may apply (apply_configuration is theirs), by name. */
  private async uplinkChoices(user: AuthUser): Promise<Named[]> {
    if (user.role !== 'admin') {
      return [];
    }
    const templates = await this.uplinkTemplates.listAll(user.organisation_id);
    return templates
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
}

/**
 * What the console calls a device: its label, else the host name it last reported, else its
 * record name (its network's); null when it has none of them.
 */
function shownName(
  device: { label: string | null; name: string | null },
  hostName: string | null,
): string | null {
  return device.label ?? hostName ?? device.name;
}
