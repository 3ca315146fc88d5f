import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ForbiddenError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { TagsRepository } from '../devices/tags.repository';
import { DevicesRepository } from '../devices/devices.repository';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { Upgrade, UPGRADE_STATUSES, UpgradeStatus } from './upgrade.entity';
import { MAX_LIST_ENTRIES } from '../common/limits/list-limit';
import {
  pageRequest,
  PaginationMeta,
  paginationMeta,
  PaginationQueryDto,
} from '../common/pagination/pagination';
import { UpgradeDataRepository } from './upgrade-data.repository';
import {
  releaseForPart,
  releasesWithFirmware,
  resolveRelease,
  resolveSchedule,
  UpgradeInput,
} from './upgrade-rules';
import { parseTargets, UpgradeTargets } from './upgrade-targets';
import {
  toUpgradeRecord,
  toVersionRecord,
  UpgradeRecord,
  UpgradeVersionRecord,
  UpgradeWriteResult,
} from './upgrade.view';
import {
  firmwareMissing,
  invalidTargets,
  tooManyTargets,
  noMatchingDevices,
  noTargets,
  upgradeNotFound,
  upgradeNotPending,
} from './upgrades.errors';
import { UpgradeFilter, UpgradesRepository, UpgradeVisibility } from './upgrades.repository';
import { UpgradeLifecycleService } from './upgrade-lifecycle.service';
import { compareVersions } from './version';
import { DeviceLivenessService } from '../device-state/device-liveness.service';
import { Rollout } from './rollout.entity';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { DEFAULT_ROLLOUT, planStages, rolloutOrder } from './rollout-plan';
import { RolloutsRepository } from './rollouts.repository';
import { toRolloutRecord } from './rollout.view';

/** Options a browser session may add (SPEC 4.4: the upgrade-version override). */
export interface UpgradeOptions {
  /** Offer and accept unreleased versions even to a user who is not a super administrator. */
  includeUnreleased?: boolean;
}

/**
 * Firmware upgrades (SPEC 2.5, 3.4, 4.4; CONTRACT 7). Used by the JSON controller and by the
 * browser pages alike: every method takes the caller, throws `{message, status}` errors, and
 * runs its writes in one transaction with a constant number of SQL statements.
 */
