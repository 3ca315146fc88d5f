import { DataSource } from 'typeorm';
import { DATABASES } from '../harness/app';
import { dataSourceBefore, queryOn, useMigrationDatabase } from '../harness/migration-database';

/**
 * The LatestConfigRollout migration on a database that holds configuration rollouts: each
 * network gets its newest rollout (running or not), a network without one none, and undoing it
 * drops the column.
 */
describe.each(DATABASES)('the latest configuration rollout migration [%s]', (db) => {
  const options = useMigrationDatabase(db);

  it("gives each network its newest configuration rollout's id", async () => {
    const query = (ds: DataSource) => queryOn(db, ds);
    const before = await dataSourceBefore(options(), 'LatestConfigRollout').initialize();
    try {
      await before.runMigrations();
      const run = query(before);
      await run("INSERT INTO organisations (name, allowed_device_count) VALUES ('a', 5)");
      await run(
        "INSERT INTO users (organisation_id, email, password_hash) VALUES (1, 'a@example.test', 'x')",
      );
      for (const name of ['Hotel', 'Office', 'Shop']) {
        await run(
          `INSERT INTO location_networks (organisation_id, network_name, network_name_key, timezone)
           VALUES (1, $1, $2, 'UTC')`,
          [name, name.toLowerCase()],
        );
      }
      // Hotel: a halted rollout, then a running one; Office: a completed one; Shop: none.
      for (const [network, state] of [
        [1, 'halted'],
        [2, 'completed'],
        [1, 'running'],
      ] as const) {
        await run(
          `INSERT INTO config_rollouts (organisation_id, location_network_id, state, base_version,
             ssids, diff, stages, max_failure_percent, watch_seconds, auto_revert, reverted,
             created_by_id, created_by_email)
           VALUES (1, $1, $2, 1, '[]', '{}', '[]', 0, 300, $3, '[]', 1, 'a@example.test')`,
          [network, state, db === 'postgres' ? true : 1],
        );
      }
    } finally {
      await before.destroy();
    }

    const after = await dataSourceBefore(options(), 'LatestConfigRollout', {
      through: true,
    }).initialize();
    try {
      await after.runMigrations();
      const latest = async () =>
        (
          await after.query<{ network_name: string; latest_config_rollout_id: number | null }[]>(
            'SELECT network_name, latest_config_rollout_id FROM location_networks ORDER BY id',
          )
        ).map((row) => [
          row.network_name,
          row.latest_config_rollout_id === null ? null : Number(row.latest_config_rollout_id),
        ]);
      expect(await latest()).toEqual([
        ['Hotel', 3],
        ['Office', 2],
        ['Shop', null],
      ]);
      await after.undoLastMigration();
      await expect(latest()).rejects.toThrow(/latest_config_rollout_id/);
    } finally {
      await after.destroy();
    }
  });
});
