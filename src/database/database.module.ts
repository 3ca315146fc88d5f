import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Dialect, dialectOf } from './dialect';
import { UnitOfWork } from './unit-of-work';

/** The dialect of the connected database, chosen once from the data source's options. */
const dialectProvider = {
  provide: Dialect,
  inject: [getDataSourceToken()],
  useFactory: (dataSource: DataSource): Dialect => dialectOf(dataSource.options),
};

@Global()
@Module({
  providers: [dialectProvider, UnitOfWork],
  exports: [Dialect, UnitOfWork],
})
export class DatabaseModule {}
