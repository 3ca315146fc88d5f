import { DataSource } from 'typeorm';
import { configDocument, configRevision } from '../../src/device-config/config-document';
import { DATABASES } from '../harness/app';
import { dataSourceBefore, queryOn, useMigrationDatabase } from '../harness/migration-database';

/**
 * The ConfigRevisions migration on a database that already holds devices, networks, SSIDs and
 * uplinks: every device's stored revision is the one the application computes for it.
 */
describe.each(DATABASES)('the configuration revisions migration [%s]', (db) => {
  const options = useMigrationDatabase(db);

  it("backfills every device's revision exactly", async () => {
    const before = await dataSourceBefore(options(), 'ConfigRevisions').initialize();
    const insert = queryOn(db, before);
    const settings = { wpa_key: 'secret "key"', is_enabled: true, ssid_mode: '1' };
    try {
      await before.runMigrations();
      await insert('INSERT INTO organisations (name, allowed_device_count) VALUES ($1, 100)', [
        'a',
      ]);
      await insert(
        'INSERT INTO location_networks (organisation_id, network_name, network_name_key, timezone) VALUES ($1, $2, $3, $4)',
        [1, 'Lobby', 'lobby', 'Europe/Paris'],
      );
      for (const [name, json] of [
        ['Staff', JSON.stringify({ wpa_key: 'other' })],
        ['Guest', JSON.stringify(settings)],
      ]) {
        await insert(
          'INSERT INTO network_ssids (organisation_id, location_network_id, ssid_name, settings, dhcp_ranges) VALUES ($1, $2, $3, $4, $5)',
          [1, 1, name, json, JSON.stringify([{ START: '10.0.0.2', END: '10.0.0.9' }])],
        );
      }
      for (const [mac, network, name, label] of [
        ['0A:00:00:00:00:01', 1, 'Lobby', null],
        ['0A:00:00:00:00:02', null, null, 'Desk é'],
      ] as const) {
        await insert(
          'INSERT INTO devices (mac_id, organisation_id, location_network_id, name, label) VALUES ($1, $2, $3, $4, $5)',
          [mac, 1, network, name, label],
        );
      }
      for (const [device, type, details, deleted] of [
        [1, '2', { ssid: 'backhaul', priority: 2 }, false],
        [1, '1', { ip_mode: 'dhcp' }, false],
        [2, '4', { apn: 'old' }, true],
      ] as const) {
        await insert(
          'INSERT INTO uplinks (device_id, uplink_type, details, is_deleted) VALUES ($1, $2, $3, $4)',
          [device, type, JSON.stringify(details), db === 'postgres' ? deleted : Number(deleted)],
        );
      }
    } finally {
      await before.destroy();
    }

    const after = await new DataSource(options()).initialize();
    try {
      await after.runMigrations();
      const rows: { id: number; config_revision: string }[] = await after.query(
        'SELECT id, config_revision FROM devices ORDER BY id',
      );
      const ssid = (id: number, name: string, values: Record<string, string | boolean>) => ({
        id,
        organisation_id: 1,
        location_network_id: 1,
        ssid_name: name,
        settings: values,
        associated_aps_and_tags: null,
        dhcp_mappings: null,
        dhcp_ranges: [{ START: '10.0.0.2', END: '10.0.0.9' }],
        v_lan_attributes: null,
      });
      const lobby = configRevision(
        configDocument({
          device: { mac_id: '0A:00:00:00:00:01', name: 'Lobby', label: null },
          network: { id: 1, network_name: 'Lobby', timezone: 'Europe/Paris' },
          ssids: [ssid(2, 'Guest', settings), ssid(1, 'Staff', { wpa_key: 'other' })],
          uplinks: [
            { id: 2, uplink_type: '1', details: { ip_mode: 'dhcp' }, is_deleted: false },
            {
              id: 1,
              uplink_type: '2',
              details: { ssid: 'backhaul', priority: 2 },
              is_deleted: false,
            },
          ],
        }),
      );
      const spare = configRevision(
        configDocument({
          device: { mac_id: '0A:00:00:00:00:02', name: null, label: 'Desk é' },
          network: null,
          ssids: [],
          uplinks: [],
        }),
      );
      expect(rows.map((row) => [Number(row.id), row.config_revision])).toEqual([
        [1, lobby],
        [2, spare],
      ]);
    } finally {
      await after.destroy();
    }
  });
});
