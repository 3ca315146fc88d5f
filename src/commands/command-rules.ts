import { isIP } from 'node:net';

export const COMMAND_TYPES = ['reboot', 'locate', 'ping'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
export const COMMAND_STATES = [
  'queued',
  'sent',
  'succeeded',
  'failed',
  'expired',
  'cancelled',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const OPEN_COMMAND_STATES: readonly CommandState[] = ['queued', 'sent'];

/** At most this many commands queued or sent per device (422 1046). */
export const MAX_OPEN_COMMANDS = 10;
const EXPIRES_DEFAULT = 3600;
const EXPIRES_MIN = 10;
const EXPIRES_MAX = 604800;
const HOST =
  /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

export interface CommandInput {
  type?: unknown;
  params?: unknown;
  expires_in_seconds?: unknown;
}

const isInt = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/**
 * The command `input` asks for with its defaults in `params`, or every problem,
 * each naming its field (`command.…`).
 */
export function commandFields(
  input: CommandInput,
):
  | { type: CommandType; params: Record<string, unknown>; expiresInSeconds: number }
  | { problems: string[] } {
  const problems: string[] = [];
  const type = input.type as CommandType;
  if (!COMMAND_TYPES.includes(type)) {
    problems.push(`command.type must be one of ${COMMAND_TYPES.join(', ')}`);
  }
  const given = input.params ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    problems.push('command.params must be an object');
  }
  const params = (typeof given === 'object' && given !== null ? given : {}) as Record<
    string,
    unknown
  >;
  const known: Record<CommandType, string[]> = {
    reboot: [],
    locate: ['duration_seconds'],
    ping: ['host', 'count'],
  };
  let result: Record<string, unknown> = {};
  if (COMMAND_TYPES.includes(type)) {
    const unknown = Object.keys(params).filter((key) => !known[type].includes(key));
    if (unknown.length > 0) {
      problems.push(`command.params has unknown fields for ${type}: ${unknown.join(', ')}`);
    }
    if (type === 'locate') {
      const duration = params.duration_seconds ?? 60;
      if (!isInt(duration, 1, 3600)) {
        problems.push('command.params.duration_seconds must be an integer from 1 to 3600');
      }
      result = { duration_seconds: duration };
    } else if (type === 'ping') {
      const host = params.host;
      if (typeof host !== 'string' || !(isIP(host) !== 0 || HOST.test(host))) {
        problems.push(
          'command.params.host must be a host name or an IP address of at most 253 characters',
        );
      }
      const count = params.count ?? 4;
      if (!isInt(count, 1, 10)) {
        problems.push('command.params.count must be an integer from 1 to 10');
      }
      result = { host, count };
    }
  }
  const expires = input.expires_in_seconds ?? EXPIRES_DEFAULT;
  if (!isInt(expires, EXPIRES_MIN, EXPIRES_MAX)) {
    problems.push(
      `command.expires_in_seconds must be an integer from ${EXPIRES_MIN} to ${EXPIRES_MAX}`,
    );
  }
  return problems.length > 0
    ? { problems }
    : { type, params: result, expiresInSeconds: expires as number };
}

/** The state a command shows at `now`: an open one past its expiry is `expired`. */
export function shownState(
  command: { state: CommandState; expires_at: Date },
  now: Date,
): CommandState {
  return OPEN_COMMAND_STATES.includes(command.state) &&
    command.expires_at.getTime() <= now.getTime()
    ? 'expired'
    : command.state;
}
