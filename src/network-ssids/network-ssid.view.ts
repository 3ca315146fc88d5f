import { SCALAR_FIELDS } from './network-ssid.fields';
import { NetworkSsid } from './network-ssid.entity';

/** The SSID record returned by show and list (SPEC 2.4): every field, absent ones null. */
export type NetworkSsidView = Record<string, unknown> & {
  id: number;
  location_network_id: number;
  ssid_name: string;
};

/** What the record is built from: an SSID row without its timestamps. */
export type SsidViewSource = Pick<
  NetworkSsid,
  | 'id'
  | 'location_network_id'
  | 'ssid_name'
  | 'settings'
  | 'associated_aps_and_tags'
  | 'dhcp_mappings'
  | 'dhcp_ranges'
  | 'v_lan_attributes'
>;

/** Fields only a caller with `full` access to the SSID's network receives (CONTRACT 9). */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['wpa_key']);

/**
 * The SSID record; with `withSecrets` false (a `read_only` member) the secret fields are
 * absent, not null, so that a client cannot mistake them for an SSID without a key.
 */
export function ssidView(ssid: SsidViewSource, withSecrets: boolean): NetworkSsidView {
  const scalars = Object.fromEntries(
    SCALAR_FIELDS.filter((field) => withSecrets || !SECRET_FIELDS.has(field)).map((field) => [
      field,
      ssid.settings?.[field] ?? null,
    ]),
  );
  return {
    id: ssid.id,
    location_network_id: ssid.location_network_id,
    ssid_name: ssid.ssid_name,
    ...scalars,
    associated_aps_and_tags: ssid.associated_aps_and_tags ?? null,
    dhcp_mappings: ssid.dhcp_mappings ?? null,
    dhcp_ranges: ssid.dhcp_ranges ?? null,
    v_lan_attributes: ssid.v_lan_attributes ?? null,
  };
}

/** The short answer of create, update and destroy: `{id, ssid_name}`. */
export const ssidRef = (ssid: { id: number; ssid_name: string }) => ({
  id: ssid.id,
  ssid_name: ssid.ssid_name,
});
