import { Module } from '@nestjs/common';
import { EventsRepository } from './events.repository';

/**
 * The event log: the `events` table and its one writer, `EventsRepository.append`,
 * which every change calls in its own transaction. Below every feature that records events; the
 * reads and routes are EventsModule's (events/).
 */
@Module({
  providers: [EventsRepository],
  exports: [EventsRepository],
})
export class EventLogModule {}
