import { Injectable } from '@nestjs/common';
import { EventSubject } from '../devices/device-subjects.repository';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { NewEvent } from '../event-log/events.repository';
import { Command } from './command.entity';

type CommandEventType =
  | 'command.created'
  | 'command.succeeded'
  | 'command.failed'
  | 'command.expired'
  | 'command.cancelled';

/**
 * The `command.*` events, one per device: `{command_id, command_type, output,
 * error}`, about the device and its network now. A command whose device left the organisation
 * records none.
 */
@Injectable()
export class CommandEvents {
  of(
    type: CommandEventType,
    commands: Command[],
    subjects: Map<number, EventSubject>,
    by: { actor: EventActor; at: Date | ((command: Command) => Date) },
  ): NewEvent[] {
    return commands.flatMap((command) => {
      const subject = subjects.get(command.device_id);
      if (!subject) {
        return [];
      }
      const at = typeof by.at === 'function' ? by.at(command) : by.at;
      return [
        eventOf(
          type,
          subject,
          {
            command_id: command.id,
            command_type: command.type,
            output: command.output,
            error: command.error,
          },
          { actor: by.actor, at },
        ),
      ];
    });
  }
}
