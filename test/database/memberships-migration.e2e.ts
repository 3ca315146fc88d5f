import { DATABASES } from '../harness/app';
import { dataSourceBefore, queryOn, useMigrationDatabase } from '../harness/migration-database';

/**
 * The Memberships migration on a database that already holds users, their tokens, browser
 * sessions and grants: each user's organisation and role become their first membership, tokens
 * act in that organisation and sessions in that membership, and nothing is lost.
 */
describe.each(DATABASES)('the memberships migration [%s]', (db) => {
  const options = useMigrationDatabase(db);

  it('moves every user’s organisation and role into a membership, keeping tokens, sessions and grants', async () => {
    const before = await dataSourceBefore(options(), 'Memberships').initialize();
    const run = queryOn(db, before);
    try {
      await before.runMigrations();
      await run("INSERT INTO organisations (name, allowed_device_count) VALUES ('a', 5), ('b', 5)");
      for (const [org, email, role] of [
        [1, 'one@example.test', 'admin'],
        [1, 'two@example.test', 'member'],
        [2, 'three@example.test', 'admin'],
      ] as const) {
        await run('INSERT INTO users (organisation_id, email, role) VALUES ($1, $2, $3)', [
          org,
          email,
          role,
        ]);
      }
      for (const [user, hash] of [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
        [3, 'd'],
      ] as const) {
        await run('INSERT INTO access_tokens (user_id, token_hash) VALUES ($1, $2)', [
          user,
          hash.repeat(64),
        ]);
      }
      await run(
        'INSERT INTO web_sessions (session_hash, user_id, password_tag, expires_at) VALUES ($1, $2, $3, $4)',
        ['s'.repeat(64), 2, 'tag', '2030-01-01 00:00:00'],
      );
      await run(
        "INSERT INTO location_networks (organisation_id, network_name, network_name_key, timezone) VALUES (1, 'n', 'n', 'UTC')",
      );
      await run(
        "INSERT INTO network_access_grants (organisation_id, user_id, location_network_id, level) VALUES (1, 2, 1, 'full')",
      );
    } finally {
      await before.destroy();
    }

    // Up to the Memberships migration and no further, so that undoing the last one undoes it
    // whatever migrations come after it.
    const after = await dataSourceBefore(options(), 'Memberships', { through: true }).initialize();
    try {
      await after.runMigrations();
      const rows = (sql: string) =>
        after
          .query(sql)
          .then((found: Record<string, unknown>[]) =>
            found.map((row) =>
              Object.values(row).map((v) => (typeof v === 'string' ? v : Number(v))),
            ),
          );
      expect(
        await rows('SELECT user_id, organisation_id, role FROM memberships ORDER BY user_id'),
      ).toEqual([
        [1, 1, 'admin'],
        [2, 1, 'member'],
        [3, 2, 'admin'],
      ]);
      expect(await rows('SELECT id, organisation_id FROM access_tokens ORDER BY id')).toEqual([
        [1, 1],
        [2, 1],
        [3, 2],
        [4, 2],
      ]);
      expect(
        await rows(
          'SELECT s.user_id, m.organisation_id FROM web_sessions s INNER JOIN memberships m ON m.id = s.membership_id',
        ),
      ).toEqual([[2, 1]]);
      expect(await rows('SELECT user_id, level FROM network_access_grants')).toEqual([[2, 'full']]);
      expect(await rows('SELECT id, email FROM users ORDER BY id')).toEqual([
        [1, 'one@example.test'],
        [2, 'two@example.test'],
        [3, 'three@example.test'],
      ]);
      // And back: the roles return to the users.
      await after.undoLastMigration();
      expect(await rows('SELECT id, organisation_id, role FROM users ORDER BY id')).toEqual([
        [1, 1, 'admin'],
        [2, 1, 'member'],
        [3, 2, 'admin'],
      ]);
      expect(await rows('SELECT CAST(COUNT(*) AS integer) AS n FROM access_tokens')).toEqual([[4]]);
      expect(await rows('SELECT CAST(COUNT(*) AS integer) AS n FROM web_sessions')).toEqual([[1]]);
      expect(
        await rows('SELECT CAST(COUNT(*) AS integer) AS n FROM network_access_grants'),
      ).toEqual([[1]]);
    } finally {
      await after.destroy();
    }
  });
});
