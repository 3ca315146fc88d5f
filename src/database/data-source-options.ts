import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { connectionOptions } from './dialect/connection-options';

/**
 * The one place that turns configuration into TypeORM options. Both databases run their own
 * checked-in migrations, generated from the same entities (see scripts/generate-migration.ts);
 * test/database/schema.e2e.ts proves that each set produces exactly the entities' schema. What
 * differs by database comes from the dialect module. The entity list comes from the caller
 * (src/entities.ts at the composition root), so this folder imports no feature.
 */
export function dataSourceOptions(
  database: AppConfig['database'],
  entities: DataSourceOptions['entities'],
): DataSourceOptions {
  const common = { entities, migrationsRun: false, synchronize: false, logging: false };
  return { ...common, ...connectionOptions(database) };
}
