import { shownValue, ssidDiffLines } from './ssid-diff';

describe('ssidDiffLines', () => {
  it('words the added, removed and changed SSIDs, secrets as the API masks them', () => {
    expect(
      ssidDiffLines({
        added: [
          {
            id: null,
            location_network_id: 3,
            ssid_name: 'Cafe',
            is_enabled: true,
            wpa_key: '********',
            dhcp_lease_time: null,
            v_lan_attributes: { v_lan_id: 30 },
          },
        ],
        removed: [{ id: 7, ssid_name: 'Old' }],
        changed: [
          {
            id: 5,
            ssid_name: 'Staff',
            changes: {
              wpa_key: { from: '********', to: '********' },
              is_hidden: { from: null, to: false },
              dhcp_lease_time: { from: '3600', to: '7200' },
            },
          },
        ],
      }),
    ).toEqual({
      empty: false,
      added: [
        {
          name: 'Cafe',
          fields: [
            { label: 'Enabled', value: 'Yes' },
            { label: 'WPA key', value: '********' },
            { label: 'VLAN ID', value: '30' },
          ],
        },
      ],
      removed: [{ id: 7, name: 'Old' }],
      changed: [
        {
          id: 5,
          name: 'Staff',
          changes: [
            { label: 'WPA key', from: '********', to: '********' },
            { label: 'Hidden', from: 'not set', to: 'No' },
            { label: 'DHCP lease time', from: '3600', to: '7200' },
          ],
        },
      ],
    });
  });

  it('says when nothing would change, and reads a recorded diff it does not know as empty', () => {
    expect(ssidDiffLines({ added: [], removed: [], changed: [] }).empty).toBe(true);
    expect(ssidDiffLines({}).empty).toBe(true);
  });

  it('shows values in words, lists and their entries too', () => {
    expect(
      [
        null,
        '',
        true,
        false,
        'wpa2',
        20,
        [1, 2],
        [],
        [{ start_ip: '10.0.0.2', end_ip: '10.0.0.99', note: null }],
        { v_lan_id: null },
      ].map(shownValue),
    ).toEqual([
      'not set',
      'not set',
      'Yes',
      'No',
      'wpa2',
      '20',
      '1; 2',
      'none',
      'Start IP: 10.0.0.2, End IP: 10.0.0.99',
      'not set',
    ]);
  });

  it('shows a changed VLAN field by field, only the fields that change', () => {
    const vlan = (from: unknown, to: unknown) =>
      ssidDiffLines({
        changed: [{ id: 5, ssid_name: 'Staff', changes: { v_lan_attributes: { from, to } } }],
      }).changed[0].changes;
    expect(
      vlan(
        { v_lan_id: 10, name: 'guests', enable_dhcp_on_v_lan: true },
        { v_lan_id: 20, name: 'guests', enable_dhcp_on_v_lan: false },
      ),
    ).toEqual([
      { label: 'VLAN ID', from: '10', to: '20' },
      { label: 'DHCP on the VLAN', from: 'Yes', to: 'No' },
    ]);
    expect(vlan(null, { v_lan_id: 30 })).toEqual([{ label: 'VLAN ID', from: 'not set', to: '30' }]);
    expect(vlan({ v_lan_id: 30 }, null)).toEqual([{ label: 'VLAN ID', from: '30', to: 'not set' }]);
  });
});
