import { Uplink } from '../devices/uplink.entity';
import { NetworkSsid } from '../network-ssids/network-ssid.entity';
import {
  canonicalJson,
  ConfigFacts,
  configDocument,
  ConfigDocument,
  configRevision,
  networkSection,
  renderConfig,
} from './config-document';

const ssid = (id: number, fields: Partial<NetworkSsid> = {}): NetworkSsid => ({
  id,
  organisation_id: 1,
  location_network_id: 3,
  ssid_name: `ssid-${id}`,
  settings: { wpa_key: `key-${id}`, is_enabled: true },
  associated_aps_and_tags: null,
  dhcp_mappings: null,
  dhcp_ranges: null,
  v_lan_attributes: null,
  created_at: new Date(0),
  updated_at: new Date(0),
  ...fields,
});

const uplink = (id: number, details: Record<string, unknown> = { ip: '10.0.0.1' }): Uplink => ({
  id,
  device_id: 5,
  init_template_id: null,
  uplink_type: '1',
  details,
  is_deleted: false,
  created_at: new Date(0),
});

const facts = (overrides: Partial<ConfigFacts> = {}): ConfigFacts => ({
  device: { mac_id: '0A:00:00:00:00:01', name: 'Lobby', label: null },
  network: { id: 3, network_name: 'Lobby', timezone: 'Europe/Paris' },
  ssids: [ssid(8), ssid(7)],
  uplinks: [uplink(12), uplink(11)],
  ...overrides,
});

const revisionOf = (f: ConfigFacts) => configRevision(configDocument(f));

describe('configDocument', () => {
  it('shows the device, its network, its SSIDs with secrets and its uplinks, by id', () => {
    const document = configDocument(facts());
    expect(Object.keys(document)).toEqual(['device', 'network', 'ssids', 'uplinks']);
    expect(document.device).toEqual({ mac_id: '0A:00:00:00:00:01', name: 'Lobby', label: null });
    expect(document.network).toEqual({ id: 3, network_name: 'Lobby', timezone: 'Europe/Paris' });
    expect(document.ssids.map((s) => [s.id, s.wpa_key])).toEqual([
      [7, 'key-7'],
      [8, 'key-8'],
    ]);
    expect(document.uplinks).toEqual([
      { ip: '10.0.0.1', id: 11, uplink_type: '1', is_deleted: false },
      { ip: '10.0.0.1', id: 12, uplink_type: '1', is_deleted: false },
    ]);
  });

  it('gives a device in no network network null and no SSIDs, but still its uplinks', () => {
    const document = configDocument(facts({ network: null }));
    expect(document.network).toBeNull();
    expect(document.ssids).toEqual([]);
    expect(document.uplinks.map((u) => u.id)).toEqual([11, 12]);
  });

  it("leaves out SSIDs of other networks than the device's", () => {
    const document = configDocument(
      facts({ ssids: [ssid(7), ssid(9, { location_network_id: 4 })] }),
    );
    expect(document.ssids.map((s) => s.id)).toEqual([7]);
  });
});

describe('canonicalJson', () => {
  it('sorts keys recursively and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
  });

  it('leaves out undefined members as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });
});

describe('configRevision', () => {
  it('is 64 hex digits and the same for the same facts', () => {
    const revision = revisionOf(facts());
    expect(revision).toMatch(/^[0-9a-f]{64}$/);
    expect(revisionOf(facts())).toBe(revision);
  });

  it('does not depend on the order of keys or of the looked-up rows', () => {
    const document = configDocument(facts());
    const reordered = Object.fromEntries(Object.entries(document).reverse()) as ConfigDocument;
    reordered.device = { name: 'Lobby', mac_id: '0A:00:00:00:00:01', label: null };
    expect(configRevision(reordered)).toBe(configRevision(document));
    expect(
      revisionOf(facts({ ssids: [ssid(7), ssid(8)], uplinks: [uplink(11), uplink(12)] })),
    ).toBe(revisionOf(facts()));
  });

  it.each<[string, Partial<ConfigFacts>]>([
    ['the MAC', { device: { mac_id: '0A:00:00:00:00:02', name: 'Lobby', label: null } }],
    ['the device name', { device: { mac_id: '0A:00:00:00:00:01', name: 'Hall', label: null } }],
    ['the network', { network: { id: 4, network_name: 'Lobby', timezone: 'Europe/Paris' } }],
    ['the network name', { network: { id: 3, network_name: 'Hall', timezone: 'Europe/Paris' } }],
    ['the time zone', { network: { id: 3, network_name: 'Lobby', timezone: 'UTC' } }],
    ['leaving the network', { network: null }],
    ['an SSID added', { ssids: [ssid(7), ssid(8), ssid(9)] }],
    ['an SSID removed', { ssids: [ssid(7)] }],
    ['an SSID renamed', { ssids: [ssid(7), ssid(8, { ssid_name: 'Guest' })] }],
    ['an SSID key', { ssids: [ssid(7), ssid(8, { settings: { wpa_key: 'other' } })] }],
    ['an SSID list field', { ssids: [ssid(7), ssid(8, { dhcp_ranges: [] })] }],
    ['an uplink added', { uplinks: [uplink(11), uplink(12), uplink(13)] }],
    ['an uplink removed', { uplinks: [uplink(11)] }],
    ['an uplink field', { uplinks: [uplink(11), uplink(12, { ip: '10.0.0.2' })] }],
    ['an uplink id', { uplinks: [uplink(11), uplink(14)] }],
  ])('changes with %s', (_what, change) => {
    expect(revisionOf(facts(change))).not.toBe(revisionOf(facts()));
  });

  it('differs for two devices of one network with the same name', () => {
    expect(
      revisionOf(facts({ device: { mac_id: '0A:00:00:00:00:02', name: 'Lobby', label: null } })),
    ).not.toBe(revisionOf(facts()));
  });

  it('gives a returning answer its earlier revision', () => {
    const before = revisionOf(facts());
    expect(revisionOf(facts({ network: null }))).not.toBe(before);
    expect(revisionOf(facts())).toBe(before);
  });
});

