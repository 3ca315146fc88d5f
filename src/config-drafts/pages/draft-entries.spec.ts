import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import {
  draftEntries,
  draftFingerprint,
  entryMessages,
  withEntry,
  withoutEntry,
} from './draft-entries';

const ssid = (id: number | null, name: string, extra: Record<string, unknown> = {}) =>
  ({ id, location_network_id: 4, ssid_name: name, ...extra }) as unknown as NetworkSsidView;

describe('draft entries', () => {
  it('writes each SSID whole, with its id and without its network', () => {
    expect(draftEntries([ssid(7, 'Staff', { wpa_key: 'secret-1' }), ssid(null, 'Cafe')])).toEqual([
      { id: 7, ssid_name: 'Staff', wpa_key: 'secret-1' },
      { id: null, ssid_name: 'Cafe' },
    ]);
  });

  it("lays the form's fields over an entry, adds one at the end, and removes one", () => {
    const entries = [
      { id: 7, ssid_name: 'Staff', wpa_key: 'secret-1', dns_mode: 'auto' },
      { id: null, ssid_name: 'Cafe' },
    ];
    expect(withEntry(entries, 0, { ssid_name: 'Staff', wpa_key: 'secret-2' })).toEqual([
      { id: 7, ssid_name: 'Staff', wpa_key: 'secret-2', dns_mode: 'auto' },
      { id: null, ssid_name: 'Cafe' },
    ]);
    expect(withEntry(entries, 2, { ssid_name: 'Guest' })).toEqual([
      ...entries,
      { ssid_name: 'Guest' },
    ]);
    expect(withoutEntry(entries, 0)).toEqual([{ id: null, ssid_name: 'Cafe' }]);
    expect(entries).toHaveLength(2);
  });

  it("drops the entry's name from the API's messages", () => {
    expect(
      entryMessages([
        'ssids[2].ssid_name has already been taken in this draft',
        'ssids[0].v_lan_attributes.v_lan_id must be between 1 and 4094',
        'ssids must hold at most 64 entries',
      ]),
    ).toEqual([
      'ssid_name has already been taken in this draft',
      'v_lan_attributes.v_lan_id must be between 1 and 4094',
      'ssids must hold at most 64 entries',
    ]);
  });

  it('names a draft by its SSIDs: the same for the same draft, another once it changed', () => {
    const draft = [ssid(7, 'Staff'), ssid(null, 'Cafe')];
    expect(draftFingerprint(draft)).toMatch(/^[\w-]{22}$/);
    expect(draftFingerprint([ssid(7, 'Staff'), ssid(null, 'Cafe')])).toBe(draftFingerprint(draft));
    expect(draftFingerprint([ssid(null, 'Cafe'), ssid(7, 'Staff')])).not.toBe(
      draftFingerprint(draft),
    );
    expect(
      draftFingerprint([ssid(7, 'Staff', { wpa_key: 'other-key' }), ssid(null, 'Cafe')]),
    ).not.toBe(draftFingerprint(draft));
  });
});
