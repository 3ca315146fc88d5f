import { Injectable } from '@nestjs/common';
import { rolloutsOf } from './change-rollouts';
import { DeviceLivenessService } from '../device-state/device-liveness.service';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { DevicesRepository } from '../devices/devices.repository';
import { TagsRepository } from '../devices/tags.repository';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { Change } from '../fleet-change/change';
import { Rollout } from '../firmware/rollout.entity';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { planStages, rolloutOrder } from '../common/staging/stages';
import { DEFAULT_ROLLOUT } from './rollout-plan';
import { toRolloutRecord } from './rollout.view';
import { RolloutsRepository } from './rollouts.repository';
import { UpgradeDataRepository } from '../firmware/upgrade-data.repository';
import { UpgradeInput } from './upgrade-rules';
import { planUpgradeWrite, targetsOf, UpgradeWriteFacts } from './upgrade-write-plan';
import { Upgrade } from '../firmware/upgrade.entity';
import { upgradeEvent } from './upgrade-events';
import { rolloutEvent } from './rollout-events';
import { emptyCounts } from './rollout-progress';
import { toUpgradeRecord, UpgradeWriteResult } from './upgrade.view';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';
import { newRequestId } from './upgrade-request';

/**
 * The upgrade write path (create and update, and staged rollouts): reads and locks what
 * the decision needs, decides by the pure `planUpgradeWrite`, stages a rollout and writes the
 * pending upgrades per stage, with a constant number of SQL statements whatever the number of
 * devices. UpgradesService runs it in a change (ChangeRunner) that locked the organisation.
 */