@Injectable()
export class UpgradesService {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly organisations: OrganisationsRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly networks: LocationNetworksRepository,
    private readonly tags: TagsRepository,
    private readonly devices: DevicesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly lifecycle: UpgradeLifecycleService,
    private readonly rollouts: RolloutsRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly liveness: DeviceLivenessService,
  ) {}

  /**
   * The upgrades the caller may see, oldest first, matching the filter (id, status, rollout, device);
   * timed-out upgrades are failed first (DEVICES 5). An upgrade
   * belongs to one device, so a member sees it when the device is in a network the member may
   * read (CONTRACT 9); admins see every upgrade of the organisation.
   */
  async list(user: AuthUser, filter: UpgradeFilter = {}): Promise<UpgradeRecord[]> {
    const visibility = await this.visibility(user);
    await this.lifecycle.sweepTimedOut(user.organisation_id);
    return (await this.upgrades.list(user.organisation_id, visibility, filter)).map(
      toUpgradeRecord,
    );
  }

  /** One page of list(), newest first (the upgrade list page). */
  async page(
    user: AuthUser,
    filter: UpgradeFilter,
    query: PaginationQueryDto,
  ): Promise<{ upgrades: UpgradeRecord[]; meta: PaginationMeta }> {
    const visibility = await this.visibility(user);
    await this.lifecycle.sweepTimedOut(user.organisation_id);
    const page = pageRequest(query);
    const [upgrades, count] = await this.upgrades.page(user.organisation_id, visibility, filter, {
      offset: page.offset,
      limit: page.perPage,
    });
    return { upgrades: upgrades.map(toUpgradeRecord), meta: paginationMeta(page, count) };
  }

  /** One upgrade the caller may see; any other answers as missing (404). */
  async show(user: AuthUser, id: number): Promise<UpgradeRecord> {
    const visibility = await this.visibility(user);
    await this.lifecycle.sweepTimedOut(user.organisation_id);
    const upgrade = await this.upgrades.findWithDevice(user.organisation_id, id, visibility);
    if (!upgrade) {
      throw upgradeNotFound();
    }
    return toUpgradeRecord(upgrade);
  }

  /** Firmware releases the user may choose, newest first: global and own, released unless allowed. */
  async versionsFor(user: AuthUser, options: UpgradeOptions = {}): Promise<UpgradeVersionRecord[]> {
    const releases = await this.upgradeData.findVisible(
      user.organisation_id,
      this.includeUnreleased(user, options),
    );
    return releases
      .sort((a, b) => compareVersions(b.version, a.version) || b.id - a.id)
      .map(toVersionRecord);
  }

  /**
   * The versions the upgrade form offers for these targets (`aps` entries; unreadable ones are
   * ignored), newest first, one per version: those whose release has firmware for the hardware
   * of every targeted device, the rule create applies; without a target, those with firmware for
   * some hardware of the organisation's devices.
   */
  async versionsForTargets(
    user: AuthUser,
    aps: string[],
    options: UpgradeOptions = {},
  ): Promise<UpgradeVersionRecord[]> {
    const orgId = user.organisation_id;
    const releases = await this.upgradeData.findVisible(orgId, true);
    const parts =
      aps.length > 0
        ? (await this.devices.findTargets(orgId, parseTargets(aps))).map((d) => d.part_number)
        : await this.devices.partNumbers(orgId);
    return releasesWithFirmware(
      releases,
      this.includeUnreleased(user, options),
      parts,
      aps.length > 0 ? 'every' : 'some',
    )
      .sort((a, b) => compareVersions(b.version, a.version))
      .map(toVersionRecord);
  }

  create(user: AuthUser, input: UpgradeInput, options: UpgradeOptions = {}) {
    this.assertCanWrite(user);
    return this.unitOfWork.run(() => this.write(user, input, null, options));
  }

  /** Replaces the attributes of a pending upgrade; with `aps` the create rule applies per device. */
  update(user: AuthUser, id: number, input: UpgradeInput, options: UpgradeOptions = {}) {
    this.assertCanWrite(user);
    return this.unitOfWork.run(async () => {
      await this.organisations.lockForUpdate(user.organisation_id);
      const existing = await this.upgrades.findById(user.organisation_id, id);
      if (!existing) {
        throw upgradeNotFound();
      }
      if (existing.status !== 'pending') {
        throw upgradeNotPending('updated');
      }
      return this.write(user, input, existing, options);
    });
  }

  /** Deletes a pending upgrade; it leaves its rollout, whose stage rules apply to the rest. */
  async destroy(user: AuthUser, id: number): Promise<void> {
    this.assertCanWrite(user);
    const orgId = user.organisation_id;
    await this.unitOfWork.run(async () => {
      const upgrade = await this.upgrades.findById(orgId, id);
      if (!upgrade) {
        throw upgradeNotFound();
      }
      const rollouts = await this.bookkeeping.lock(orgId, [upgrade.rollout_id]);
      if (!(await this.upgrades.deletePending(orgId, id))) {
        throw upgradeNotPending('deleted');
      }
      await this.bookkeeping.settle(orgId, rollouts, new Date());
    });
  }

  /** SPEC 4.4 create/update rules 1 to 5 for a new request (existing null) or one upgrade. */
  private async write(
    user: AuthUser,
    input: UpgradeInput,
    existing: Upgrade | null,
    options: UpgradeOptions,
  ): Promise<UpgradeWriteResult> {
    const orgId = user.organisation_id;
    const schedule = resolveSchedule(input, existing);
    if (!existing) {
      // Upgrade writes of an organisation run one after another (one pending upgrade per device).
      await this.organisations.lockForUpdate(orgId);
    }
    const releases = await this.upgradeData.findVisible(orgId, true);
    const includeUnreleased = this.includeUnreleased(user, options);
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

  /**
   * How many upgrades of the organisation's devices in these networks (`'all'`: every upgrade)
   * are in each status (DEVICES 7 overview); every status is present, 0 when none.
   */
  async countByStatus(
    orgId: number,
    networkIds: number[] | 'all',
  ): Promise<Record<UpgradeStatus, number>> {
    await this.lifecycle.sweepTimedOut(orgId);
    const counts = await this.upgrades.countByStatus(
      orgId,
      networkIds === 'all' ? {} : { networkIds },
    );
    return Object.fromEntries(
      UPGRADE_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
    ) as Record<UpgradeStatus, number>;
  }

  /** The upgrades a caller may see: those of devices in networks it may read. */
  private async visibility(user: AuthUser): Promise<UpgradeVisibility> {
    const readable = await this.access.readableNetworkIds(user);
    return readable === 'all' ? {} : { networkIds: readable };
  }

  private includeUnreleased(user: AuthUser, options: UpgradeOptions): boolean {
    return user.super_admin || options.includeUnreleased === true;
  }

  /** Upgrade writes need role admin (CONTRACT 3). */
  private assertCanWrite(user: AuthUser): void {
    if (user.role !== 'admin') {
      throw new ForbiddenError('Only an organisation admin may do this');
    }
  }
}
