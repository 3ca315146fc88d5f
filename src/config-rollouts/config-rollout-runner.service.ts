import { Injectable } from '@nestjs/common';
import { planStages, rolloutOrder } from '../common/staging/stages';
import { configChanged } from '../config-changes/config-changes';
import { DeviceLivenessService } from '../device-state/device-liveness.service';
import { DevicesRepository } from '../devices/devices.repository';
import { SYSTEM } from '../event-log/event-actor';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { EventType } from '../event-log/event-types';
import { Change } from '../fleet-change/change';
import { NetworkSsidsService } from '../network-ssids/network-ssids.service';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { ConfigRollout, ConfigRolloutStage, RolloutSsid } from './config-rollout.entity';
import { ConfigRolloutDevicesRepository } from './config-rollout-devices.repository';
import {
  configProgress,
  countsByRollout,
  openedCount,
  OutcomeCounts,
} from './config-rollout-progress';
import { ConfigRolloutView, configRolloutView } from './config-rollout.view';
import { ConfigRolloutsRepository } from './config-rollouts.repository';

/** What a staged publish asks for. */
export interface StagedPublish {
  network: { id: number; network_name: string; config_version: number };
  ssids: RolloutSsid[];
  diff: Record<string, unknown>;
  stages: number[];
  max_failure_percent: number;
  watch_seconds: number;
  auto_revert: boolean;
  stage_wait_seconds: number;
  created_by: { id: number; email: string };
}

type Network = { id: number; network_name: string };

/**
 * The transitions of configuration rollouts, each in the caller's change with the rollout's row
 * locked (so each happens once however many instances run), in a constant number of statements
 * whatever the number of devices: creation (the devices laid out in stages, stage 1 opened),
 * settling (DOWN devices failed, watched ones succeeded, the threshold's halt, stages opened,
 * completion), the manual halt and the revert. Each transition that changes which configuration
 * devices are given (a stage opening, a revert, a completion, a new rollout that supersedes a
 * halted one) says so through its change (`configChanged` for the rollout's network), after its
 * writes, so that the devices' stored revisions stay those of the configurations
 * chooseConfiguration gives them.
 */
@Injectable()
export class ConfigRolloutRunner {
  constructor(
    private readonly rollouts: ConfigRolloutsRepository,
    private readonly devices: ConfigRolloutDevicesRepository,
    private readonly fleet: DevicesRepository,
    private readonly liveness: DeviceLivenessService,
    private readonly networks: LocationNetworksRepository,
    private readonly ssids: NetworkSsidsService,
  ) {}

  /**
   * Creates the rollout of a staged publish, in the caller's change under the network's row: the
   * network's devices now, ordered and split into stages as a firmware rollout's are; stage 1
   * opens at once. The network is marked as running a rollout.
   */
  async create(change: Change, publish: StagedPublish): Promise<ConfigRolloutView> {
    const orgId = change.orgId;
    const now = change.at.toISOString();
    const stages: ConfigRolloutStage[] = publish.stages.map((percent, k) => ({
      percent,
      opened_at: k === 0 ? now : null,
      finished_at: null,
    }));
    const rollout = await this.rollouts.create(orgId, {
      location_network_id: publish.network.id,
      base_version: publish.network.config_version,
      ssids: publish.ssids,
      diff: publish.diff,
      stages,
      max_failure_percent: publish.max_failure_percent,
      watch_seconds: publish.watch_seconds,
      auto_revert: publish.auto_revert,
      stage_wait_seconds: publish.stage_wait_seconds,
      created_by_id: publish.created_by.id,
      created_by_email: publish.created_by.email,
    });
    const ids = (await this.fleet.findPlain(orgId, { networkId: publish.network.id })).map(
      (d) => d.id,
    );
    const up = await this.liveness.upDeviceIds(orgId, ids);
    let position = 0;
    const rows = planStages(rolloutOrder(ids, up), publish.stages).flatMap((stage, k) =>
      stage.map((device_id) => ({ device_id, stage: k + 1, position: position++ })),
    );
    await this.devices.insert(orgId, rollout.id, rows);
    await this.devices.open(orgId, rollout.id, { from: 1, to: 1 }, this.liveness.at(change.at));
    await this.networks.startConfigRollout(orgId, publish.network.id, rollout.id);
    // Stage 1's devices are given the rollout's configuration, the others (those of a halted
    // rollout it supersedes too) the network's.
    await configChanged(change, { networkIds: [publish.network.id] });
    const network = { id: publish.network.id, network_name: publish.network.network_name };
    change.record(this.event('config_rollout.created', rollout, network, {}, change));
    change.record(
      this.event('config_rollout.stage_opened', rollout, network, { stage: 1 }, change),
    );
    return (await this.views(orgId, [rollout]))[0];
  }

