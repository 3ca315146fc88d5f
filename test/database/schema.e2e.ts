import { onBothDatabases } from '../harness/app';

onBothDatabases('schema (migrations agree with the entities)', (t) => {
  it('has no pending migration after start', async () => {
    expect(await t().dataSource.showMigrations()).toBe(false);
  });

  it('needs no schema change: the migrations produce exactly the entities', async () => {
    const sql = await t().dataSource.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('keeps a MAC in at most one inventory', async () => {
    const [a, b] = [await t().fixtures.organisation(), await t().fixtures.organisation()];
    const mac = t().fixtures.mac();
    const insert = (orgId: number) =>
      t().dataSource.query(
        t().db === 'postgres'
          ? 'INSERT INTO devices (mac_id, organisation_id) VALUES ($1, $2)'
          : 'INSERT INTO devices (mac_id, organisation_id) VALUES (?, ?)',
        [mac, orgId],
      );
    await insert(a.id);
    await expect(insert(b.id)).rejects.toThrow(/unique|UNIQUE/);
    // Written past the app: its configuration revision too.
    await t().fixtures.syncRevisions(a.id);
  });

  it('keeps network names unique per organisation whatever their case', async () => {
    const org = await t().fixtures.organisation();
    const insert = (name: string) =>
      t().dataSource.query(
        t().db === 'postgres'
          ? 'INSERT INTO location_networks (organisation_id, network_name, network_name_key, timezone) VALUES ($1, $2, $3, $4)'
          : 'INSERT INTO location_networks (organisation_id, network_name, network_name_key, timezone) VALUES (?, ?, ?, ?)',
        [org.id, name, name.toLowerCase(), 'UTC'],
      );
    await insert('Lobby');
    await expect(insert('LOBBY')).rejects.toThrow(/unique|UNIQUE/);
  });
});
