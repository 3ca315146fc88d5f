import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { ChangeRunner } from './change-runner.service';
import { EventWriter } from './event-writer';

/**
 * The kernel of fleet changes, below every feature that changes a fleet or records an event:
 * the one unit of work (ChangeRunner, Change) and the one writer of events (EventWriter),
 * provided here only and never exported, so that an event is recorded through a change. It
 * imports no feature: a feature's part of a change (the upgrades' rollouts) is registered with
 * the runner by that feature.
 */
@Module({
  imports: [EventLogModule, OrganisationsModule],
  providers: [ChangeRunner, EventWriter],
  exports: [ChangeRunner],
})
export class FleetChangeModule {}
