import { Module } from '@nestjs/common';
import { EventsRepository } from './events.repository';

/**
 * The event log: the `events` table, its types and its reads. Events are written
 * only through a change (fleet-change/: `Change.record`, written by the kernel's EventWriter).
 * Below every feature that records events; the routes are EventsModule's (events/).
 */
@Module({
  providers: [EventsRepository],
  exports: [EventsRepository],
})
export class EventLogModule {}
