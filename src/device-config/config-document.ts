import { createHash } from 'node:crypto';
import { ShownUplink, uplinkView, UplinkView } from '../devices/uplink.view';
import { NetworkSsidView, ssidView } from '../network-ssids/network-ssid.view';
import { ShownSsid } from '../network-ssids/stored-ssid';

/** What the configuration of one device is built from, looked up by DeviceConfigService. */
export interface ConfigFacts {
  device: { mac_id: string; name: string | null; label: string | null };
  /** The device's network, or null when it is in none. */
  network: { id: number; network_name: string; timezone: string } | null;
  /** The SSIDs of that network (ignored when it is in none). */
  ssids: ShownSsid[];
  /** The device's live uplinks. */
  uplinks: ShownUplink[];
}

/** The answer of GET /device/v1/config without its `revision`. */
export interface ConfigDocument {
  device: { mac_id: string; name: string | null; label: string | null };
  network: { id: number; network_name: string; timezone: string } | null;
  ssids: NetworkSsidView[];
  uplinks: UplinkView[];
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const byId = <T extends { id: number }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => a.id - b.id);

/**
 * SSIDs by id; those without one (new SSIDs of a configuration rollout, not created yet) last,
 * in the order given.
 */
const ssidOrder = (ssids: readonly ShownSsid[]): ShownSsid[] =>
  [...ssids].sort((a, b) =>
    a.id === null || b.id === null
      ? (a.id === null ? 1 : 0) - (b.id === null ? 1 : 0)
      : a.id - b.id,
  );

/** The part of the configuration that every device of one network shares, rendered once. */
export interface NetworkSection {
  network: ConfigDocument['network'];
  ssids: NetworkSsidView[];
  /** `"network":…,"ssids":…` as canonicalJson writes them inside a document. */
  canonical: string;
  /** Names this rendered section among all others of the process (a RevisionMemo key part). */
  serial: number;
}

/**
 * Where renderConfig may remember revisions: keys name the section (its serial), the device and
 * its uplinks exactly, so a remembered revision is the one it would compute.
 */
export interface RevisionMemo {
  get(key: string): string | undefined;
  set(key: string, revision: string): unknown;
}

let sectionSerial = 0;

/** A device's configuration and the revision that names it. */
export interface DeviceConfig {
  revision: string;
  document: ConfigDocument;
}

/**
 * The network and SSIDs of the configuration of a device in `network` (null: in none): the
 * network's SSIDs as SSID show returns them to a `full` caller (secrets included: the device
 * must apply them), by id; none in no network.
 */
export function networkSection(
  network: ConfigFacts['network'],
  ssids: readonly ShownSsid[],
): NetworkSection {
  const shown = network
    ? { id: network.id, network_name: network.network_name, timezone: network.timezone }
    : null;
  const views = network
    ? ssidOrder(ssids.filter((ssid) => ssid.location_network_id === network.id)).map((ssid) =>
        ssidView(ssid, true),
      )
    : [];
  return {
    network: shown,
    ssids: views,
    canonical: `"network":${canonicalJson(shown)},"ssids":[${views.map(ssidCanonical).join(',')}]`,
    serial: ++sectionSerial,
  };
}

/** The members of every SSID view with secrets, in canonical (sorted) order, each as `"key":`. */
const SSID_MEMBERS = Object.keys(
  ssidView({ id: 0, location_network_id: 0, ssid_name: '' } as ShownSsid, true),
)
  .sort()
  .map((key) => [key, `${JSON.stringify(key)}:`] as const);

/**
 * canonicalJson of an SSID view with secrets, whose members are always those of SSID_MEMBERS
 * (never undefined): their order is sorted once, not for every SSID of every page.
 */
function ssidCanonical(view: NetworkSsidView): string {
  if (Object.keys(view).length !== SSID_MEMBERS.length) {
    return canonicalJson(view);
  }
  let text = '';
  for (const [key, member] of SSID_MEMBERS) {
    text += (text === '' ? '{' : ',') + member + canonicalJson(view[key]);
  }
  return `${text}}`;
}

/**
 * The configuration of a device whose network part is `section` (shared, not copied, by the
 * documents of one network), and its revision: the hash of the document's canonical JSON,
 * written around the section's canonical text rather than recomputed for each device, or the
 * one `memo` remembers for the same section, device and uplinks.
 */
export function renderConfig(
  device: ConfigFacts['device'],
  section: NetworkSection,
  uplinks: readonly ShownUplink[],
  memo?: RevisionMemo,
): DeviceConfig {
  const shownDevice = { mac_id: device.mac_id, name: device.name, label: device.label };
  const shownUplinks = byId(uplinks).map(uplinkView);
  const document: ConfigDocument = {
    device: shownDevice,
    network: section.network,
    ssids: section.ssids,
    uplinks: shownUplinks,
  };
  // canonicalJson(document): its keys device < network < ssids < uplinks, and the device's
  // label < mac_id < name, sorted already. Neither part holds a raw line break (JSON escapes it).
  const devicePart =
    `"device":{"label":${JSON.stringify(device.label)},` +
    `"mac_id":${JSON.stringify(device.mac_id)},"name":${JSON.stringify(device.name)}}`;
  const uplinksPart = `"uplinks":${canonicalJson(shownUplinks)}`;
  const key = `${section.serial}\n${devicePart}\n${uplinksPart}`;
  let revision = memo?.get(key);
  if (revision === undefined) {
    revision = sha256Hex(`{${devicePart},${section.canonical},${uplinksPart}}`);
    memo?.set(key, revision);
  }
  return { document, revision };
}

/**
 * The configuration a device receives: its MAC, record name and label, its network, that network's SSIDs
 * as SSID show returns them to a `full` caller (secrets included: the device must apply them) and
 * its live uplinks as its record shows them; SSIDs and uplinks ordered by id. A device in no
 * network gets `network: null, ssids: []` and still its uplinks.
 */
export function configDocument(facts: ConfigFacts): ConfigDocument {
  return renderConfig(facts.device, networkSection(facts.network, facts.ssids), facts.uplinks)
    .document;
}

/**
 * JSON with the keys of every object sorted (recursively) and no whitespace: one text per value,
 * whatever order its keys were built in. `undefined` members are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if ('toJSON' in value) {
    return canonicalJson((value as { toJSON: () => unknown }).toJSON());
  }
  // Loops and one string rather than map/filter/join: this runs for every device of a page.
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      text += (i === 0 ? '' : ',') + (item === undefined ? 'null' : canonicalJson(item));
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member !== undefined) {
      text += (text.length === 1 ? '' : ',') + JSON.stringify(key) + ':' + canonicalJson(member);
    }
  }
  return `${text}}`;
}

/**
 * The revision of a configuration: the SHA-256 (64 hex digits) of its canonical JSON.
 *
 * A content hash rather than a stored counter: it changes exactly when the answer changes, with no
 * write path (SSID routes, network update, rollback, provisioning, moves, releases, uplink
 * templates, and whatever comes next) able to forget to bump it, and it needs no column or
 * migration. An answer that returns to an earlier content gets its earlier revision, which devices
 * accept (a revision names a content, not a time). The document names the device's MAC, so two
 * devices never share a revision, even in one network.
 */
export function configRevision(document: ConfigDocument): string {
  return sha256Hex(canonicalJson(document));
}
