import { NetworkSsid } from './network-ssid.entity';

/** What an SSID's views are built from. */
export type ShownSsid = Pick<
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

/**
 * The columns that hold an SSID's content (everything but its id, network, organisation and
 * timestamps), as stored: what a copy copies and what a read of SSIDs as text selects.
 */
export const SSID_CONTENT_COLUMNS = [
  'ssid_name',
  'settings',
  'associated_aps_and_tags',
  'dhcp_mappings',
  'dhcp_ranges',
  'v_lan_attributes',
] as const satisfies readonly (keyof StoredSsid)[];

/** An SSID row as stored: its simple-json columns still text (NetworkSsidsRepository). */
export interface StoredSsid {
  id: number;
  location_network_id: number;
  ssid_name: string;
  settings: string;
  associated_aps_and_tags: string | null;
  dhcp_mappings: string | null;
  dhcp_ranges: string | null;
  v_lan_attributes: string | null;
}

const parsed = <T>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);

/** A stored SSID with its JSON columns parsed, as TypeORM hydrates simple-json. */
export function parsedSsid(row: StoredSsid): ShownSsid {
  return {
    id: row.id,
    location_network_id: row.location_network_id,
    ssid_name: row.ssid_name,
    settings: JSON.parse(row.settings) as ShownSsid['settings'],
    associated_aps_and_tags: parsed(row.associated_aps_and_tags),
    dhcp_mappings: parsed(row.dhcp_mappings),
    dhcp_ranges: parsed(row.dhcp_ranges),
    v_lan_attributes: parsed(row.v_lan_attributes),
  };
}

/**
 * A text that names the stored content of these SSIDs exactly (each field length-prefixed, so
 * that no two different contents give one text): a cache key for what is rendered from them.
 */
export function storedSsidsKey(rows: readonly StoredSsid[]): string {
  let key = '';
  for (const row of rows) {
    for (const field of [
      String(row.id),
      String(row.location_network_id),
      row.ssid_name,
      row.settings,
      row.associated_aps_and_tags ?? '\u0000',
      row.dhcp_mappings ?? '\u0000',
      row.dhcp_ranges ?? '\u0000',
      row.v_lan_attributes ?? '\u0000',
    ]) {
      key += `${field.length}:${field}`;
    }
  }
  return key;
}
