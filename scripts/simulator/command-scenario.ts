/**
 * The `--commands` scenario: half-way through the run the admin reboots the network
 * (`POST /v1/access_points/commands`, `aps: ["network:<id>"]`), then asks the first device told
 * to locate and the second to ping. The summary says how many devices were told, how many
 * rebooted and came back, and how long after the request the last was back: as the devices saw it
 * (each one's first check-in after its reboot answered, carrying the result), and as the service
 * shows it (every reboot `succeeded` in `GET /v1/access_points/commands`, polled every 0.5 s).
 */
import type { VirtualDevice } from './device';
import type { FleetContext } from './fleet-context';
import type { ApiClient } from './http';
import type { Fleet } from './setup';
import { errorMessage } from './tally';

/** How often the admin counts the reboots the service shows succeeded. */
const POLL_MS = 500;

/** A command record as the routes answer it, as far as the scenario reads it. */
interface CommandRecord {
  id: number;
  type: string;
  state: string;
  device: { id: number; mac_id: string };
  output: string | null;
  error: string | null;
}

/** A locate or ping of the scenario as the service shows it at the end. */
export interface CommandOutcome {
  mac_id: string;
  state: string;
  output: string | null;
  error: string | null;
}

export interface CommandsCheck {
  reboot: {
    network_id: number;
    requested_at_seconds: number;
    /** Devices the request queued a reboot for (0: it was refused). */
    told: number;
    /** Devices that went down for it (their own view). */
    rebooted: number;
    /** Devices whose first check-in after it was answered. */
    back: number;
    /** From the request to the last device back (null: not all came back). */
    all_back_seconds: number | null;
    /** From the request until the service showed every reboot succeeded (null: it did not). */
    all_succeeded_seconds: number | null;
    /** `GET /v1/access_points/commands?type=reboot` at the end, by state (null: not read). */
    server: Record<string, number> | null;
  };
  /** Null when not asked (the reboot was refused) or not read back. */
  locate: CommandOutcome | null;
  ping: CommandOutcome | null;
}

const ROUTE = '/v1/access_points/commands';

export class CommandScenario {
  private requestedAt: number | null = null;
  private readonly told = new Set<number>();
  private succeededAt: number | null = null;
  private readonly asked = new Map<'locate' | 'ping', number>();
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: ApiClient,
    private readonly fleet: Fleet,
    private readonly ctx: FleetContext,
  ) {}

  /** The reboot of the network, then the locate and the ping; the poll of the service. */
  async start(log: (message: string) => void): Promise<void> {
    this.requestedAt = this.ctx.now();
    const told = await this.create({ type: 'reboot', aps: [`network:${this.fleet.networkId}`] });
    told.forEach((command) => this.told.add(command.id));
    log(
      `Reboot of network ${this.fleet.networkId} queued for ${told.length} devices at ${(this.requestedAt / 1000).toFixed(1)} s`,
    );
    if (told.length === 0) {
      return;
    }
    this.poll = setTimeout(() => void this.count(), POLL_MS);
    const [first, second = first] = told.map((command) => command.device.id);
    const others = [
      ['locate', first, { duration_seconds: 30 }],
      ['ping', second, { host: '192.0.2.1', count: 4 }],
    ] as const;
    for (const [type, device, params] of others) {
      const [command] = await this.create({ type, aps: [`AP:${device}`], params });
      if (command) {
        this.asked.set(type, command.id);
      }
    }
  }

  stop(): void {
    clearTimeout(this.poll);
  }

  /** Devices told and back, for the progress line (null before the reboot is queued). */
  progress(devices: VirtualDevice[]): { told: number; back: number } | null {
    return this.told.size === 0 ? null : { told: this.told.size, back: this.back(devices).length };
  }

  /** Every device told back, the service showing it, and every result taken. */
  settled(devices: VirtualDevice[]): boolean {
    return (
      this.told.size === 0 ||
      (this.back(devices).length === this.told.size &&
        this.succeededAt !== null &&
        devices.every((device) => device.commands.book.idle))
    );
  }

  /** Null when the reboot was not requested (the run was interrupted before half-way). */
  async report(devices: VirtualDevice[]): Promise<CommandsCheck | null> {
    const from = this.requestedAt;
    if (from === null) {
      return null;
    }
    const reboots = devices.flatMap((device) =>
      [...device.commands.book.reboots.values()].filter((reboot) => this.told.has(reboot.id)),
    );
    const back = this.back(devices);
    const seconds = (at: number | null) => (at === null ? null : (at - from) / 1000);
    const outcome = async (type: 'locate' | 'ping') => {
      const id = this.asked.get(type);
      const record =
        id === undefined
          ? null
          : (await this.read<{ command: CommandRecord }>(`${ROUTE}/${id}`, `${ROUTE}/:id`))
              ?.command;
      return record ? { mac_id: record.device.mac_id, ...pick(record) } : null;
    };
    return {
      reboot: {
        network_id: this.fleet.networkId,
        requested_at_seconds: from / 1000,
        told: this.told.size,
        rebooted: reboots.length,
        back: back.length,
        all_back_seconds:
          this.told.size > 0 && back.length === this.told.size
            ? seconds(back.reduce((a, b) => Math.max(a, b), 0))
            : null,
        all_succeeded_seconds: seconds(this.succeededAt),
        server: this.told.size === 0 ? null : await this.rebootStates(),
      },
      locate: await outcome('locate'),
      ping: await outcome('ping'),
    };
  }

  /** When each device told was back (ms of the run). */
  private back(devices: VirtualDevice[]): number[] {
    return devices.flatMap((device) =>
      [...device.commands.book.reboots.values()]
        .filter((reboot) => this.told.has(reboot.id) && reboot.backAt !== null)
        .map((reboot) => reboot.backAt!),
    );
  }

  /** Counts the reboots the service shows succeeded, again every 0.5 s until all are. */
  private async count(): Promise<void> {
    const query = new URLSearchParams({ type: 'reboot', state: 'succeeded', per_page: '1' });
    const page = await this.read<{ meta: { count: number } }>(`${ROUTE}?${query}`, ROUTE);
    if (page && page.meta.count >= this.told.size) {
      this.succeededAt = this.ctx.now();
    } else if (!this.ctx.signal.aborted) {
      this.poll = setTimeout(() => void this.count(), POLL_MS);
    }
  }

  /** Every reboot command of the organisation, counted by state. */
  private async rebootStates(): Promise<Record<string, number> | null> {
    const counts: Record<string, number> = {};
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ type: 'reboot', per_page: '1000', page: String(page) });
      const data = await this.read<{ commands: CommandRecord[]; meta: { next: number | null } }>(
        `${ROUTE}?${query}`,
        ROUTE,
      );
      if (!data) {
        return null;
      }
      data.commands.forEach(
        (command) => (counts[command.state] = (counts[command.state] ?? 0) + 1),
      );
      if (data.meta.next === null) {
        return counts;
      }
    }
  }

  /** POST a command as the admin: the commands queued ([] when refused). */
  private async create(command: Record<string, unknown>): Promise<CommandRecord[]> {
    try {
      const response = await this.client.request('operator', 'POST', ROUTE, {
        auth: this.fleet.adminAuth,
        body: { command },
      });
      if (response.status === 200) {
        return (response.body as { data: { commands: CommandRecord[] } }).data.commands;
      }
      this.ctx.error(`POST ${ROUTE}`, response);
    } catch (error) {
      this.ctx.error(`POST ${ROUTE}`, errorMessage(error));
    }
    return [];
  }

  /** GET as the admin: the answer's `data`, or null when it could not be read. */
  private async read<T>(path: string, route: string): Promise<T | null> {
    try {
      const response = await this.client.request('operator', 'GET', path, {
        auth: this.fleet.adminAuth,
      });
      if (response.status === 200) {
        return (response.body as { data: T }).data;
      }
      this.ctx.error(`GET ${route}`, response);
    } catch (error) {
      this.ctx.error(`GET ${route}`, errorMessage(error));
    }
    return null;
  }
}

