/**
 * The configuration revision of a device as Airfleet defines it
 * (src/device-config/config-document.ts): the SHA-256 of the canonical JSON (keys sorted, no
 * whitespace) of `{device: {label, mac_id, name}, network, ssids, uplinks}`. Written afresh here,
 * the bare server's own. The check-ins of the bare and minimal servers compute it, so that the
 * bench's byte comparison checks Airfleet's against an independent reading of the rule, and with
 * it the revisions stored for the devices (the check-in rotation reports those: a stored revision
 * the rule does not give answers a configuration to fetch). The device lists read the stored
 * revision, as Airfleet's do.
 */
import { createHash } from 'node:crypto';

/** Every scalar SSID field other than id and ssid_name (src/network-ssids/network-ssid.fields.ts). */
const SCALAR_FIELDS = [
  'is_enabled',
  'ssid_mode',
  'nat',
  'wna',
  'is_hidden',
  'is_isolate',
  'security_mode',
  'wpa_algorithm',
  'wpa_key',
  'psk_type',
  'auth_radius_id',
  'acc_radius_enabled',
  'acc_radius_id',
  'acl_mac',
  'mac_filter_policy',
  'acl_mac_list',
  'captive_portal',
  'splash_url',
  'wallgarden',
  'walled_garden_range',
  'overwrite_success_url',
  'success_url',
  'dhcp_range_start',
  'dhcp_range_end',
  'dhcp_relay_server',
  'dhcp_lease_time',
  'ip_address',
  'subnet_mask',
  'per_user_qos',
  'enable_ssid_qos',
  'ssid_qos',
  'radio_band',
  'wds_enabled',
  'max_association',
  'dns_mode',
  'dns_primary',
  'dns_secondary',
  'default_idle_timeout',
  'default_interim_time',
  'uplink_priority',
];

/** An SSID row as stored: its JSON columns still text. */
export interface SsidRow {
  id: number;
  location_network_id: number;
  ssid_name: string;
  settings: string;
  associated_aps_and_tags: string | null;
  dhcp_mappings: string | null;
  dhcp_ranges: string | null;
  v_lan_attributes: string | null;
}

/** A live uplink: id, type and the template fields (`details`, parsed). */
export interface UplinkRow {
  id: number;
  uplink_type: string;
  details: Record<string, unknown>;
}

export interface NetworkFacts {
  id: number;
  network_name: string;
  timezone: string;
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** JSON with every object's keys sorted, no whitespace; undefined members left out. */
export function canonicalJson(value: unknown): string {
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

/** An uplink as device records show it: its template fields, then id, type and deleted flag. */
export const uplinkView = (uplink: UplinkRow): Record<string, unknown> => ({
  ...uplink.details,
  id: uplink.id,
  uplink_type: uplink.uplink_type,
  is_deleted: false,
});

/** The canonical text of a network's SSIDs (ordered by id), as a device receives them. */
export function canonicalSsids(rows: SsidRow[]): string {
  const ssids = [...rows]
    .sort((a, b) => a.id - b.id)
    .map((row) => {
      const settings = JSON.parse(row.settings) as Record<string, unknown>;
      const view: Record<string, unknown> = {
        id: row.id,
        location_network_id: row.location_network_id,
        ssid_name: row.ssid_name,
        associated_aps_and_tags: parsed(row.associated_aps_and_tags),
        dhcp_mappings: parsed(row.dhcp_mappings),
        dhcp_ranges: parsed(row.dhcp_ranges),
        v_lan_attributes: parsed(row.v_lan_attributes),
      };
      for (const field of SCALAR_FIELDS) {
        view[field] = settings[field] ?? null;
      }
      return view;
    });
  return canonicalJson(ssids);
}

/**
 * The revision of a device's configuration. `ssids` is canonicalSsids() of its network's SSIDs
 * (ignored when it is in no network); `uplinks` are its live uplinks.
 */
export function configRevision(
  device: { mac_id: string; name: string | null; label: string | null },
  network: NetworkFacts | null,
  ssids: string,
  uplinks: UplinkRow[],
): string {
  const document =
    `{"device":${canonicalJson({ label: device.label, mac_id: device.mac_id, name: device.name })}` +
    `,"network":${network ? canonicalJson({ id: network.id, network_name: network.network_name, timezone: network.timezone }) : 'null'}` +
    `,"ssids":${network ? ssids : '[]'}` +
    `,"uplinks":${canonicalJson([...uplinks].sort((a, b) => a.id - b.id).map(uplinkView))}}`;
  return createHash('sha256').update(document).digest('hex');
}

/** What a device's configuration revision is computed from, as the bare server's reads return it. */
export interface DeviceConfigRow {
  mac_id: string;
  name: string | null;
  label: string | null;
  location_network_id: number | null;
  network_name: string | null;
  timezone: string | null;
  uplinks: UplinkRow[] | null;
}

/** configRevision of a device read as a DeviceConfigRow; `ssids` is its network's canonicalSsids. */
export function deviceRevision(row: DeviceConfigRow, ssids: string): string {
  const network: NetworkFacts | null =
    row.location_network_id === null
      ? null
      : { id: row.location_network_id, network_name: row.network_name!, timezone: row.timezone! };
  return configRevision(row, network, ssids, row.uplinks ?? []);
}