describe('renderConfig', () => {
  const cases: [string, Partial<ConfigFacts>][] = [
    ['a device in a network', {}],
    ['a device in no network', { network: null }],
    [
      'a device without a name or uplinks',
      { device: { mac_id: 'AA', name: null, label: null }, uplinks: [] },
    ],
    ['a network without SSIDs', { ssids: [] }],
    ['SSIDs of another network', { ssids: [ssid(7), ssid(9, { location_network_id: 4 })] }],
    [
      'SSIDs with lists and nested members',
      {
        ssids: [
          ssid(7, {
            dhcp_ranges: [{ START: '10.0.0.10', END: '10.0.0.99' }],
            v_lan_attributes: { z: [1, { b: null, a: 'x' }], a: true },
            settings: { wpa_key: 'k"ey', ssid_mode: '1', is_hidden: false },
          }),
        ],
      },
    ],
    [
      'a name that needs escaping',
      { device: { mac_id: 'AA', name: 'Hall "A" \\ é', label: null } },
    ],
  ];

  it.each(cases)('gives %s the document and revision of configDocument', (_what, change) => {
    const f = facts(change);
    const rendered = renderConfig(f.device, networkSection(f.network, f.ssids), f.uplinks);
    expect(rendered.document).toEqual(configDocument(f));
    expect(Object.keys(rendered.document)).toEqual(['device', 'network', 'ssids', 'uplinks']);
    expect(rendered.revision).toBe(revisionOf(f));
  });

  it('shares one rendered network part between the devices of the network', () => {
    const f = facts();
    const section = networkSection(f.network, f.ssids);
    const other = { mac_id: '0A:00:00:00:00:02', name: 'Hall', label: null };
    const a = renderConfig(f.device, section, f.uplinks);
    const b = renderConfig(other, section, []);
    expect(b.document.ssids).toBe(a.document.ssids);
    expect(b.revision).toBe(revisionOf(facts({ device: other, uplinks: [] })));
  });
});

describe('renderConfig with a revision memo', () => {
  it('remembers the revision it computes and gives it back for the same section, device and uplinks', () => {
    const f = facts();
    const section = networkSection(f.network, f.ssids);
    const memo = new Map<string, string>();
    const first = renderConfig(f.device, section, f.uplinks, memo);
    expect(first.revision).toBe(revisionOf(f));
    expect(memo.size).toBe(1);
    const again = renderConfig(f.device, section, f.uplinks, memo);
    expect(again.revision).toBe(first.revision);
    expect(memo.size).toBe(1);
  });

  it('never answers for another section, device or uplinks', () => {
    const f = facts();
    const memo = new Map<string, string>();
    const section = networkSection(f.network, f.ssids);
    renderConfig(f.device, section, f.uplinks, memo);
    const sameContent = networkSection(f.network, f.ssids);
    expect(sameContent.serial).not.toBe(section.serial);
    const other = facts({ ssids: [ssid(7)] });
    const changed = renderConfig(
      other.device,
      networkSection(other.network, other.ssids),
      f.uplinks,
      memo,
    );
    expect(changed.revision).toBe(revisionOf(other));
    const renamed = { mac_id: f.device.mac_id, name: 'Hall', label: null };
    expect(renderConfig(renamed, section, f.uplinks, memo).revision).toBe(
      revisionOf(facts({ device: renamed })),
    );
    expect(renderConfig(f.device, section, [uplink(11)], memo).revision).toBe(
      revisionOf(facts({ uplinks: [uplink(11)] })),
    );
    expect(memo.size).toBe(4);
  });
});
