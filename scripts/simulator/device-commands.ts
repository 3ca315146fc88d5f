/**
 * What a virtual device does with the commands its check-ins hand it. A command is
 * handed again until its result is taken, so the device carries out each id once and keeps the
 * result until a check-in that carries it is answered: a lost answer does not lose it, nor does
 * the device's own reboot (a real device keeps it on flash). A reboot's result is reported after
 * it, on the first check-in back, so `succeeded` says the device came back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FleetContext } from './fleet-context';

/** A command as the check-in answer hands it out. */
export interface HandedCommand {
  id: number;
  type: string;
  params: Record<string, unknown>;
}

/** An entry of the check-in's `command_results`. */
export interface CommandResultReport {
  id: number;
  state: 'succeeded' | 'failed';
  output?: string;
  error?: string;
}

/** The most results one check-in may carry. */
export const RESULTS_PER_CHECKIN = 10;

/** What the device does with a command: reboot (the result after it), or report a result now. */
export type CommandAction = { reboot: true } | { reboot: false; result: CommandResultReport };

export function actionFor(
  command: HandedCommand,
  random: () => number = Math.random,
): CommandAction {
  const { id, params } = command;
  switch (command.type) {
    case 'reboot':
      return { reboot: true };
    case 'locate':
      return { reboot: false, result: { id, state: 'succeeded', output: locateOutput(params) } };
    case 'ping':
      return {
        reboot: false,
        result: { id, state: 'succeeded', output: pingOutput(params, random) },
      };
    default:
      return {
        reboot: false,
        result: { id, state: 'failed', error: `unknown command type: ${command.type}` },
      };
  }
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** `LED blinking for 60 s` (the service fills in the default duration; 60 if it did not). */
export function locateOutput(params: Record<string, unknown>): string {
  return `LED blinking for ${numberOr(params.duration_seconds, 60)} s`;
}

/**
 * A ping's output as iputils prints it, every packet answered within 0.4 to 2.4 ms (simulated:
 * nothing is sent).
 */
export function pingOutput(params: Record<string, unknown>, random: () => number): string {
  const host = typeof params.host === 'string' ? params.host : '';
  const count = numberOr(params.count, 4);
  const rtts = Array.from({ length: count }, () => 0.4 + 2 * random());
  const avg = rtts.reduce((a, b) => a + b, 0) / count;
  const mdev = Math.sqrt(rtts.reduce((sum, rtt) => sum + (rtt - avg) ** 2, 0) / count);
  const ms = (value: number) => value.toFixed(3);
  return [
    `PING ${host} 56(84) bytes of data.`,
    ...rtts.map((rtt, i) => `64 bytes from ${host}: icmp_seq=${i + 1} ttl=64 time=${ms(rtt)} ms`),
    '',
    `--- ${host} ping statistics ---`,
    `${count} packets transmitted, ${count} received, 0% packet loss`,
    `rtt min/avg/max/mdev = ${[Math.min(...rtts), avg, Math.max(...rtts), mdev].map(ms).join('/')} ms`,
  ].join('\n');
}

export function rebootOutput(uptimeSeconds: number): string {
  return `rebooted after ${uptimeSeconds} s of uptime`;
}

/** A reboot the device carried out, in ms of the run. */
export interface RebootRecord {
  /** The command id. */
  id: number;
  downAt: number;
  /** When it was up again (null: still rebooting). */
  upAt: number | null;
  /** When a check-in carrying its result was answered: back for the service too. */
  backAt: number | null;
}

/** A device's commands: those it has carried out, and the results it has still to report. */
export class CommandBook {
  private readonly seen = new Set<number>();
  private readonly reported = new Set<number>();
  private pending: CommandResultReport[] = [];
  readonly reboots = new Map<number, RebootRecord>();

  /**
   * The commands of an answer the device has not carried out yet (each id once, in the answer's
   * order); `again`: how many it had reported already (the service should not hand them out).
   */
  receive(handed: HandedCommand[]): { fresh: HandedCommand[]; again: number } {
    const fresh: HandedCommand[] = [];
    let again = 0;
    for (const command of handed) {
      if (this.reported.has(command.id)) {
        again++;
      } else if (!this.seen.has(command.id)) {
        this.seen.add(command.id);
        fresh.push(command);
      }
    }
    return { fresh, again };
  }

  /** A result to report on the next check-ins until one is answered. */
  record(result: CommandResultReport): void {
    this.pending.push(result);
  }

  /** The results the next check-in carries: the oldest, at most 10; undefined when none. */
  toSend(): CommandResultReport[] | undefined {
    return this.pending.length > 0 ? this.pending.slice(0, RESULTS_PER_CHECKIN) : undefined;
  }

  /** A check-in that carried `sent` was answered at `at`: the service has those results. */
  taken(sent: CommandResultReport[] | undefined, at: number): void {
    for (const result of sent ?? []) {
      this.reported.add(result.id);
      const reboot = this.reboots.get(result.id);
      if (reboot && reboot.backAt === null) {
        reboot.backAt = at;
      }
    }
    this.pending = this.pending.filter((result) => !this.reported.has(result.id));
  }

  rebootStarted(id: number, at: number): void {
    this.reboots.set(id, { id, downAt: at, upAt: null, backAt: null });
  }

  /** Up again at `at` after `uptimeSeconds` before the reboot: the result waits for a check-in. */
  rebootEnded(id: number, at: number, uptimeSeconds: number): void {
    this.reboots.get(id)!.upAt = at;
    this.record({ id, state: 'succeeded', output: rebootOutput(uptimeSeconds) });
  }

  /** A reboot is under way: the device is down. */
  get rebooting(): boolean {
    return [...this.reboots.values()].some((reboot) => reboot.upAt === null);
  }

  /** Every command carried out and its result taken. */
  get idle(): boolean {
    return this.pending.length === 0 && !this.rebooting;
  }
}

/** What the device lends its commands. */
export interface CommandHost {
  /** An upgrade is under way (downloading, installing, rebooting into it): a reboot waits. */
  upgrading(): boolean;
  uptimeSeconds(): number;
  /** Down for `ms`, then up again with a new uptime. */
  restart(ms: number): Promise<void>;
  /** Queues a check-in (it carries the results) and resolves when it has run. */
  checkInSoon(): Promise<void>;
}

/** How often a reboot command looks whether the upgrade or reboot under way has ended. */
export const REBOOT_WAIT_MS = 200;

/**
 * A device carrying out its commands: each new one of an answer at once, a reboot in the
 * background (after the upgrade or reboot under way), the others' results reported on a
 * check-in of their own.
 */
export class DeviceCommands {
  readonly book = new CommandBook();

  constructor(
    private readonly ctx: Pick<FleetContext, 'now' | 'signal' | 'rebootMs' | 'anomaly' | 'error'>,
    private readonly host: CommandHost,
    private readonly random: () => number = Math.random,
  ) {}

  carryOut(handed: HandedCommand[]): void {
    const { fresh, again } = this.book.receive(handed);
    if (again > 0) {
      this.ctx.anomaly('a command whose result the service had taken was handed out again');
    }
    for (const command of fresh) {
      const action = actionFor(command, this.random);
      if (!action.reboot) {
        this.book.record(action.result);
        continue;
      }
      void this.reboot(command.id).catch((error: unknown) => {
        if (!this.ctx.signal.aborted) {
          this.ctx.error('reboot', error);
        }
      });
    }
    if (fresh.some((command) => command.type !== 'reboot')) {
      void this.host.checkInSoon();
    }
  }

  private async reboot(id: number): Promise<void> {
    while (this.book.rebooting || this.host.upgrading()) {
      await sleep(REBOOT_WAIT_MS, undefined, { signal: this.ctx.signal });
    }
    const uptime = this.host.uptimeSeconds();
    this.book.rebootStarted(id, this.ctx.now());
    await this.host.restart(this.ctx.rebootMs);
    this.book.rebootEnded(id, this.ctx.now(), uptime);
    await this.host.checkInSoon();
  }
}
