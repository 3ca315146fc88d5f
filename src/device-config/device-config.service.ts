import { Injectable } from '@nestjs/common';
import { Device } from '../devices/device.entity';
import { Uplink } from '../devices/uplink.entity';
import { NetworkSsid } from '../network-ssids/network-ssid.entity';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { DeviceConfig, deviceConfig } from './config-document';

/** A device whose configuration is rendered: what DevicesRepository.findDetailed loads. */
export type ConfigSubject = Pick<Device, 'id' | 'mac_id' | 'name' | 'location_network_id'> & {
  /** Its live uplinks. */
  uplinks?: Uplink[];
};

/**
 * Renders device configurations: looks up the facts (networks, their SSIDs) and hands them to the
 * pure rule in config-document.ts (`deviceConfig`). Used by the device records (their `config`
 * block); the device gateway reads one device's facts in its own single statement and renders
 * them with the same rule, so both name a configuration by the same revision.
 */
@Injectable()
export class DeviceConfigService {
  constructor(
    private readonly networks: LocationNetworksRepository,
    private readonly ssids: NetworkSsidsService,
  ) {}

  /**
   * The current configuration of each of these devices of the organisation, by device id, in two
   * statements whatever their number (their networks, then those networks' SSIDs; one more per
   * 30,000 networks), none when no device is in a network.
   */
  async currentFor(
    orgId: number,
    subjects: readonly ConfigSubject[],
  ): Promise<Map<number, DeviceConfig>> {
    const networkIds = [
      ...new Set(
        subjects.flatMap((s) => (s.location_network_id === null ? [] : [s.location_network_id])),
      ),
    ];
    const [networks, ssids] =
      networkIds.length === 0
        ? [[], []]
        : [
            await this.networks.findByIds(orgId, networkIds),
            await this.ssids.ofNetworks(orgId, networkIds),
          ];
    const networkById = new Map(networks.map((network) => [network.id, network]));
    const ssidsByNetwork = new Map<number, NetworkSsid[]>();
    for (const ssid of ssids) {
      const list = ssidsByNetwork.get(ssid.location_network_id) ?? [];
      list.push(ssid);
      ssidsByNetwork.set(ssid.location_network_id, list);
    }
    const configs = new Map<number, DeviceConfig>();
    for (const subject of subjects) {
      const network =
        subject.location_network_id === null
          ? null
          : (networkById.get(subject.location_network_id) ?? null);
      configs.set(
        subject.id,
        deviceConfig({
          device: subject,
          network,
          ssids: network ? (ssidsByNetwork.get(network.id) ?? []) : [],
          uplinks: subject.uplinks ?? [],
        }),
      );
    }
    return configs;
  }
}
