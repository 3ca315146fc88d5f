/**
 * The fields of an SSID and how each is read. Decisions where the specs are silent:
 * - Boolean fields are JSON booleans; `true`/`false`, `"true"`/`"false"`, `1`/`0` and `"1"`/`"0"`
 *   are accepted and stored as booleans.
 * - Every other scalar field accepts a string or a finite number and is stored and returned as a
 *   string (numeric-looking fields come back as strings).
 * - `null` or an empty string clears an optional field (returned as null).
 * - Updates merge: fields left out keep their stored value; the merged SSID is validated as a whole.
 */
export const BOOLEAN_FIELDS = [
  'is_enabled',
  'nat',
  'wna',
  'is_hidden',
  'is_isolate',
  'acc_radius_enabled',
  'acl_mac',
  'captive_portal',
  'wallgarden',
  'overwrite_success_url',
  'per_user_qos',
  'enable_ssid_qos',
  'wds_enabled',
] as const;

/** Every scalar field other than `id` and `ssid_name`, in the order the API lists them. */
export const SCALAR_FIELDS: readonly string[] = [
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

export const IPV4_FIELDS = [
  'ip_address',
  'subnet_mask',
  'dhcp_range_start',
  'dhcp_range_end',
  'dns_primary',
  'dns_secondary',
] as const;

/** Counts and durations: non-negative integers. */
export const COUNT_FIELDS = [
  'max_association',
  'dhcp_lease_time',
  'default_idle_timeout',
  'default_interim_time',
] as const;

export type Settings = Record<string, string | boolean | null>;

export interface DhcpMapping {
  IPADDR: string;
  MAC: string;
}
export interface DhcpRange {
  START: string;
  END: string;
}
export interface VLanAttributes {
  name?: string | null;
  enable_dhcp_on_v_lan?: boolean | null;
  v_lan_id?: number | null;
  id?: string | number | null;
}

/** An SSID's stored values (everything but its id and network). */
export interface SsidValues {
  ssid_name: string;
  settings: Settings;
  associated_aps_and_tags: unknown[] | null;
  dhcp_mappings: DhcpMapping[] | null;
  dhcp_ranges: DhcpRange[] | null;
  v_lan_attributes: VLanAttributes | null;
}

export const STRUCTURED_FIELDS = [
  'associated_aps_and_tags',
  'dhcp_mappings',
  'dhcp_ranges',
  'v_lan_attributes',
] as const;
