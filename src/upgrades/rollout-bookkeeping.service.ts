import { Injectable, OnModuleInit } from '@nestjs/common';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { ChangeRollouts, ROLLOUTS, rolloutsOf } from './change-rollouts';
import { DevicesRepository } from '../devices/devices.repository';
import { Change } from '../fleet-change/change';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { SYSTEM } from '../event-log/event-actor';
import { EventActor } from '../event-log/event.entity';
import { NewEvent } from '../event-log/events.repository';
import { rolloutEvent, rolloutTransitions } from './rollout-events';
import { lifecycleEvent, upgradeEvent } from './upgrade-events';
import { ClosedUpgrade, RevertRow } from './upgrade-writes.repository';
import { Rollout } from '../firmware/rollout.entity';
import {
  emptyCounts,
  progress,
  revertPlan,
  StageCounts,
  stageOpen,
  stageWaiting,
} from './rollout-progress';
import { RolloutsRepository } from './rollouts.repository';
import { Upgrade } from '../firmware/upgrade.entity';
import { UpgradeDataRepository } from '../firmware/upgrade-data.repository';
import { firmwareLocation } from './upgrade-rules';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';

/**
 * The bookkeeping of staged rollouts. Whoever changes upgrades of a rollout (a
 * device's report, the timeout, a create that takes pending upgrades, a delete, a device
 * removal) does it in a `Change` (ChangeRunner): it locks the rollout rows first, through the
 * change's rollouts (`rolloutsOf`: the part of a change this service registers with the kernel),
 * then changes the upgrades, and the change settles them in the same transaction, before it
 * commits: the stage transitions are decided there, under the lock, so each
 * happens exactly once however many instances run. The cost is a constant number of statements
 * whatever the rollout's size: the counts (1), the rollout row (1), a halt's cancellation (1)
 * and, with auto_revert, the revert and its events (6).
 */
@Injectable()
export class RolloutBookkeepingService implements OnModuleInit {
  constructor(
    private readonly changes: ChangeRunner,
    private readonly rollouts: RolloutsRepository,
    private readonly upgrades: UpgradesRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly devices: DevicesRepository,
    private readonly subjects: DeviceSubjectsRepository,
  ) {}

  /** Adds the rollouts to every change: locked once each, settled before the change commits. */
  onModuleInit(): void {
    this.changes.register(ROLLOUTS, {
      open: (change) => new ChangeRollouts(change, this),
      beforeCommit: (rollouts) => rollouts.settle(),
    });
  }

  /**
   * Locks the rollouts these ids name (nulls and repeats ignored; no statement for none). Changes
   * lock through their `Change`, which calls this once per rollout.
   */
  lock(orgId: number, ids: (number | null)[]): Promise<Rollout[]> {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    return this.rollouts.lock(orgId, unique);
  }

  /** The counts of each stage of each rollout, by rollout id (one statement). */
  async stageCounts(orgId: number, rollouts: Rollout[]): Promise<Map<number, StageCounts[]>> {
    const counts = new Map(
      rollouts.map((rollout) => [rollout.id, rollout.stages.map(() => emptyCounts())]),
    );
    const rows = await this.upgrades.countByRolloutStage(
      orgId,
      rollouts.map((rollout) => rollout.id),
    );
    for (const row of rows) {
      const stage = counts.get(row.rollout_id)?.[row.stage - 1];
      if (stage) {
        stage[row.status] += row.count;
      }
    }
    return counts;
  }

