import { Injectable } from '@nestjs/common';
import { growingLruCache } from '../common/cache/growing-lru-cache';
import { Device } from '../devices/device.entity';
import { ShownUplink } from '../devices/uplink.view';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { parsedSsid, StoredSsid, storedSsidsKey } from '../network-ssids/stored-ssid';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { ConfigFacts, DeviceConfig, NetworkSection, renderConfig } from './config-document';
import { NetworkSections, NO_NETWORK, rolloutContent, rolloutSsids } from './network-sections';
import { chooseConfiguration, ConfigChoiceFacts } from './config-choice';

/** Revisions remembered by content (bounded, per process). */
const REVISIONS_KEPT = 20_000;

/** A device whose configuration is rendered (a DeviceRecordRowsRepository row). */
export type ConfigSubject = Pick<
  Device,
  'id' | 'mac_id' | 'name' | 'label' | 'location_network_id'
> & {
  /** Its live uplinks. */
  uplinks?: ShownUplink[];
  /**
   * What the configuration choice reads of it (its network's version, that network's latest
   * configuration rollout and its stage in it), read with it; none: it is given its network's.
   */
  choice?: ConfigChoiceFacts;
  /** The SSIDs (stored JSON text) of that rollout when it is one of its devices. */
  rollout_ssids?: string | null;
};

/**
 * Renders device configurations: looks up the facts (networks, their SSIDs) and hands them to the
 * pure rule in config-document.ts. Used by the stored revisions (config-revisions/: the revision
 * each device record and sync count reads is computed here, when a change changes it, and by their
 * check); the device gateway reads one device's facts in its own single statement and renders them
 * with the same rules (`networkSection`, `renderConfig`), so both name a configuration by the same
 * revision.
 */
@Injectable()
export class DeviceConfigService {
  /**
   * Pure memos, never state: a section is kept under a key that names its network and stored
   * SSIDs exactly, a revision under one that names its section, device and uplinks exactly
   * (config-document.ts), so a kept value is always the one that would be computed now, on any
   * instance. They spare a check that is run again the rendering and hashing.
   */
  private readonly sections = new NetworkSections();
  private readonly revisions = growingLruCache<string, string>(REVISIONS_KEPT);

  constructor(
    private readonly networks: LocationNetworksRepository,
    private readonly ssids: NetworkSsidsService,
  ) {}

  /**
   * The current configuration of each of these devices of the organisation, by device id, in two
   * statements whatever their number (their networks, then those networks' SSIDs), none when no
   * device is in a network. A caller that read the devices' networks already (`known`: every
   * network of the subjects, by id) saves the first. Which configuration each is given, its
   * network's or a configuration rollout's, is chooseConfiguration's answer over the facts the
   * caller read with the subject (`choice`, `rollout_ssids`; none: its network's).
   */
  async currentFor(
    orgId: number,
    subjects: readonly ConfigSubject[],
    known?: ReadonlyMap<number, ConfigFacts['network'] & object>,
  ): Promise<Map<number, DeviceConfig>> {
    const networkIds = [
      ...new Set(
        subjects.flatMap((s) => (s.location_network_id === null ? [] : [s.location_network_id])),
      ),
    ];
    const [networkById, ssids] =
      networkIds.length === 0
        ? [new Map<number, ConfigFacts['network'] & object>(), []]
        : [
            known ??
              new Map(
                (await this.networks.findByIds(orgId, networkIds)).map((n) => [n.id, n] as const),
              ),
            await this.ssids.ofNetworks(orgId, networkIds),
          ];
    const ssidsByNetwork = new Map<number, StoredSsid[]>();
    for (const ssid of ssids) {
      const list = ssidsByNetwork.get(ssid.location_network_id) ?? [];
      list.push(ssid);
      ssidsByNetwork.set(ssid.location_network_id, list);
    }
    const configs = new Map<number, DeviceConfig>();
    // The network part of the documents is rendered once per network, not once per device.
    const sections = new Map<number, NetworkSection>();
    const rolloutSections = new Map<number, NetworkSection>();
    for (const subject of subjects) {
      const network =
        subject.location_network_id === null
          ? null
          : (networkById.get(subject.location_network_id) ?? null);
      const choice = subject.choice ? chooseConfiguration(subject.choice) : null;
      const text = subject.rollout_ssids ?? null;
      if (network && text !== null && choice?.source === 'rollout') {
        let given = rolloutSections.get(choice.rollout_id);
        if (!given) {
          given = this.sections.of(network, rolloutContent(choice.rollout_id, text), () =>
            rolloutSsids(network.id, text),
          );
          rolloutSections.set(choice.rollout_id, given);
        }
        configs.set(
          subject.id,
          renderConfig(subject, given, subject.uplinks ?? [], this.revisions),
        );
        continue;
      }
      let section = network ? sections.get(network.id) : NO_NETWORK;
      if (!section) {
        const stored = ssidsByNetwork.get(network!.id) ?? [];
        section = this.sections.of(network, storedSsidsKey(stored), () => stored.map(parsedSsid));
        sections.set(network!.id, section);
      }
      configs.set(
        subject.id,
        renderConfig(subject, section, subject.uplinks ?? [], this.revisions),
      );
    }
    return configs;
  }
}
