import { ShownSsid } from '../network-ssids/stored-ssid';
import { draftDiff, draftSsidView, MAX_DRAFT_SSIDS, readDraftSsids } from './draft-rules';

const live = (id: number, ssid_name: string, settings: ShownSsid['settings'] = {}): ShownSsid => ({
  id,
  location_network_id: 3,
  ssid_name,
  settings,
  associated_aps_and_tags: null,
  dhcp_mappings: null,
  dhcp_ranges: null,
  v_lan_attributes: null,
});

describe('readDraftSsids', () => {
  it('reads each entry as an SSID create, keeping the ids of the network it names', () => {
    const { rows, errors } = readDraftSsids(
      [{ id: 7, ssid_name: 'Staff', is_hidden: '1' }, { ssid_name: 'Cafe' }],
      new Set([7]),
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        id: 7,
        values: {
          ssid_name: 'Staff',
          settings: { is_hidden: true },
          associated_aps_and_tags: null,
          dhcp_mappings: null,
          dhcp_ranges: null,
          v_lan_attributes: null,
        },
      },
      expect.objectContaining({ id: null }),
    ]);
  });

  it('names each problem by the entry it is in', () => {
    expect(
      readDraftSsids(
        [{ ssid_name: 'A' }, { ssid_name: 'A', id: 8 }, { id: 7, ssid_name: 'B' }, { id: 7 }],
        new Set([7]),
      ).errors,
    ).toEqual([
      'ssids[1].id 8 is not an SSID of this network',
      'ssids[1].ssid_name has already been taken in this draft',
      'ssids[3].id 7 is given more than once',
      "ssids[3].ssid_name can't be blank",
    ]);
  });

  it('refuses what is not a list, and a list of more than the limit', () => {
    expect(readDraftSsids({}, new Set()).errors).toEqual(['ssids must be an array']);
    const many = Array.from({ length: MAX_DRAFT_SSIDS + 1 }, (_, i) => ({ ssid_name: `s${i}` }));
    expect(readDraftSsids(many, new Set()).errors).toEqual(['ssids must hold at most 64 entries']);
    expect(readDraftSsids(many.slice(1), new Set()).errors).toEqual([]);
  });
});

describe('draftDiff', () => {
  const rows = (entries: object[], ids: number[]) => readDraftSsids(entries, new Set(ids)).rows;

  it('leaves out SSIDs the draft keeps equal', () => {
    const network = [live(7, 'Staff', { wpa_key: 'secret-key' })];
    expect(
      draftDiff(3, network, rows([{ id: 7, ssid_name: 'Staff', wpa_key: 'secret-key' }], [7])),
    ).toEqual({ added: [], removed: [], changed: [] });
  });

  it('masks WPA keys in what it adds and changes, and names what it removes', () => {
    const network = [live(7, 'Staff', { wpa_key: 'secret-key' }), live(9, 'Old')];
    const diff = draftDiff(
      3,
      network,
      rows(
        [
          { id: 7, ssid_name: 'Team', wpa_key: 'other-key' },
          { ssid_name: 'New', wpa_key: 'new-key-1' },
        ],
        [7, 9],
      ),
    );
    expect(diff.removed).toEqual([{ id: 9, ssid_name: 'Old' }]);
    expect(diff.changed).toEqual([
      {
        id: 7,
        ssid_name: 'Team',
        changes: {
          ssid_name: { from: 'Staff', to: 'Team' },
          wpa_key: { from: '********', to: '********' },
        },
      },
    ]);
    expect(diff.added).toHaveLength(1);
    expect(diff.added[0]).toEqual(
      expect.objectContaining({ id: null, ssid_name: 'New', wpa_key: '********' }),
    );
  });
});

describe('draftSsidView', () => {
  it('shows the WPA key only with secrets', () => {
    const [row] = readDraftSsids([{ ssid_name: 'A', wpa_key: 'secret-key' }], new Set()).rows;
    expect(draftSsidView(3, row, true).wpa_key).toBe('secret-key');
    expect('wpa_key' in draftSsidView(3, row, false)).toBe(false);
  });
});
