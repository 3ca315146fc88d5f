import { Injectable } from '@nestjs/common';
import { DeviceRecordsService } from '../access-points/device-records.service';
import { InventoryService } from '../access-points/inventory.service';
import { ClientsService } from '../clients/clients.service';
import { AuthUser } from '../common/auth/auth-user';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { show, Shown } from '../web/page-outcome';
import { clientRow } from './client-pages.service';
import { clientListHref } from './client-format';
import { deviceListHref } from './console-query';
import { SEARCH_PAGE, SearchModel } from './search-views';

/** The search page shows this many devices and this many clients; their lists show the rest. */
export const SEARCH_RESULTS = 10;

/**
 * The search of every page's header: the devices (label, host name, MAC) and the Wi-Fi clients
 * (MAC, host name, IP) a text finds, through the services the JSON API answers
 * `list_inventory?search=` and `GET /v1/clients?search=` with, so that a member finds only what
 * the networks it may read hold.
 */
@Injectable()
export class SearchPageService {
  constructor(
    private readonly inventory: InventoryService,
    private readonly records: DeviceRecordsService,
    private readonly clients: ClientsService,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async search(user: AuthUser, text: string): Promise<Shown<SearchModel>> {
    if (text === '') {
      return show(SEARCH_PAGE, { title: 'Search', siteSearch: '', devices: null, clients: null });
    }
    const found = await this.inventory.listInventory(user, {
      search: text,
      per_page: SEARCH_RESULTS,
    });
    const devices = found.devices;
    const hostNames = await this.records.labels(
      user.organisation_id,
      devices.map((device) => device.id),
    );
    const networks = new Map(
      (await this.access.networkChoices(user)).map((n) => [n.id, n.network_name]),
    );
    const deviceCount = found.meta?.count ?? devices.length;
    const { clients, meta } = await this.clients.list(user, {
      search: text,
      per_page: SEARCH_RESULTS,
    });
    const now = new Date();
    return show(SEARCH_PAGE, {
      title: `Search: ${text}`,
      siteSearch: text,
      devices: {
        rows: devices.map((device) => ({
          href: `/devices/${device.id}`,
          name: device.label ?? hostNames.get(device.id)?.hostName ?? device.name,
          mac: device.mac_id,
          network:
            device.location_network_id === null
              ? null
              : (networks.get(device.location_network_id) ?? null),
        })),
        count: deviceCount,
        allHref: deviceListHref({ q: text }),
        more: deviceCount > devices.length,
      },
      clients: {
        rows: clients.map((client) => clientRow(client, now)),
        count: meta.count,
        allHref: clientListHref({ search: text, page: 1 }),
        more: meta.count > clients.length,
      },
    });
  }
}
