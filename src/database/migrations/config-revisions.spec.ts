import { readFileSync } from 'node:fs';
import { QueryRunner } from 'typeorm';
import { configDocument, configRevision } from '../../device-config/config-document';
import { SCALAR_FIELDS } from '../../network-ssids/network-ssid.fields';
import { parsedSsid, StoredSsid } from '../../network-ssids/stored-ssid';
import { backfillConfigRevisions } from './config-revisions';

const DEVICES = [
  {
    id: 1,
    organisation_id: 1,
    mac_id: '0A:00:00:00:00:01',
    name: 'Lobby',
    label: null,
    location_network_id: 3,
  },
  {
    id: 2,
    organisation_id: 1,
    mac_id: '0A:00:00:00:00:02',
    name: null,
    label: 'Desk "A"\n',
    location_network_id: null,
  },
  {
    id: 3,
    organisation_id: 1,
    mac_id: '0A:00:00:00:00:03',
    name: 'Roof',
    label: null,
    location_network_id: 4,
  },
  {
    id: 4,
    organisation_id: 2,
    mac_id: '0A:00:00:00:00:04',
    name: 'Lobby',
    label: 'é',
    location_network_id: 3,
  },
];
const NETWORKS = [
  { id: 3, network_name: 'Lobby', timezone: 'Europe/Paris' },
  { id: 4, network_name: 'Roof', timezone: 'UTC' },
];
const SSIDS: StoredSsid[] = [
  {
    id: 7,
    location_network_id: 3,
    ssid_name: 'Guest',
    settings: JSON.stringify({ wpa_key: 'secret', is_enabled: true, ssid_mode: '1' }),
    associated_aps_and_tags: JSON.stringify({ tags: ['a'] }),
    dhcp_mappings: null,
    dhcp_ranges: JSON.stringify([{ start: '10.0.0.2' }]),
    v_lan_attributes: null,
  },
  {
    id: 9,
    location_network_id: 3,
    ssid_name: 'Staff',
    settings: JSON.stringify({ wpa_key: 'other' }),
    associated_aps_and_tags: null,
    dhcp_mappings: JSON.stringify([]),
    dhcp_ranges: null,
    v_lan_attributes: JSON.stringify({ vlan: 5 }),
  },
];
const UPLINKS = [
  {
    id: 11,
    device_id: 1,
    uplink_type: '1',
    details: JSON.stringify({ mode: 'dhcp', z: [1, { b: 2, a: 1 }] }),
  },
  { id: 12, device_id: 1, uplink_type: '2', details: JSON.stringify({}) },
  { id: 13, device_id: 2, uplink_type: '3', details: JSON.stringify({ ip: '10.0.0.9' }) },
];

/** A query runner answering the backfill's reads with the rows above and keeping its writes. */
function runner() {
  const written = new Map<number, string>();
  const query = (sql: string, parameters: unknown[] = []): Promise<unknown> => {
    if (sql.startsWith('UPDATE')) {
      const ids = parameters.slice(-(sql.match(/WHEN/g) ?? []).length);
      for (let i = 0; i < ids.length; i++) {
        written.set(parameters[2 * i] as number, parameters[2 * i + 1] as string);
      }
      return Promise.resolve([]);
    }
    const table = /FROM "(\w+)"/.exec(sql)![1];
    const rows = {
      devices: DEVICES,
      location_networks: NETWORKS,
      network_ssids: SSIDS,
      uplinks: UPLINKS,
    }[table];
    return Promise.resolve(rows);
  };
  return { written, runner: { query } as unknown as QueryRunner };
}

describe('backfillConfigRevisions', () => {
  it("stores the revision the application's rule gives each device, a few rows per statement", async () => {
    const { written, runner: queryRunner } = runner();
    await backfillConfigRevisions(queryRunner, () => '?', 3);
    const expected = DEVICES.map((device) => {
      const network = NETWORKS.find((n) => n.id === device.location_network_id) ?? null;
      return [
        device.id,
        configRevision(
          configDocument({
            device: { mac_id: device.mac_id, name: device.name, label: device.label },
            network,
            ssids: SSIDS.map(parsedSsid),
            uplinks: UPLINKS.filter((u) => u.device_id === device.id).map((u) => ({
              id: u.id,
              uplink_type: u.uplink_type,
              details: JSON.parse(u.details) as Record<string, unknown>,
              is_deleted: false,
            })),
          }),
        ),
      ];
    });
    expect([...written.entries()]).toEqual(expected);
  });

  it('lists the SSID fields the application lists today', () => {
    // The migration's copy of the fields must be the application's when the column is added.
    const text = readFileSync(`${__dirname}/config-revisions.ts`, 'utf8');
    const copied = /const SSID_SCALARS = \[([^\]]*)\]/.exec(text)![1];
    expect(
      copied
        .split(',')
        .map((s) => s.trim().replace(/'/g, ''))
        .filter(Boolean),
    ).toEqual([...SCALAR_FIELDS]);
  });
});