const pick = ({ state, output, error }: CommandRecord) => ({ state, output, error });

/** What fails a `--commands` run: a device not told, not back, or a command not succeeded. */
export function commandProblems(check: CommandsCheck | null, devices: number): string[] {
  if (!check) {
    return [];
  }
  const { reboot } = check;
  if (reboot.told === 0) {
    return ['the reboot of the network could not be queued'];
  }
  const problems: string[] = [];
  if (reboot.told !== devices) {
    problems.push(`the reboot was queued for ${reboot.told} of ${devices} devices`);
  }
  if (reboot.back !== reboot.told) {
    problems.push(`${reboot.told - reboot.back} of ${reboot.told} devices did not come back`);
  }
  const server = reboot.server;
  if (!server || server.succeeded !== reboot.told || Object.keys(server).length !== 1) {
    problems.push(
      `the service shows reboots ${JSON.stringify(server)}, not ${reboot.told} succeeded`,
    );
  }
  for (const type of ['locate', 'ping'] as const) {
    if (check[type]?.state !== 'succeeded') {
      problems.push(`the ${type} is ${check[type]?.state ?? 'not known'}, not succeeded`);
    }
  }
  return problems;
}

/** The summary's lines: `reboot of network 3 at 60.0 s: 50 told, 50 rebooted, 50 back`, … */
export function commandsLines(check: CommandsCheck): string[] {
  const r = check.reboot;
  const after = (value: number | null, what: string, never: string) =>
    value === null ? never : `${what} ${value.toFixed(1)} s after the request`;
  const back = after(r.all_back_seconds, 'every device back', 'not every device came back');
  const succeeded = after(
    r.all_succeeded_seconds,
    'every reboot succeeded in the service',
    'the service never showed every reboot succeeded',
  );
  const lines = [
    `reboot of network ${r.network_id} at ${r.requested_at_seconds.toFixed(1)} s: ${r.told} told, ${r.rebooted} rebooted, ${r.back} back`,
    `  ${back}; ${succeeded} (at the end ${JSON.stringify(r.server)})`,
  ];
  for (const type of ['locate', 'ping'] as const) {
    const c = check[type];
    if (c) {
      const text = (c.output ?? c.error ?? '').split('\n').filter(Boolean).pop() ?? '';
      lines.push(`${type} ${c.mac_id}: ${c.state}${text ? `, ${text}` : ''}`);
    }
  }
  return lines;
}
