import { DataSource } from 'typeorm';
import { DATABASES } from '../harness/app';
import { dataSourceBefore, queryOn, useMigrationDatabase } from '../harness/migration-database';

/**
 * The KeptDeviceCounts migration (and those after it) on a database that already holds devices
 * and heartbeats: the counts are backfilled from the rows, each heartbeat gets its device's
 * organisation and is recorded UP.
 */
describe.each(DATABASES)('the kept device counts migration [%s]', (db) => {
  const options = useMigrationDatabase(db);

  it('backfills the counts and the heartbeats’ organisation from the rows', async () => {
    const before = await dataSourceBefore(options(), 'KeptDeviceCounts').initialize();
    const insert = queryOn(db, before);
    try {
      await before.runMigrations();
      for (const name of ['a', 'b']) {
        await insert('INSERT INTO organisations (name, allowed_device_count) VALUES ($1, 100)', [
          name,
        ]);
      }
      for (const [org, name] of [
        [1, 'one'],
        [1, 'two'],
        [2, 'three'],
      ] as const) {
        await insert(
          'INSERT INTO location_networks (organisation_id, network_name, network_name_key, timezone) VALUES ($1, $2, $3, $4)',
          [org, name, name, 'UTC'],
        );
      }
      const devices: [number, number | null][] = [
        [1, 1],
        [1, 1],
        [1, 2],
        [1, null],
        [2, 3],
      ];
      for (const [i, [org, network]] of devices.entries()) {
        await insert(
          'INSERT INTO devices (mac_id, organisation_id, location_network_id) VALUES ($1, $2, $3)',
          [`0A:00:00:00:00:0${i}`, org, network],
        );
      }
      await insert(`INSERT INTO heartbeats (device_id, received_at) VALUES (1, $1), (5, $2)`, [
        '2030-01-01 00:00:00',
        '2030-01-01 00:00:00',
      ]);
    } finally {
      await before.destroy();
    }

    const after = await new DataSource(options()).initialize();
    try {
      await after.runMigrations();
      const counts = (table: string) =>
        after
          .query(`SELECT id, device_count FROM ${table} ORDER BY id`)
          .then((rows: { id: number; device_count: number }[]) =>
            rows.map((row) => [Number(row.id), Number(row.device_count)]),
          );
      expect(await counts('organisations')).toEqual([
        [1, 4],
        [2, 1],
      ]);
      expect(await counts('location_networks')).toEqual([
        [1, 2],
        [2, 1],
        [3, 1],
      ]);
      const heartbeats: { device_id: number; organisation_id: number; up: boolean | number }[] =
        await after.query(
          'SELECT device_id, organisation_id, up FROM heartbeats ORDER BY device_id',
        );
      // The Events migration after it records every device heard from UP (the sweep then
      // records DOWN, with its device.down, each one whose heartbeat is older than the timeout).
      expect(
        heartbeats.map((h) => [Number(h.device_id), Number(h.organisation_id), Boolean(h.up)]),
      ).toEqual([
        [1, 1, true],
        [5, 2, true],
      ]);
    } finally {
      await after.destroy();
    }
  });
});