@Injectable()
export class UpgradeWriterService {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly tags: TagsRepository,
    private readonly devices: DevicesRepository,
    private readonly rollouts: RolloutsRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly liveness: DeviceLivenessService,
    private readonly subjects: DeviceSubjectsRepository,
  ) {}

  /**
   * A create (existing null) or the update of one pending upgrade, in the caller's change (the
   * organisation locked first): reads the facts, locks the rollouts that the pending upgrades it
   * takes leave, decides (`planUpgradeWrite`), writes per stage; the change settles the rollouts.
   * Unreleased versions count only with `includeUnreleased`. Every upgrade it creates or
   * rewrites joins one new request, whose id the result carries for the pages.
   */
  async write(
    change: Change,
    input: UpgradeInput,
    existing: Upgrade | null,
    includeUnreleased: boolean,
  ): Promise<UpgradeWriteResult> {
    const plan = planUpgradeWrite(
      await this.facts(change, input, existing, includeUnreleased),
      input,
    );
    const { orgId, at } = change;
    const requestId = newRequestId(at);
    const rollout = input.rollout
      ? await this.newRollout(orgId, plan.attributes.version, input.rollout, at)
      : null;
    if (rollout) {
      rolloutsOf(change).adopt(rollout);
      const none = rollout.stages.map(() => emptyCounts());
      change.record(
        rolloutEvent('rollout.created', rollout, { stage: null, counts: none }, change),
      );
      change.record(
        rolloutEvent('rollout.stage_opened', rollout, { stage: 1, counts: none }, change),
      );
    }
    // The last write that touches an upgrade decides its rollout: none without
    // `rollout`; else each device's stage, written with the upgrade (one update and one insert
    // per stage, whatever the number of devices).
    const stages = rollout
      ? await this.stagesOf(
          orgId,
          plan.devices,
          rollout.stages.map((stage) => stage.percent),
        )
      : [plan.devices];
    for (const [k, members] of stages.entries()) {
      const staged = {
        ...plan.attributes,
        rollout_id: rollout?.id ?? null,
        rollout_stage: rollout ? k + 1 : null,
        request_id: requestId,
      };
      await this.writes.updatePending(
        orgId,
        members.flatMap((d) => (d.pending_id === null ? [] : [d.pending_id])),
        staged,
      );
      await this.writes.insertPending(
        orgId,
        members.flatMap((d) => (d.pending_id === null ? [d.id] : [])),
        staged,
      );
    }
    rolloutsOf(change).upgradesChanged();
    await rolloutsOf(change).settle();
    const written = await this.upgrades.findPendingOfDevices(
      orgId,
      plan.devices.map((d) => d.id),
    );
    await this.recordWrites(
      change,
      written,
      new Set(plan.devices.flatMap((d) => d.pending_id ?? [])),
    );
    return {
      message: plan.created ? 'Upgrade created successfully' : 'Upgrade updated successfully',
      upgrades: written.map(toUpgradeRecord),
      request_id: requestId,
      ...(rollout ? { rollout: await this.rolloutRecord(orgId, rollout) } : {}),
    };
  }

  /**
   * What the write decides by: the releases, which target networks and tags are the
   * organisation's, the devices targeted with their pending upgrades. Pending upgrades the write
   * takes leave their rollouts: those are locked first, then the pending upgrades are
   * read again (a halt may have cancelled some meanwhile).
   */
  private async facts(
    change: Change,
    input: UpgradeInput,
    existing: Upgrade | null,
    includeUnreleased: boolean,
  ): Promise<UpgradeWriteFacts> {
    const { orgId } = change;
    const releases = await this.upgradeData.findVisible(orgId, true);
    const targets = targetsOf(input, existing);
    const targeted = await this.devices.findTargets(orgId, targets);
    const ids = targeted.map((d) => d.id);
    let pending = await this.upgrades.findPendingByDevice(orgId, ids);
    const left = await rolloutsOf(change).lock([...pending.values()].map((u) => u.rollout_id));
    if (left.length > 0) {
      pending = await this.upgrades.findPendingByDevice(orgId, ids);
    }
    return {
      existing,
      releases,
      includeUnreleased,
      ownNetworkIds: await this.networks.ownIds(orgId, targets.networkIds),
      ownTagIds: await this.tags.ownIds(orgId, targets.tagIds),
      devices: targeted.map((d) => ({ ...d, pending_id: pending.get(d.id)?.id ?? null })),
    };
  }

  /**
   * One `upgrade.created` or `upgrade.updated` per upgrade written, by the
   * change's actor; the devices and their networks read in one statement.
   */
  private async recordWrites(
    change: Change,
    written: Upgrade[],
    rewritten: ReadonlySet<number>,
  ): Promise<void> {
    const subjects = await this.subjects.of(
      change.orgId,
      written.map((upgrade) => upgrade.device_id),
    );
    for (const upgrade of written) {
      change.record(
        upgradeEvent(
          rewritten.has(upgrade.id) ? 'upgrade.updated' : 'upgrade.created',
          upgrade,
          subjects.get(upgrade.device_id),
          change,
        ),
      );
    }
  }

  /** A new rollout whose stage 1 opens now. */
  private newRollout(
    orgId: number,
    version: string,
    input: NonNullable<UpgradeInput['rollout']>,
    at: Date,
  ): Promise<Rollout> {
    return this.rollouts.create(orgId, {
      version,
      max_failure_percent: input.max_failure_percent ?? DEFAULT_ROLLOUT.max_failure_percent,
      auto_revert: input.auto_revert ?? DEFAULT_ROLLOUT.auto_revert,
      stage_wait_seconds: input.stage_wait_seconds ?? DEFAULT_ROLLOUT.stage_wait_seconds,
      stages: (input.stages ?? DEFAULT_ROLLOUT.stages).map((percent, k) => ({
        percent,
        opened_at: k === 0 ? at.toISOString() : null,
      })),
    });
  }

  /** The devices of each stage: ordered once, UP first, cut by the ceil formula. */
  private async stagesOf<T extends { id: number }>(
    orgId: number,
    devices: T[],
    percents: number[],
  ): Promise<T[][]> {
    const byId = new Map(devices.map((d) => [d.id, d]));
    const up = await this.liveness.upDeviceIds(orgId, [...byId.keys()]);
    return planStages(rolloutOrder([...byId.keys()], up), percents).map((ids) =>
      ids.map((id) => byId.get(id)!),
    );
  }

  private async rolloutRecord(orgId: number, rollout: Rollout) {
    const counts = await this.bookkeeping.stageCounts(orgId, [rollout]);
    return toRolloutRecord(rollout, counts.get(rollout.id)!);
  }
}
