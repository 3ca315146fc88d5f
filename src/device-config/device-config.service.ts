import { Injectable } from '@nestjs/common';
import { Device } from '../devices/device.entity';
import { DevicesRepository } from '../devices/devices.repository';
import { ShownUplink } from '../devices/uplink.view';
import { NetworkSsid } from '../network-ssids/network-ssid.entity';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { ConfigDocument, networkSection, NetworkSection, renderConfig } from './config-document';

/** A device whose configuration is rendered: what DevicesRepository.findDetailed loads. */
export type ConfigSubject = Pick<Device, 'id' | 'mac_id' | 'name' | 'location_network_id'> & {
  /** Its live uplinks. */
  uplinks?: ShownUplink[];
};

/** A device's current configuration and the revision that names it (DEVICES 4). */
export interface DeviceConfig {
  revision: string;
  document: ConfigDocument;
}

/**
 * Renders device configurations: looks up the facts (networks, their SSIDs) and hands them to the
 * pure rule in config-document.ts. Used by the device records (their `config` block) and by the
 * device gateway (GET /device/v1/config, check-ins).
 */
@Injectable()
export class DeviceConfigService {
  constructor(
    private readonly devices: DevicesRepository,
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
    // The network part of the documents is rendered once per network, not once per device.
    const sections = new Map<number | null, NetworkSection>();
    for (const subject of subjects) {
      const network =
        subject.location_network_id === null
          ? null
          : (networkById.get(subject.location_network_id) ?? null);
      const key = network ? network.id : null;
      let section = sections.get(key);
      if (!section) {
        section = networkSection(network, network ? (ssidsByNetwork.get(network.id) ?? []) : []);
        sections.set(key, section);
      }
      configs.set(subject.id, renderConfig(subject, section, subject.uplinks ?? []));
    }
    return configs;
  }

  /** The current configuration of one device of the organisation; null when it has no such device. */
  async forDevice(orgId: number, deviceId: number): Promise<DeviceConfig | null> {
    const [device] = await this.devices.findWithUplinks(orgId, [deviceId]);
    if (!device) {
      return null;
    }
    return (await this.currentFor(orgId, [device])).get(device.id) ?? null;
  }
}