  /**
   * Settles the organisation's running rollouts (the periodic work): locks them, fails the waiting
   * devices that went DOWN, succeeds those whose watch passed, then applies the staging rules:
   * halt above the threshold (and revert with auto_revert), open the next stages, complete.
   * Returns how many rollouts changed.
   */
  async settleRunning(change: Change): Promise<number> {
    const orgId = change.orgId;
    const rollouts = await this.rollouts.lockRunning(orgId);
    if (rollouts.length === 0) {
      return 0;
    }
    const ids = rollouts.map((r) => r.id);
    await this.devices.failDown(orgId, ids, this.liveness.at(change.at));
    await this.devices.succeedWatched(orgId, ids, change.at);
    const counts = countsByRollout(rollouts, await this.devices.counts(orgId, ids));
    const networks = await this.networksOf(orgId, rollouts);
    let moved = 0;
    // The networks of the rollouts that opened stages and still run: their stored revisions are
    // brought up to date at once, after the loop (halts and completions say so themselves).
    const opened: number[] = [];
    for (const rollout of rollouts) {
      const next = configProgress(rollout, counts.get(rollout.id)!, change.at);
      if (!next.changed) {
        continue;
      }
      moved += 1;
      const network = networks.get(rollout.location_network_id)!;
      if (next.halted) {
        await this.halt(change, rollout, network, 'threshold');
        continue;
      }
      const before = openedCount(rollout.stages);
      rollout.stages = next.stages.map((stage) => ({
        percent: stage.percent,
        opened_at: stage.opened_at,
        finished_at: stage.finished_at ?? null,
      }));
      rollout.next_stage_at = next.next_stage_at;
      const after = openedCount(rollout.stages);
      if (after > before) {
        await this.devices.open(
          orgId,
          rollout.id,
          { from: before + 1, to: after },
          this.liveness.at(change.at),
        );
        for (let stage = before + 1; stage <= after; stage++) {
          change.record(
            this.event('config_rollout.stage_opened', rollout, network, { stage }, change),
          );
        }
      }
      if (next.state === 'completed') {
        await this.complete(change, rollout, network);
      } else {
        await this.rollouts.save(orgId, rollout);
        if (after > before) {
          opened.push(rollout.location_network_id);
        }
      }
    }
    await configChanged(change, { networkIds: opened });
    return moved;
  }

  /**
   * Halts a running rollout (locked by the caller): stages not opened never open, the network's
   * configuration may change again, and with auto_revert its devices are given it back.
   */
  async halt(
    change: Change,
    rollout: ConfigRollout,
    network: Network,
    reason: 'threshold' | 'manual',
  ): Promise<void> {
    rollout.state = 'halted';
    rollout.next_stage_at = null;
    rollout.finished_at = change.at;
    await this.networks.endConfigRollout(change.orgId, rollout.location_network_id);
    change.record(this.event('config_rollout.halted', rollout, network, { reason }, change));
    if (rollout.auto_revert) {
      await this.revert(change, rollout, network);
    } else {
      await this.rollouts.save(change.orgId, rollout);
    }
  }

  /**
   * Gives every device of the opened stages of a halted rollout the network's configuration
   * again (the configuration choice reads `reverted_at`) and lists their MACs in `reverted`.
   */
  async revert(change: Change, rollout: ConfigRollout, network: Network): Promise<void> {
    rollout.reverted = await this.devices.macsOfStages(
      change.orgId,
      rollout.id,
      openedCount(rollout.stages),
    );
    rollout.reverted_at = change.at;
    await this.rollouts.save(change.orgId, rollout);
    await configChanged(change, { networkIds: [rollout.location_network_id] });
    change.record(this.event('config_rollout.reverted', rollout, network, {}, change));
  }

  /** The records of these rollouts: one counting statement and one network read for all. */
  async views(orgId: number, rollouts: ConfigRollout[]): Promise<ConfigRolloutView[]> {
    if (rollouts.length === 0) {
      return [];
    }
    const ids = rollouts.map((r) => r.id);
    const counts = countsByRollout(rollouts, await this.devices.counts(orgId, ids));
    const networks = await this.networksOf(orgId, rollouts);
    return rollouts.map((rollout) =>
      configRolloutView(
        rollout,
        networks.get(rollout.location_network_id) ?? {
          id: rollout.location_network_id,
          network_name: '',
        },
        counts.get(rollout.id) as OutcomeCounts[],
      ),
    );
  }

  /**
   * The last stage finished: the rollout's SSIDs become the network's (with their `ssid.*`
   * events, by the user who published), so every device of the network runs them; the publish
   * brings the network's stored revisions up to date (after the rollout is saved completed).
   */
  private async complete(change: Change, rollout: ConfigRollout, network: Network): Promise<void> {
    rollout.state = 'completed';
    rollout.finished_at = change.at;
    rollout.next_stage_at = null;
    await this.rollouts.save(change.orgId, rollout);
    // Cleared first: the publish's version bump is refused while a rollout runs.
    await this.networks.endConfigRollout(change.orgId, rollout.location_network_id);
    const publisher: EventActor = {
      type: 'user',
      id: rollout.created_by_id,
      email: rollout.created_by_email,
      via: 'api',
    };
    await this.ssids.publishSsids(change.orgId, network, rollout.ssids, {
      actor: publisher,
      at: change.at,
    });
    change.record(this.event('config_rollout.completed', rollout, network, {}, change));
  }

  private async networksOf(
    orgId: number,
    rollouts: ConfigRollout[],
  ): Promise<Map<number, Network>> {
    const ids = [...new Set(rollouts.map((r) => r.location_network_id))];
    return new Map(
      (await this.networks.findByIds(orgId, ids)).map((n) => [
        n.id,
        { id: n.id, network_name: n.network_name },
      ]),
    );
  }

  private event(
    type: EventType,
    rollout: ConfigRollout,
    network: Network,
    data: Record<string, unknown>,
    change: Change,
  ) {
    const actor = change.actor.type === 'system' ? SYSTEM : change.actor;
    return eventOf(
      type,
      { device: null, network },
      { config_rollout_id: rollout.id, ...data },
      { actor, at: change.at },
    );
  }
}
