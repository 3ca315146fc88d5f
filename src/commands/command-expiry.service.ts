import { Injectable } from '@nestjs/common';
import { Scheduler } from '../background/scheduler';
import { UnitOfWork } from '../database/unit-of-work';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { SYSTEM } from '../event-log/event-actor';
import { Command } from './command.entity';
import { CommandEvents } from './command-events';
import { CommandsRepository } from './commands.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';

/**
 * Records the expiry of every open command past `expires_at` with its
 * command.expired by the service, at its expiry: one conditional UPDATE that any number of
 * instances may run at once (one changes each command). Answers read before it show an expired
 * command as expired already (shownState).
 */
@Injectable()
export class CommandExpiry {
  constructor(
    private readonly commands: CommandsRepository,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly changes: ChangeRunner,
    private readonly commandEvents: CommandEvents,
    private readonly unitOfWork: UnitOfWork,
    scheduler: Scheduler,
  ) {
    // Each second (SCHEDULE): command.expired within 5 s of expires_at.
    scheduler.every('command expiry', () => this.sweep());
  }

  sweep(now = new Date()): Promise<number> {
    return this.unitOfWork.run(async () => {
      const expired = await this.commands.expireDue(now);
      const byOrganisation = new Map<number, Command[]>();
      for (const command of expired) {
        byOrganisation.set(command.organisation_id, [
          ...(byOrganisation.get(command.organisation_id) ?? []),
          command,
        ]);
      }
      // Organisations in id order: the event-order locks are always taken in one order.
      for (const orgId of [...byOrganisation.keys()].sort((a, b) => a - b)) {
        const commands = byOrganisation.get(orgId)!;
        const subjects = await this.subjects.of(orgId, [
          ...new Set(commands.map((c) => c.device_id)),
        ]);
        await this.changes.record(
          orgId,
          this.commandEvents.of('command.expired', commands, subjects, {
            actor: SYSTEM,
            at: (command) => command.expires_at,
          }),
        );
      }
      return expired.length;
    });
  }
}
