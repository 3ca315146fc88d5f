import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import {
  PaginationMeta,
  paginationMeta,
  pageRequest,
  PaginationQueryDto,
} from '../common/pagination/pagination';
import { userActor } from '../event-log/event-actor';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { ConfigOutcome, ConfigRollout, ConfigRolloutState } from './config-rollout.entity';
import { ConfigRolloutDevicesRepository } from './config-rollout-devices.repository';
import { ConfigRolloutRunner } from './config-rollout-runner.service';
import { ConfigRolloutView } from './config-rollout.view';
import {
  configRolloutNotFound,
  configRolloutNotRevertible,
  configRolloutNotRunning,
} from './config-rollouts.errors';
import { ConfigRolloutsRepository } from './config-rollouts.repository';

/** A device of a rollout as its device list shows it. */
export interface ConfigRolloutDeviceView {
  id: number;
  mac_id: string;
  name: string | null;
  stage: number;
  outcome: string;
  reported_at: string | null;
  error: string | null;
}

/**
 * Configuration rollouts as the routes show them. Reads need either grant on the rollout's
 * network, halt and revert `full` (admins have both); a rollout of a network the caller may not
 * read, of another organisation, or unknown: 404 1052.
 */
@Injectable()
export class ConfigRolloutsService {
  constructor(
    private readonly rollouts: ConfigRolloutsRepository,
    private readonly members: ConfigRolloutDevicesRepository,
    private readonly runner: ConfigRolloutRunner,
    private readonly policy: NetworkAccessPolicy,
    private readonly changes: ChangeRunner,
    private readonly networks: LocationNetworksRepository,
  ) {}

  /** The rollouts the caller may read, newest first, paginated, by network and state. */
  async list(
    user: AuthUser,
    query: PaginationQueryDto & { network_id?: number; state?: ConfigRolloutState },
  ): Promise<{ config_rollouts: ConfigRolloutView[]; meta: PaginationMeta }> {
    const orgId = user.organisation_id;
    const page = pageRequest(query);
    const scope = await this.policy.readableScope(user);
    const [rollouts, count] = await this.rollouts.page(
      orgId,
      { network_id: query.network_id, state: query.state, networkIds: scope.networkIds },
      page.offset,
      page.perPage,
    );
    return {
      config_rollouts: await this.runner.views(orgId, rollouts),
      meta: paginationMeta(page, count),
    };
  }

  async show(user: AuthUser, id: number): Promise<ConfigRolloutView> {
    const rollout = await this.readable(user, id);
    return (await this.runner.views(user.organisation_id, [rollout]))[0];
  }

  /**
   * The rollout's devices by stage then order, with their outcomes (only those with `outcome`
   * when given), paginated.
   */
  async devices(
    user: AuthUser,
    id: number,
    query: PaginationQueryDto & { outcome?: ConfigOutcome },
  ): Promise<{ devices: ConfigRolloutDeviceView[]; meta: PaginationMeta }> {
    const rollout = await this.readable(user, id);
    const page = pageRequest(query);
    const [rows, count] = await this.members.page(
      user.organisation_id,
      rollout.id,
      query.outcome ?? null,
      page.offset,
      page.perPage,
    );
    return {
      devices: rows.map((row) => ({ ...row, reported_at: row.reported_at?.toISOString() ?? null })),
      meta: paginationMeta(page, count),
    };
  }

  /** Halts a running rollout by hand (needs `full`); one that is not running: 422 1039. */
  halt(user: AuthUser, id: number): Promise<ConfigRolloutView> {
    return this.locked(user, id, async (change, rollout, network) => {
      if (rollout.state !== 'running') {
        throw configRolloutNotRunning();
      }
      await this.runner.halt(change, rollout, network, 'manual');
    });
  }

  /**
   * Gives the devices of a halted rollout the network's configuration again (needs `full`); one
   * that is not halted, or was reverted already: 422 1039.
   */
  revert(user: AuthUser, id: number): Promise<ConfigRolloutView> {
    return this.locked(user, id, async (change, rollout, network) => {
      if (rollout.state !== 'halted' || rollout.reverted_at !== null) {
        throw configRolloutNotRevertible();
      }
      await this.runner.revert(change, rollout, network);
    });
  }

  private locked(
    user: AuthUser,
    id: number,
    work: (
      change: Parameters<Parameters<ChangeRunner['run']>[1]>[0],
      rollout: ConfigRollout,
      network: { id: number; network_name: string },
    ) => Promise<void>,
  ): Promise<ConfigRolloutView> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        const [rollout] = await this.rollouts.lock(orgId, [id]);
        if (!rollout) {
          throw configRolloutNotFound();
        }
        await this.policy.assertCanWrite(user, rollout.location_network_id, configRolloutNotFound);
        const network = (await this.networks.findById(orgId, rollout.location_network_id))!;
        await work(change, rollout, network);
        return (await this.runner.views(orgId, [rollout]))[0];
      },
      { actor: userActor(user) },
    );
  }

  private async readable(user: AuthUser, id: number): Promise<ConfigRollout> {
    const rollout = await this.rollouts.findById(user.organisation_id, id);
    if (!rollout) {
      throw configRolloutNotFound();
    }
    await this.policy.assertCanRead(user, rollout.location_network_id, configRolloutNotFound);
    return rollout;
  }
}
