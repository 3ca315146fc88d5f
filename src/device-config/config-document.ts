import { createHash } from 'node:crypto';
import { uplinkView, UplinkView, UplinkViewSource } from '../devices/uplink.view';
import { NetworkSsidView, ssidView, SsidViewSource } from '../network-ssids/network-ssid.view';

/** What the configuration of one device is built from, looked up by DeviceConfigService. */
export interface ConfigFacts {
  device: { mac_id: string; name: string | null };
  /** The device's network, or null when it is in none. */
  network: { id: number; network_name: string; timezone: string } | null;
  /** The SSIDs of that network (ignored when it is in none). */
  ssids: SsidViewSource[];
  /** The device's live uplinks. */
  uplinks: UplinkViewSource[];
}

/** The answer of GET /device/v1/config (DEVICES 4) without its `revision`. */
export interface ConfigDocument {
  device: { mac_id: string; name: string | null };
  network: { id: number; network_name: string; timezone: string } | null;
  ssids: NetworkSsidView[];
  uplinks: UplinkView[];
}

const byId = <T extends { id: number }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => a.id - b.id);

/**
 * The configuration a device receives: its MAC and record name, its network, that network's SSIDs
 * as SSID show returns them to a `full` caller (secrets included: the device must apply them) and
 * its live uplinks as its record shows them; SSIDs and uplinks ordered by id. A device in no
 * network gets `network: null, ssids: []` and still its uplinks.
 */
export function configDocument(facts: ConfigFacts): ConfigDocument {
  const network = facts.network;
  return {
    device: { mac_id: facts.device.mac_id, name: facts.device.name },
    network: network
      ? { id: network.id, network_name: network.network_name, timezone: network.timezone }
      : null,
    ssids: network
      ? byId(facts.ssids.filter((ssid) => ssid.location_network_id === network.id)).map((ssid) =>
          ssidView(ssid, true),
        )
      : [],
    uplinks: byId(facts.uplinks).map(uplinkView),
  };
}

/**
 * JSON with the keys of every object sorted (recursively) and no whitespace: one text per value,
 * whatever order its keys were built in. `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value !== null && typeof value === 'object' && 'toJSON' in value) {
    return canonicalJson((value as { toJSON: () => unknown }).toJSON());
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The revision of a configuration (DEVICES 4): the SHA-256 (64 hex digits) of its canonical JSON.
 *
 * A content hash rather than a stored counter: it changes exactly when the answer changes, with no
 * write path (SSID routes, network update, rollback, provisioning, moves, releases, uplink
 * templates, and whatever comes next) able to forget to bump it, and it needs no column or
 * migration. An answer that returns to an earlier content gets its earlier revision, which
 * DEVICES 4 allows. The document names the device's MAC, so two devices never share a revision,
 * even in one network.
 */
export function configRevision(document: ConfigDocument): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}

/** A device's configuration and the revision that names it (DEVICES 4). */
export interface DeviceConfig {
  revision: string;
  document: ConfigDocument;
}

/** The configuration these facts give, with its revision. */
export function deviceConfig(facts: ConfigFacts): DeviceConfig {
  const document = configDocument(facts);
  return { revision: configRevision(document), document };
}
