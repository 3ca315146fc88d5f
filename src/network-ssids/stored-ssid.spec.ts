import { parsedSsid, StoredSsid, storedSsidsKey } from './stored-ssid';

const stored = (fields: Partial<StoredSsid> = {}): StoredSsid => ({
  id: 7,
  location_network_id: 3,
  ssid_name: 'Staff',
  settings: '{"wpa_key":"k","ssid_mode":"1"}',
  associated_aps_and_tags: null,
  dhcp_mappings: null,
  dhcp_ranges: '[{"START":"10.0.0.10","END":"10.0.0.99"}]',
  v_lan_attributes: null,
  ...fields,
});

describe('parsedSsid', () => {
  it('parses the JSON columns as TypeORM hydrates simple-json, nulls staying null', () => {
    expect(parsedSsid(stored())).toEqual({
      id: 7,
      location_network_id: 3,
      ssid_name: 'Staff',
      settings: { wpa_key: 'k', ssid_mode: '1' },
      associated_aps_and_tags: null,
      dhcp_mappings: null,
      dhcp_ranges: [{ START: '10.0.0.10', END: '10.0.0.99' }],
      v_lan_attributes: null,
    });
  });
});

describe('storedSsidsKey', () => {
  it('is the same for the same stored content', () => {
    expect(storedSsidsKey([stored(), stored({ id: 8 })])).toBe(
      storedSsidsKey([stored(), stored({ id: 8 })]),
    );
  });

  it.each<[string, StoredSsid[], StoredSsid[]]>([
    ['another id', [stored()], [stored({ id: 8 })]],
    ['another name', [stored()], [stored({ ssid_name: 'Guests' })]],
    ['another setting', [stored()], [stored({ settings: '{"wpa_key":"x"}' })]],
    ['a list given', [stored()], [stored({ dhcp_mappings: '[]' })]],
    ['one SSID fewer', [stored(), stored({ id: 8 })], [stored()]],
    [
      'the text moved between fields',
      [stored({ ssid_name: 'ab', settings: '{}' })],
      [stored({ ssid_name: 'a', settings: 'b{}' })],
    ],
  ])('differs for %s', (_what, a, b) => {
    expect(storedSsidsKey(a)).not.toBe(storedSsidsKey(b));
  });
});
