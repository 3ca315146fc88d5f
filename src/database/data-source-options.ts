import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { connectionOptions } from './dialect/connection-options';
import { ENTITIES } from './entities';

/**
 * The one place that turns configuration into TypeORM options. Both databases run their own
 * checked-in migrations, generated from the same entities (see scripts/generate-migration.ts);
 * test/schema.e2e-spec.ts proves that each set produces exactly the entities' schema. What
 * differs by database comes from the dialect module.
 */
export function dataSourceOptions(database: AppConfig['database']): DataSourceOptions {
  const common = { entities: ENTITIES, migrationsRun: false, synchronize: false, logging: false };
  return { ...common, ...connectionOptions(database) };
}
