import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ForbiddenError, ValidationFailedError } from '../common/errors';
import { ListTooLongError, MAX_LIST_ENTRIES } from '../common/limits/list-limit';
import { normaliseMac } from '../common/mac/mac';
import { pageRequest, paginationMeta, PaginationMeta } from '../common/pagination/pagination';
import { UnitOfWork } from '../database/unit-of-work';
import { DevicesRepository } from '../devices/devices.repository';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { TagsRepository } from '../devices/tags.repository';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { parseTargets, targetProblem } from '../firmware/upgrade-targets';
import { Command } from './command.entity';
import { CommandEvents } from './command-events';
import { commandFields, CommandInput, MAX_OPEN_COMMANDS, shownState } from './command-rules';
import { CommandView, commandView } from './command.view';
import {
  commandLimitReached,
  commandNotFound,
  commandNotQueued,
  invalidCommandTargets,
} from './commands.errors';
import { CommandQuery, CommandsRepository } from './commands.repository';
import { CommandsQueryDto } from './dto/command.dto';
import { ChangeRunner } from '../fleet-change/change-runner.service';

/**
 * The command routes' rules. Admins act on every device of the organisation;
 * members on devices in networks where they have `full` access (and read only those commands).
 * A create is one transaction of a constant number of statements whatever the number of
 * devices, under the organisation's row (the per-device limit holds against concurrent creates).
 */
