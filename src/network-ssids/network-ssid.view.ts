import { SCALAR_FIELDS } from './network-ssid.fields';
import { ShownSsid } from './stored-ssid';

/** The SSID record returned by show and list: every field, absent ones null. */
export type NetworkSsidView = Record<string, unknown> & {
  id: number;
  location_network_id: number;
  ssid_name: string;
};

/** Fields only a caller with `full` access to the SSID's network receives. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['wpa_key']);

/**
 * The SSID record; with `withSecrets` false (a `read_only` member) the secret fields are
 * absent, not null, so that a client cannot mistake them for an SSID without a key.
 */
export function ssidView(ssid: ShownSsid, withSecrets: boolean): NetworkSsidView {
  // Built member by member, in the order of the record: a spread of the scalars in the middle
  // of a literal made V8 (Node 20) build the record about twice as slowly.
  const view: NetworkSsidView = {
    id: ssid.id,
    location_network_id: ssid.location_network_id,
    ssid_name: ssid.ssid_name,
  };
  for (const field of SCALAR_FIELDS) {
    if (withSecrets || !SECRET_FIELDS.has(field)) {
      view[field] = ssid.settings?.[field] ?? null;
    }
  }
  view.associated_aps_and_tags = ssid.associated_aps_and_tags ?? null;
  view.dhcp_mappings = ssid.dhcp_mappings ?? null;
  view.dhcp_ranges = ssid.dhcp_ranges ?? null;
  view.v_lan_attributes = ssid.v_lan_attributes ?? null;
  return view;
}

/** The short answer of create, update and destroy: `{id, ssid_name}`. */
export const ssidRef = (ssid: { id: number; ssid_name: string }) => ({
  id: ssid.id,
  ssid_name: ssid.ssid_name,
});
