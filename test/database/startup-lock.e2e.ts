import { DataSource } from 'typeorm';
import { loadAppConfig } from '../../src/config/app-config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { ENTITIES } from '../../src/entities';
import { initializeMigrated } from '../../src/database/startup-lock';
import { createPostgresDatabase } from '../harness/app';

/**
 * Several instances may start at once on an empty database. Each one migrates on
 * start; the start-up lock makes them take turns (without it they all create the schema and
 * all but one crash).
 */
describe('instances migrating an empty PostgreSQL database at once', () => {
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let sources: DataSource[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await Promise.all(sources.filter((s) => s.isInitialized).map((s) => s.destroy()));
    await database?.drop();
  });

  it('all start, and every migration is applied exactly once', async () => {
    const options = dataSourceOptions(
      loadAppConfig({ DATABASE_URL: database!.url }).database,
      ENTITIES,
    );
    const started = await Promise.allSettled([1, 2, 3, 4].map(() => initializeMigrated(options)));
    sources = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
    const applied = await sources[0].query<{ name: string }[]>('SELECT name FROM migrations');
    expect(applied.map((m) => m.name).sort()).toEqual(
      sources[0].migrations.map((m) => m.name).sort(),
    );
    for (const source of sources) {
      expect(await source.showMigrations()).toBe(false);
    }
  });
});
