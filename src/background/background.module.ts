import { Module } from '@nestjs/common';
import { LeaseQueues } from './lease-queues';
import { QueueLeasesRepository } from './queue-leases.repository';
import { Scheduler } from './scheduler';

/**
 * The background work below every feature: the scheduler of the periodic jobs (SCHEDULE) and the
 * lease queues (LeaseQueues, over `queue_leases`). A module that runs periodic work or drains a
 * queue imports it; every importer shares its one scheduler and its queues.
 */
@Module({
  providers: [Scheduler, QueueLeasesRepository, LeaseQueues],
  exports: [Scheduler, QueueLeasesRepository, LeaseQueues],
})
export class BackgroundModule {}