  /**
   * Applies the staged rollout rules to these rollouts, locked by the caller, after their upgrades
   * changed, or when its waiting stage is due (the soak sweep) or asked for now (`advance`): halt
   * above the threshold (cancelling what is pending), open the next stages, complete, and with
   * auto_revert revert the devices whose upgrade is done (also those that finish after the
   * halt). The rollout objects are updated in place.
   */
  async settle(
    orgId: number,
    rollouts: Rollout[],
    at: Date,
    record: (event: NewEvent) => void = () => undefined,
    { advance = false, actor = SYSTEM }: { advance?: boolean; actor?: EventActor } = {},
  ): Promise<void> {
    if (rollouts.length === 0) {
      return;
    }
    const counts = await this.stageCounts(orgId, rollouts);
    const by = { actor, at };
    for (const rollout of rollouts) {
      const stageCounts = counts.get(rollout.id)!;
      const before = {
        state: rollout.state,
        stages: rollout.stages.map((stage) => ({ ...stage })),
      };
      const next = progress(rollout, stageCounts, at, advance);
      let dirty = next.changed;
      if (next.changed) {
        rollout.state = next.state;
        rollout.stages = next.stages;
        rollout.next_stage_at = next.next_stage_at;
        rollout.finished_at = next.state === 'running' ? null : at;
      }
      for (const { type, stage } of rolloutTransitions(before, rollout)) {
        record(rolloutEvent(type, rollout, { stage, counts: stageCounts }, by));
      }
      if (next.halted) {
        const cancelled = await this.writes.cancelPending(orgId, rollout.id);
        await this.recordClosedWith(orgId, 'upgrade.cancelled', cancelled, by, record);
      }
      const done = stageCounts.reduce((sum, stage) => sum + stage.done, 0);
      if (rollout.state === 'halted' && rollout.auto_revert && done > 0) {
        dirty = (await this.revert(orgId, rollout, by, record)) || dirty;
      }
      if (dirty) {
        await this.rollouts.save(orgId, rollout);
      }
    }
  }

  /**
   * Runs `remove`, which deletes these devices with their upgrades, in this change, with the
   * rollouts of those upgrades locked before (their upgrades leave them; the change settles them).
   */
  async removing(change: Change, deviceIds: number[], remove: () => Promise<void>): Promise<void> {
    await rolloutsOf(change).lock(await this.upgrades.rolloutIdsOfDevices(change.orgId, deviceIds));
    await remove();
    rolloutsOf(change).upgradesChanged();
  }

  /**
   * Opens, in this change, the organisation's waiting stages that are due (the soak time passed):
   * the rollouts are locked through the change and decided again under the lock, so a stage
   * another instance opened first is not opened again. Returns how many rollouts moved.
   */
  async openDue(change: Change): Promise<number> {
    const ids = await this.rollouts.dueIds(change.orgId, change.at);
    const due = (await rolloutsOf(change).lock(ids)).filter(
      (rollout) => stageWaiting(rollout) && rollout.next_stage_at!.getTime() <= change.at.getTime(),
    );
    const before = due.map((rollout) => rollout.next_stage_at);
    await this.settle(change.orgId, due, change.at, (event) => change.record(event));
    return due.filter((rollout, k) => rollout.next_stage_at !== before[k]).length;
  }

  /** Opens the waiting stage of a running rollout (locked by the change) now, by its actor. */
  async advance(change: Change, rollout: Rollout): Promise<void> {
    await this.settle(change.orgId, [rollout], change.at, (event) => change.record(event), {
      advance: true,
      actor: change.actor,
    });
  }

  /** Halts a running rollout by hand (locked by the change): the same effects as a halt. */
  async halt(change: Change, rollout: Rollout): Promise<void> {
    rollout.state = 'halted';
    rollout.finished_at = change.at;
    rollout.next_stage_at = null;
    const counts = (await this.stageCounts(change.orgId, [rollout])).get(rollout.id)!;
    change.record(
      rolloutEvent('rollout.halted', rollout, { stage: null, counts, reason: 'manual' }, change),
    );
    const cancelled = await this.writes.cancelPending(change.orgId, rollout.id);
    await this.recordClosed(change, 'upgrade.cancelled', cancelled, SYSTEM);
    await this.rollouts.save(change.orgId, rollout);
    rolloutsOf(change).upgradesChanged();
    await rolloutsOf(change).settle();
  }

  /**
   * The events of upgrades a conditional update closed (`{upgrade_id, version,
   * previous_version, rollout_id, error}`), their devices read in one statement; by the
   * service unless another actor is given.
   */
  async recordClosed(
    change: Change,
    type: 'upgrade.failed' | 'upgrade.cancelled',
    closed: ClosedUpgrade[],
    actor = SYSTEM,
  ): Promise<void> {
    await this.recordClosedWith(change.orgId, type, closed, { actor, at: change.at }, (event) =>
      change.record(event),
    );
  }

  private async recordClosedWith(
    orgId: number,
    type: 'upgrade.failed' | 'upgrade.cancelled',
    closed: ClosedUpgrade[],
    by: { actor: EventActor; at: Date },
    record: (event: NewEvent) => void,
  ): Promise<void> {
    if (closed.length === 0) {
      return;
    }
    const subjects = await this.subjects.of(
      orgId,
      closed.map((upgrade) => upgrade.device_id),
    );
    for (const upgrade of closed) {
      record(lifecycleEvent(type, upgrade, subjects.get(upgrade.device_id), by));
    }
  }