@Injectable()
export class CommandsService {
  constructor(
    private readonly commands: CommandsRepository,
    private readonly devices: DevicesRepository,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly tags: TagsRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly changes: ChangeRunner,
    private readonly commandEvents: CommandEvents,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  create(
    user: AuthUser,
    input: CommandInput & { aps?: unknown },
    via: RequestChannel = 'api',
  ): Promise<CommandView[]> {
    const fields = commandFields(input);
    const aps = input.aps;
    const problems = 'problems' in fields ? [...fields.problems] : [];
    if (!Array.isArray(aps) || aps.length === 0 || aps.some((entry) => typeof entry !== 'string')) {
      problems.unshift('command.aps must name at least one target');
    } else if (aps.length > MAX_LIST_ENTRIES) {
      throw new ListTooLongError('command.aps');
    }
    if (problems.length > 0 || 'problems' in fields) {
      throw new ValidationFailedError(problems);
    }
    const orgId = user.organisation_id;
    const now = new Date();
    return this.unitOfWork.run(async () => {
      await this.organisations.lockForUpdate(orgId);
      const targets = parseTargets(aps as string[]);
      const matched = await this.devices.findTargets(orgId, targets);
      const subjects = await this.subjects.of(
        orgId,
        matched.map((d) => d.id),
      );
      const reachable = await this.reachableNetworks(user);
      const found = matched.filter((d) => reachable(subjects.get(d.id)?.network?.id ?? null));
      const ownNetworkIds = await this.networks.ownIds(orgId, targets.networkIds);
      const problem = targetProblem(targets, {
        ownNetworkIds: new Set([...ownNetworkIds].filter(reachable)),
        ownTagIds: await this.tags.ownIds(orgId, targets.tagIds),
        deviceIds: new Set(found.map((d) => d.id)),
      });
      if (problem !== null) {
        throw invalidCommandTargets(
          problem === 'none'
            ? 'No device of the organisation matches the targets'
            : `Invalid targets: ${problem.invalid.join(', ')}`,
        );
      }
      const ids = found.map((d) => d.id);
      await this.assertFullAccess(
        user,
        found.map((d) => subjects.get(d.id)?.network?.id ?? null),
      );
      const cancelled = await this.commands.cancelQueued(orgId, ids, fields.type, now);
      const full = await this.commands.devicesAtLimit(orgId, ids, MAX_OPEN_COMMANDS, now);
      if (full.length > 0) {
        const macs = found.filter((d) => full.includes(d.id)).map((d) => d.mac_id);
        throw commandLimitReached(MAX_OPEN_COMMANDS, macs);
      }
      const created = await this.commands.insertFor(orgId, ids, {
        type: fields.type,
        params: fields.params,
        createdBy: { id: user.id, email: user.email },
        at: now,
        expiresAt: new Date(now.getTime() + fields.expiresInSeconds * 1000),
      });
      const by = { actor: userActor(user, via), at: now };
      await this.changes.record(orgId, [
        ...this.commandEvents.of('command.cancelled', cancelled, subjects, by),
        ...this.commandEvents.of('command.created', created, subjects, by),
      ]);
      return created.map((command) => commandView(command, now));
    });
  }

  async list(
    user: AuthUser,
    input: CommandsQueryDto,
  ): Promise<{ commands: CommandView[]; meta: PaginationMeta }> {
    let mac: string | undefined;
    if (input.mac_id !== undefined) {
      mac = normaliseMac(String(input.mac_id)) ?? undefined;
      if (mac === undefined) {
        throw new ValidationFailedError(['mac_id must be a MAC address']);
      }
    }
    const page = pageRequest(input);
    const query: CommandQuery = {
      mac,
      state: input.state,
      type: input.type,
      networkIds: await this.fullNetworks(user),
      skip: page.offset,
      take: page.perPage,
    };
    const now = new Date();
    const [rows, count] = await this.commands.page(user.organisation_id, query, now);
    return { commands: rows.map((c) => commandView(c, now)), meta: paginationMeta(page, count) };
  }

  async show(user: AuthUser, id: number): Promise<CommandView> {
    return commandView(await this.visible(user, id), new Date());
  }

  /** Cancels a queued command (422 1045 otherwise), with its command.cancelled. */
  cancel(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<CommandView> {
    const orgId = user.organisation_id;
    return this.unitOfWork.run(async () => {
      const now = new Date();
      const command = await this.visible(user, id);
      if (!(await this.commands.cancel(orgId, id, now))) {
        throw commandNotQueued(shownState(command, now));
      }
      const cancelled = (await this.commands.find(orgId, id))!;
      const subjects = await this.subjects.of(orgId, [cancelled.device_id]);
      await this.changes.record(
        orgId,
        this.commandEvents.of('command.cancelled', [cancelled], subjects, {
          actor: userActor(user, via),
          at: now,
        }),
      );
      return commandView(cancelled, now);
    });
  }

  /** The command if the caller may see it; 404 1044 otherwise. */
  private async visible(user: AuthUser, id: number): Promise<Command> {
    const command = await this.commands.find(user.organisation_id, id);
    const networks = await this.fullNetworks(user);
    if (command && networks !== undefined) {
      const subject = (await this.subjects.of(user.organisation_id, [command.device_id])).get(
        command.device_id,
      );
      if (!subject?.network || !networks.includes(subject.network.id)) {
        throw commandNotFound();
      }
    }
    if (!command) {
      throw commandNotFound();
    }
    return command;
  }

  /** A member's networks with `full` access; undefined for an admin (every device). */
  private async fullNetworks(user: AuthUser): Promise<number[] | undefined> {
    const levels = await this.access.levelsByNetwork(user);
    return levels === 'all'
      ? undefined
      : [...levels.entries()].filter(([, level]) => level === 'full').map(([id]) => id);
  }

  /**
   * Whether a target in this network exists for the caller: for an admin every network and no
   * network; for a member only the networks granted to them, at either level. A network without
   * a grant, its devices and the devices in no network answer as missing targets do (422 1030),
   * so that a member cannot tell them from ids that exist nowhere; a `read_only` grant's devices
   * are found, and refused with 403 1029.
   */
  private async reachableNetworks(user: AuthUser): Promise<(networkId: number | null) => boolean> {
    const levels = await this.access.levelsByNetwork(user);
    return (networkId) => levels === 'all' || (networkId !== null && levels.has(networkId));
  }

  /** 403 1029 unless the caller has `full` access to every one of these networks. */
  private async assertFullAccess(user: AuthUser, networkIds: (number | null)[]): Promise<void> {
    const full = await this.fullNetworks(user);
    if (full !== undefined && networkIds.some((id) => id === null || !full.includes(id))) {
      throw new ForbiddenError('Commands need full access to the network of every target device');
    }
  }
}
