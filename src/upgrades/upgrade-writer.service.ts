import { Injectable } from '@nestjs/common';
import { MAX_LIST_ENTRIES } from '../common/limits/list-limit';
import { DeviceLivenessService } from '../device-state/device-liveness.service';
import { DevicesRepository } from '../devices/devices.repository';
import { TagsRepository } from '../devices/tags.repository';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { Rollout } from './rollout.entity';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { DEFAULT_ROLLOUT, planStages, rolloutOrder } from './rollout-plan';
import { toRolloutRecord } from './rollout.view';
import { RolloutsRepository } from './rollouts.repository';
import { UpgradeDataRepository } from './upgrade-data.repository';
import { releaseForPart, resolveRelease, resolveSchedule, UpgradeInput } from './upgrade-rules';
import { parseTargets, UpgradeTargets } from './upgrade-targets';
import { Upgrade } from './upgrade.entity';
import { toUpgradeRecord, UpgradeWriteResult } from './upgrade.view';
import {
  firmwareMissing,
  invalidTargets,
  noMatchingDevices,
  noTargets,
  tooManyTargets,
} from './upgrades.errors';
import { UpgradesRepository } from './upgrades.repository';

/**
 * The upgrade write path (SPEC 4.4 create and update, DEVICES 6 rollouts): resolves the release,
 * validates the targets, stages a rollout, writes the pending upgrades per stage and settles
 * the rollouts they leave, with a constant number of SQL statements whatever the number of
 * devices. UpgradesService runs it in a transaction after the role check.
 */
@Injectable()
export class UpgradeWriterService {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly networks: LocationNetworksRepository,
    private readonly tags: TagsRepository,
    private readonly devices: DevicesRepository,
    private readonly rollouts: RolloutsRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly liveness: DeviceLivenessService,
  ) {}

  /**
   * SPEC 4.4 create/update rules 1 to 5 for a new request (existing null) or one upgrade, in the
   * caller's transaction; unreleased versions count only with `includeUnreleased`.
   */
  async write(
    orgId: number,
    input: UpgradeInput,
    existing: Upgrade | null,
    includeUnreleased: boolean,
  ): Promise<UpgradeWriteResult> {
    const schedule = resolveSchedule(input, existing);
    if (!existing) {
      // Upgrade writes of an organisation run one after another (one pending upgrade per device).
      await this.organisations.lockForUpdate(orgId);
    }
    const releases = await this.upgradeData.findVisible(orgId, true);
    const { upgradeType, release } = resolveRelease(input, existing, releases, includeUnreleased);
    const targets = await this.validTargets(orgId, input.aps, existing);
    const targeted = await this.devices.findTargets(orgId, targets);
    let pending = await this.upgrades.findPendingByDevice(
      orgId,
      targeted.map((d) => d.id),
    );
    // Pending upgrades this write takes leave their rollouts (DEVICES 6): lock those first,
    // then read the pending upgrades again (a halt may have cancelled some meanwhile).
    const left = await this.bookkeeping.lock(
      orgId,
      [...pending.values()].map((u) => u.rollout_id),
    );
    if (left.length > 0) {
      pending = await this.upgrades.findPendingByDevice(
        orgId,
        targeted.map((d) => d.id),
      );
    }
    const devices = targeted.map((d) => ({ ...d, pending_id: pending.get(d.id)?.id ?? null }));
    if (devices.length === 0) {
      throw noMatchingDevices();
    }
    const found = new Set(devices.map((d) => d.id));
    const unknownAps = [
      ...targets.deviceIds.filter((id) => !found.has(id)).map((id) => `AP:${id}`),
      ...targets.unmatched.devices,
    ];
    if (unknownAps.length > 0) {
      throw invalidTargets(unknownAps);
    }
    const withoutFirmware = devices.filter(
      (d) => !releaseForPart(releases, release.version, d.part_number, includeUnreleased),
    );
    if (withoutFirmware.length > 0) {
      throw firmwareMissing(
        release.version,
        withoutFirmware.map((d) => d.mac_id),
      );
    }
    const attributes = {
      version: release.version,
      upgrade_type: upgradeType,
      save_prev_config: input.save_prev_config ?? existing?.save_prev_config ?? false,
      ...schedule,
    };
    const at = new Date();
    const rollout = input.rollout
      ? await this.newRollout(orgId, release.version, input.rollout, at)
      : null;
    // The last write that touches an upgrade decides its rollout (DEVICES 6): none without
    // `rollout`; else each device's stage, written with the upgrade (one update and one insert
    // per stage, whatever the number of devices).
    const stages = rollout
      ? await this.stagesOf(
          orgId,
          devices,
          rollout.stages.map((stage) => stage.percent),
        )
      : [devices];
    for (const [k, members] of stages.entries()) {
      const staged = {
        ...attributes,
        rollout_id: rollout?.id ?? null,
        rollout_stage: rollout ? k + 1 : null,
      };
      await this.upgrades.updatePending(
        orgId,
        members.flatMap((d) => (d.pending_id === null ? [] : [d.pending_id])),
        staged,
      );
      await this.upgrades.insertPending(
        orgId,
        members.flatMap((d) => (d.pending_id === null ? [d.id] : [])),
        staged,
      );
    }
    const toUpdate = devices.filter((d) => d.pending_id !== null);
    await this.bookkeeping.settle(orgId, rollout ? [...left, rollout] : left, at);
    const written = await this.upgrades.findPendingOfDevices(
      orgId,
      devices.map((d) => d.id),
    );
    const created = !existing && toUpdate.length === 0;
    return {
      message: created ? 'Upgrade created successfully' : 'Upgrade updated successfully',
      upgrades: written.map(toUpgradeRecord),
      ...(rollout ? { rollout: await this.rolloutRecord(orgId, rollout) } : {}),
    };
  }

  /** A new rollout (DEVICES 6) whose stage 1 opens now. */
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
      stages: (input.stages ?? DEFAULT_ROLLOUT.stages).map((percent, k) => ({
        percent,
        opened_at: k === 0 ? at.toISOString() : null,
      })),
    });
  }

  /** The devices of each stage: ordered once, UP first, cut by the ceil formula (DEVICES 6). */
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

  /**
   * Parses `aps` and checks that every network and tag is the organisation's; on update the
   * upgrade's own device is always a target. Malformed entries and ids of other organisations
   * answer 422 naming them (an AP id is checked once the devices are loaded).
   */
  private async validTargets(
    orgId: number,
    aps: string[] | undefined,
    existing: Upgrade | null,
  ): Promise<UpgradeTargets> {
    if (!existing && (!aps || aps.length === 0)) {
      throw noTargets();
    }
    if (aps && aps.length > MAX_LIST_ENTRIES) {
      throw tooManyTargets();
    }
    const targets = parseTargets(aps ?? []);
    if (targets.malformed.length > 0) {
      throw invalidTargets(targets.malformed);
    }
    const networks = await this.networks.ownIds(orgId, targets.networkIds);
    const tags = await this.tags.ownIds(orgId, targets.tagIds);
    const foreign = [
      ...targets.networkIds.filter((id) => !networks.has(id)).map((id) => `network:${id}`),
      ...targets.tagIds.filter((id) => !tags.has(id)).map((id) => `tag:${id}`),
      ...targets.unmatched.groups,
    ];
    if (foreign.length > 0) {
      throw invalidTargets(foreign);
    }
    return existing
      ? { ...targets, deviceIds: [...new Set([existing.device_id, ...targets.deviceIds])] }
      : targets;
  }
}