  /**
   * Whether each of these upgrades' stage is open (true outside a rollout), reading the
   * rollouts not given (one statement, none when every rollout is known).
   */
  async stageOpenOf(
    orgId: number,
    upgrades: Upgrade[],
    known: Rollout[],
  ): Promise<(upgrade: Upgrade) => boolean> {
    const byId = new Map(known.map((rollout) => [rollout.id, rollout]));
    const missing = upgrades
      .filter((u) => u.status === 'pending' && u.rollout_id !== null && !byId.has(u.rollout_id))
      .map((u) => u.rollout_id!);
    for (const rollout of await this.rollouts.findMany(orgId, [...new Set(missing)])) {
      byId.set(rollout.id, rollout);
    }
    return (upgrade) => {
      const rollout = upgrade.rollout_id === null ? undefined : byId.get(upgrade.rollout_id);
      return !rollout || stageOpen(rollout, upgrade.rollout_stage);
    };
  }

  /**
   * Reverts the rollout's done devices not handled yet; true when it listed any.
   * Each batch is listed by device id. Each revert created is an `upgrade.created` by the
   * service (reverts that follow a halt), of the revert's own record.
   */
  private async revert(
    orgId: number,
    rollout: Rollout,
    by: { actor: EventActor; at: Date },
    record: (event: NewEvent) => void,
  ): Promise<boolean> {
    const at = by.at;
    const handled = new Set([...rollout.reverted, ...rollout.not_reverted]);
    // By device id, so that the lists read in a stable order.
    const done = (await this.upgrades.findDoneOfRollout(orgId, rollout.id))
      .filter((upgrade) => upgrade.device && !handled.has(upgrade.device.mac_id))
      .sort((a, b) => a.device_id - b.device_id);
    if (done.length === 0) {
      return false;
    }
    const deviceIds = done.map((upgrade) => upgrade.device_id);
    const parts = new Map(
      (await this.devices.findTargets(orgId, { deviceIds, networkIds: [], tagIds: [] })).map(
        (device) => [device.id, device.part_number],
      ),
    );
    const releases = await this.upgradeData.findVisible(orgId, true);
    const pending = await this.upgrades.findPendingByDevice(orgId, deviceIds);
    const plan = revertPlan(
      done.map((upgrade) => ({
        upgrade_id: upgrade.id,
        mac_id: upgrade.device!.mac_id,
        previous_version: upgrade.previous_version,
        previous_firmware:
          upgrade.previous_version === null
            ? null
            : firmwareLocation(
                releases,
                upgrade.previous_version,
                parts.get(upgrade.device_id) ?? null,
              ),
        has_pending: pending.has(upgrade.device_id),
      })),
    );
    const reverts = await this.writes.insertReverts(
      orgId,
      plan.revert.map((d) => d.upgrade_id),
      at,
    );
    await this.recordReverts(orgId, reverts, by, record);
    const inserted = new Set(reverts.map((revert) => revert.revert_of));
    const notReverted = new Set(plan.notReverted);
    for (const device of plan.revert) {
      if (!inserted.has(device.upgrade_id)) {
        notReverted.add(device.mac_id); // a pending upgrade came first
      }
    }
    rollout.reverted = [
      ...rollout.reverted,
      ...plan.revert.filter((d) => inserted.has(d.upgrade_id)).map((d) => d.mac_id),
    ];
    rollout.not_reverted = [
      ...rollout.not_reverted,
      ...done.map((u) => u.device!.mac_id).filter((mac) => notReverted.has(mac)),
    ];
    return true;
  }

  /** One `upgrade.created` per revert, in device order; the devices read in one statement. */
  private async recordReverts(
    orgId: number,
    reverts: RevertRow[],
    by: { actor: EventActor; at: Date },
    record: (event: NewEvent) => void,
  ): Promise<void> {
    if (reverts.length === 0) {
      return;
    }
    const subjects = await this.subjects.of(
      orgId,
      reverts.map((revert) => revert.device_id),
    );
    for (const revert of [...reverts].sort((a, b) => a.device_id - b.device_id)) {
      const upgrade = { id: revert.id, version: revert.version, rollout_id: null };
      record(upgradeEvent('upgrade.created', upgrade, subjects.get(revert.device_id), by));
    }
  }
}
