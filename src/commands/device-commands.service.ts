import { Injectable } from '@nestjs/common';
import { EventSubject } from '../devices/device-subjects.repository';
import { NewEvent } from '../event-log/events.repository';
import { CommandEvents } from './command-events';
import { CommandsRepository } from './commands.repository';

/** An open command as a check-in reads and hands it out. */
export interface OpenCommand {
  id: number;
  type: string;
  params: Record<string, unknown>;
  state: 'queued' | 'sent';
}

/** A device's report about one of its commands (a check-in's `command_results`). */
export interface CommandResult {
  id: number;
  state: 'succeeded' | 'failed';
  output?: string;
  error?: string;
}

/**
 * The device half of commands, in the check-in's transaction: each result closes
 * its command if it is the device's and still queued or sent (a conditional update: of two
 * instances, one closes it), and the first hand-out marks the queued ones `sent`. Answers the
 * events to record and the commands left to hand out.
 */
@Injectable()
export class DeviceCommandsService {
  constructor(
    private readonly commands: CommandsRepository,
    private readonly commandEvents: CommandEvents,
  ) {}

  async checkIn(
    orgId: number,
    subject: EventSubject,
    open: OpenCommand[],
    results: CommandResult[],
    now: Date,
  ): Promise<{ events: NewEvent[]; handOut: OpenCommand[] }> {
    const deviceId = subject.device.id;
    const subjects = new Map([[deviceId, subject]]);
    const by = { actor: { type: 'device' as const }, at: now };
    const events: NewEvent[] = [];
    for (const result of results) {
      const closed = await this.commands.close(
        orgId,
        deviceId,
        result.id,
        { state: result.state, output: result.output ?? null, error: result.error ?? null },
        now,
      );
      if (closed) {
        const type = closed.state === 'succeeded' ? 'command.succeeded' : 'command.failed';
        events.push(...this.commandEvents.of(type, [closed], subjects, by));
      }
    }
    const reported = new Set(results.map((result) => result.id));
    const handOut = open.filter((command) => !reported.has(command.id));
    const queued = handOut.filter((command) => command.state === 'queued').map((c) => c.id);
    if (queued.length > 0) {
      await this.commands.markSent(orgId, deviceId, queued, now);
    }
    return { events, handOut };
  }
}
