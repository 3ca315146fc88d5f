import { DataSource } from 'typeorm';
import { loadAppConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/database/data-source-options';
import { ENTITIES } from './src/entities';

/** The DataSource for the TypeORM CLI: PostgreSQL when DATABASE_URL is set, else SQLite. */
export default new DataSource(dataSourceOptions(loadAppConfig().database, ENTITIES));
