import { growingLruCache } from '../common/cache/growing-lru-cache';
import { ShownSsid } from '../network-ssids/stored-ssid';
import { ConfigFacts, networkSection, NetworkSection } from './config-document';

/** The section of every device in no network. */
export const NO_NETWORK = networkSection(null, []);

/** Sections one memo keeps (per process): one per network in use. */
const SECTIONS_KEPT = 1_000;

/**
 * Rendered network sections remembered by content (bounded, per process): a pure memo, never
 * state. A section is kept under a key that names the network's fields and, through `content`,
 * its SSIDs exactly, so a kept section is always the one rendering would give now, on any
 * instance. The device records and the device gateway each keep one, keyed by what they read.
 */
export class NetworkSections {
  private readonly kept = growingLruCache<string, NetworkSection>(SECTIONS_KEPT);

  /**
   * The section of `network` (null: in none) whose SSIDs `content` names exactly (a text that
   * changes whenever they do); `ssids` renders them when the section is not kept.
   */
  of(
    network: ConfigFacts['network'],
    content: string,
    ssids: () => readonly ShownSsid[],
  ): NetworkSection {
    if (network === null) {
      return NO_NETWORK;
    }
    const { id, network_name, timezone } = network;
    const key = `${id}:${network_name.length}:${network_name}${timezone.length}:${timezone}${content}`;
    let section = this.kept.get(key);
    if (!section) {
      section = networkSection({ id, network_name, timezone }, ssids());
      this.kept.set(key, section);
    }
    return section;
  }
}

/** An SSID a configuration rollout gives (its `id` null for one it creates), with its values. */
export interface RolloutSsidRow {
  id: number | null;
  values: Omit<ShownSsid, 'id' | 'location_network_id'>;
}

/** A rollout's SSIDs (stored JSON text) as the network's SSIDs are shown. */
export const rolloutSsids = (networkId: number, text: string): ShownSsid[] =>
  (JSON.parse(text) as RolloutSsidRow[]).map(
    (row) => ({ ...row.values, id: row.id, location_network_id: networkId }) as ShownSsid,
  );

/** The key under which NetworkSections keeps a rollout's section: never a network's SSID text. */
export const rolloutContent = (rolloutId: number, text: string): string =>
  `rollout:${rolloutId}:${text}`;
