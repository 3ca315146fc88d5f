import { Command } from './command.entity';
import { CommandState, shownState } from './command-rules';

/** A command as the API answers it, its state as of `now`. */
export interface CommandView {
  id: number;
  type: string;
  params: Record<string, unknown>;
  state: CommandState;
  device: { id: number; mac_id: string; name: string | null };
  created_by: { id: number; email: string } | null;
  created_at: string;
  sent_at: string | null;
  completed_at: string | null;
  expires_at: string;
  output: string | null;
  error: string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function commandView(command: Command, now: Date): CommandView {
  const state = shownState(command, now);
  return {
    id: command.id,
    type: command.type,
    params: command.params,
    state,
    device: { id: command.device_id, mac_id: command.device_mac, name: command.device_name },
    created_by:
      command.created_by_id === null
        ? null
        : { id: command.created_by_id, email: command.created_by_email ?? '' },
    created_at: command.created_at.toISOString(),
    sent_at: iso(command.sent_at),
    // An expiry not yet recorded shows as the sweep will record it.
    completed_at: iso(
      state === 'expired' && command.state !== 'expired'
        ? command.expires_at
        : command.completed_at,
    ),
    expires_at: command.expires_at.toISOString(),
    output: command.output,
    error: command.error,
  };
}
