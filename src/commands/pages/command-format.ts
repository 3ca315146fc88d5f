import { CommandState } from '../command-rules';
import { CommandView } from '../command.view';

// How the console writes commands: pure, beside CommandPagesService.

const STATE_LABELS: Record<CommandState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

const TYPE_LABELS: Record<string, string> = { reboot: 'Reboot', locate: 'Locate', ping: 'Ping' };

/** A command as a row of the device page shows it. */
export interface CommandRow {
  id: number;
  type: string;
  state: string;
  stateClass: string;
  cancellable: boolean;
  createdAt: string;
  by: string;
  result: string | null;
  failed: boolean;
}

export function commandRow(command: CommandView): CommandRow {
  return {
    id: command.id,
    type: TYPE_LABELS[command.type] ?? command.type,
    state: STATE_LABELS[command.state],
    stateClass: `command-${command.state}`,
    cancellable: command.state === 'queued',
    createdAt: command.created_at,
    by: command.created_by?.email ?? 'Airfleet',
    result: command.error ?? command.output,
    failed: command.error !== null,
  };
}

/** The command a device page's button asks for; null for anything else. */
export function commandButtonType(form: unknown): 'reboot' | 'locate' | null {
  const type = (form as { type?: unknown } | null)?.type;
  return type === 'reboot' || type === 'locate' ? type : null;
}

/** "1 device", "12 devices" (one rule for every page: web/plural). */
export { plural } from '../../web/plural';
