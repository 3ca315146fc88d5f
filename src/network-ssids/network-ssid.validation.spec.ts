import { mergeSsidInput } from './network-ssid.validation';

/**
 * The SSID field rules, case by case, without a database or HTTP;
 * test/networks/network-ssids.e2e.ts sends one case per rule over HTTP on both databases.
 */
describe('mergeSsidInput', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a blank ssid_name', { ssid_name: '' }, "ssid_name can't be blank"],
    ['a non-string ssid_name', { ssid_name: 12 }, "ssid_name can't be blank"],
    [
      'a 33-character ssid_name',
      { ssid_name: 'x'.repeat(33) },
      'ssid_name is too long (maximum is 32 characters)',
    ],
    [
      'a 7-character wpa_key',
      { wpa_key: 'a'.repeat(7) },
      'wpa_key must be 8 to 63 printable ASCII characters',
    ],
    [
      'a 64-character wpa_key',
      { wpa_key: 'a'.repeat(64) },
      'wpa_key must be 8 to 63 printable ASCII characters',
    ],
    [
      'a non-ASCII wpa_key',
      { wpa_key: 'pässwörter' },
      'wpa_key must be 8 to 63 printable ASCII characters',
    ],
    [
      'a control character in wpa_key',
      { wpa_key: 'abcdefgh\n' },
      'wpa_key must be 8 to 63 printable ASCII characters',
    ],
    ['a bad ip_address', { ip_address: '10.0.0' }, 'ip_address must be an IPv4 address'],
    [
      'a bad subnet_mask',
      { subnet_mask: '255.255.255.256' },
      'subnet_mask must be an IPv4 address',
    ],
    [
      'a bad dhcp_range_start',
      { dhcp_range_start: 'x' },
      'dhcp_range_start must be an IPv4 address',
    ],
    [
      'a bad dhcp_range_end',
      { dhcp_range_end: '1.2.3.4.5' },
      'dhcp_range_end must be an IPv4 address',
    ],
    ['a bad dns_primary', { dns_primary: '::1' }, 'dns_primary must be an IPv4 address'],
    [
      'a bad dns_secondary',
      { dns_secondary: 'dns.google' },
      'dns_secondary must be an IPv4 address',
    ],
    [
      'dhcp_range_start after dhcp_range_end',
      { dhcp_range_start: '10.0.0.9', dhcp_range_end: '10.0.0.8' },
      'dhcp_range_start must not be after dhcp_range_end',
    ],
    [
      'a bad dhcp_mappings IPADDR and MAC',
      { dhcp_mappings: [{ IPADDR: '10.0.0.256', MAC: 'AA:BB:CC:DD:EE' }] },
      'dhcp_mappings.0.IPADDR must be an IPv4 address, dhcp_mappings.0.MAC must be a MAC address',
    ],
    ['dhcp_mappings not an array', { dhcp_mappings: {} }, 'dhcp_mappings must be an array'],
    [
      'a dhcp_mappings entry not an object',
      { dhcp_mappings: ['x'] },
      'dhcp_mappings.0 must be an object with IPADDR and MAC',
    ],
    [
      'bad dhcp_ranges START and END',
      { dhcp_ranges: [{ START: 'a', END: 'b' }] },
      'dhcp_ranges.0.START must be an IPv4 address, dhcp_ranges.0.END must be an IPv4 address',
    ],
    [
      'a dhcp_ranges START after END',
      { dhcp_ranges: [{ START: '10.0.1.0', END: '10.0.0.255' }] },
      'dhcp_ranges.0.START must not be after END',
    ],
    [
      'v_lan_id 0',
      { v_lan_attributes: { v_lan_id: 0 } },
      'v_lan_attributes.v_lan_id must be between 1 and 4094',
    ],
    [
      'v_lan_id 4095',
      { v_lan_attributes: { v_lan_id: 4095 } },
      'v_lan_attributes.v_lan_id must be between 1 and 4094',
    ],
    [
      'a v_lan_id that is not an integer',
      { v_lan_attributes: { v_lan_id: '1.5' } },
      'v_lan_attributes.v_lan_id must be between 1 and 4094',
    ],
    [
      'v_lan_attributes not an object',
      { v_lan_attributes: [1] },
      'v_lan_attributes must be an object',
    ],
    [
      'associated_aps_and_tags not an array',
      { associated_aps_and_tags: 'x' },
      'associated_aps_and_tags must be an array',
    ],
    [
      'a negative max_association',
      { max_association: -1 },
      'max_association must be a non-negative integer',
    ],
    [
      'a fractional dhcp_lease_time',
      { dhcp_lease_time: '1.5' },
      'dhcp_lease_time must be a non-negative integer',
    ],
    [
      'a negative default_idle_timeout',
      { default_idle_timeout: '-5' },
      'default_idle_timeout must be a non-negative integer',
    ],
    [
      'a text default_interim_time',
      { default_interim_time: 'soon' },
      'default_interim_time must be a non-negative integer',
    ],
    ['a non-boolean is_hidden', { is_hidden: 'yes' }, 'is_hidden must be a boolean'],
    ['an object for ssid_mode', { ssid_mode: { a: 1 } }, 'ssid_mode must be a string or a number'],
  ];

  const stored = mergeSsidInput(null, { ssid_name: 'ok' }).values;

  it.each(cases)('refuses %s on create', (_name, fields, errors) => {
    expect(mergeSsidInput(null, { ssid_name: 'ok', ...fields }).errors.join(', ')).toBe(errors);
  });

  it.each(cases)('refuses %s on update', (_name, fields, errors) => {
    expect(mergeSsidInput(stored, fields).errors.join(', ')).toBe(errors);
  });

  it('accepts the boundary values', () => {
    const created = mergeSsidInput(null, {
      ssid_name: 'x'.repeat(32),
      wpa_key: '~'.repeat(63),
      v_lan_attributes: { v_lan_id: 4094 },
      max_association: 0,
      dhcp_range_start: '10.0.0.5',
      dhcp_range_end: '10.0.0.5',
    });
    expect(created.errors).toEqual([]);
    const updated = mergeSsidInput(created.values, {
      wpa_key: ' '.repeat(8),
      v_lan_attributes: { v_lan_id: 1 },
    });
    expect(updated.errors).toEqual([]);
    expect(updated.values).toMatchObject({
      ssid_name: 'x'.repeat(32),
      v_lan_attributes: { v_lan_id: 1 },
      settings: {
        wpa_key: ' '.repeat(8),
        max_association: '0',
        dhcp_range_start: '10.0.0.5',
        dhcp_range_end: '10.0.0.5',
      },
    });
  });

  it('validates the merged values on update (a new end before the stored start)', () => {
    const { values } = mergeSsidInput(null, { ssid_name: 'ok', dhcp_range_start: '10.0.0.50' });
    expect(mergeSsidInput(values, { dhcp_range_end: '10.0.0.10' }).errors).toEqual([
      'dhcp_range_start must not be after dhcp_range_end',
    ]);
  });

  it('keeps the fields the input does not name, and does not change the stored values', () => {
    const { values } = mergeSsidInput(null, { ssid_name: 'ok', wpa_key: 'a'.repeat(8) });
    const merged = mergeSsidInput(values, { is_hidden: 'true' });
    expect(merged).toEqual({
      values: { ...values, settings: { ...values.settings, is_hidden: true } },
      errors: [],
    });
    expect(values.settings).not.toHaveProperty('is_hidden');
  });
});
