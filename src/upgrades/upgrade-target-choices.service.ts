import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { DeviceSearch } from '../devices/device-search';
import { DevicesRepository } from '../devices/devices.repository';
import { TagsRepository } from '../devices/tags.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { parseTargets } from '../firmware/upgrade-targets';

/** A network or tag the upgrade form offers, with the `aps` entry that names it. */
export interface TargetChoice {
  id: number;
  name: string;
  /** `network:<id>` or `tag:<id>`. */
  target: string;
}

/** A device the upgrade form offers, with the `aps` entry that names it (`AP:<id>`). */
export interface DeviceChoice {
  id: number;
  mac_id: string;
  name: string | null;
  network: string | null;
  target: string;
}

export interface TargetChoices {
  networks: TargetChoice[];
  tags: TargetChoice[];
  /** The chosen devices, then the first devices matching the search (all without one). */
  devices: DeviceChoice[];
  /** How many devices match the search (or exist, without one), listed or not. */
  matching: number;
}

/** The form lists this many devices besides the chosen ones; a search narrows them. */
export const DEVICE_CHOICES = 20;

/**
 * What the upgrade form offers as targets, by name instead of `AP:<inventory id>`:
 * the networks the user may read, the organisation's tags, and the devices of those networks
 * matching a search by name or MAC. A constant number of statements.
 */
@Injectable()
export class UpgradeTargetChoicesService {
  constructor(
    private readonly access: NetworkAccessPolicy,
    private readonly tags: TagsRepository,
    private readonly devices: DevicesRepository,
  ) {}

  /** The networks the user may read, by name (the upgrade list's network filter). */
  async readableNetworks(user: AuthUser): Promise<{ id: number; name: string }[]> {
    const networks = await this.access.networkChoices(user);
    return networks.map((network) => ({ id: network.id, name: network.network_name }));
  }

  /** The choices, with the devices `chosen` names (`aps` entries) always among them. */
  async choices(
    user: AuthUser,
    chosen: string[],
    search: DeviceSearch | undefined,
  ): Promise<TargetChoices> {
    const orgId = user.organisation_id;
    const readable = await this.access.readableNetworkIds(user);
    const networks = await this.access.networkChoices(user, readable);
    const names = new Map(networks.map((network) => [network.id, network.network_name]));
    const visible = readable === 'all' ? {} : { networkIds: readable };
    const chosenIds = parseTargets(chosen).deviceIds;
    const picked =
      chosenIds.length > 0
        ? await this.devices.findPlain(orgId, { ...visible, ids: chosenIds })
        : [];
    const [matches, matching] = await this.devices.findMatching(
      orgId,
      visible,
      search,
      DEVICE_CHOICES,
    );
    const pickedIds = new Set(picked.map((device) => device.id));
    const devices = [...picked, ...matches.filter((device) => !pickedIds.has(device.id))];
    return {
      networks: networks.map((network) => ({
        id: network.id,
        name: network.network_name,
        target: `network:${network.id}`,
      })),
      tags: (await this.tags.listAll(orgId)).map((tag) => ({
        id: tag.id,
        name: tag.name,
        target: `tag:${tag.id}`,
      })),
      devices: devices.map((device) => ({
        id: device.id,
        mac_id: device.mac_id,
        name: device.name,
        network:
          device.location_network_id === null
            ? null
            : (names.get(device.location_network_id) ?? null),
        target: `AP:${device.id}`,
      })),
      matching,
    };
  }
}
