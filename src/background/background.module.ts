import { Module } from '@nestjs/common';
import { Scheduler } from './scheduler';

/**
 * The background work below every feature: the scheduler of the periodic jobs (SCHEDULE). A
 * module that runs periodic work imports it; every importer shares its one scheduler.
 */
@Module({
  providers: [Scheduler],
  exports: [Scheduler],
})
export class BackgroundModule {}
