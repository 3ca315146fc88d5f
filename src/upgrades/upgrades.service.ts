import { Injectable } from '@nestjs/common';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { rolloutsOf } from './change-rollouts';
import { AuthUser } from '../common/auth/auth-user';
import { DevicesRepository } from '../devices/devices.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { UPGRADE_STATUSES, UpgradeStatus } from '../firmware/upgrade.entity';
import {
  pageRequest,
  PaginationMeta,
  paginationMeta,
  PaginationQueryDto,
} from '../common/pagination/pagination';
import { UpgradeDataRepository } from '../firmware/upgrade-data.repository';
import { releasesWithFirmware, UpgradeInput } from './upgrade-rules';
import { parseTargets } from '../firmware/upgrade-targets';
import {
  toUpgradeRecord,
  toVersionRecord,
  UpgradeRecord,
  UpgradeVersionRecord,
} from './upgrade.view';
import { upgradeNotFound, upgradeNotPending } from './upgrades.errors';
import { UpgradeFilter, UpgradesRepository, UpgradeVisibility } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { upgradeEvent } from './upgrade-events';
import { RequestChannel, userActor } from '../event-log/event-actor';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { compareVersions } from './version';
import { UpgradeWriterService } from './upgrade-writer.service';

/** Options a browser session may add (the upgrade-version override). */
export interface UpgradeOptions {
  /** Offer and accept unreleased versions even to a user who is not a super administrator. */
  includeUnreleased?: boolean;
  /** Where the request came from: the `via` of its events' actor (default `api`). */
  via?: RequestChannel;
}

/**
 * Firmware upgrades. Used by the JSON controller and by the
 * browser pages alike: every method takes the caller, throws `{message, status}` errors, runs
 * its writes in one change (ChangeRunner.run) with a constant number of SQL statements and its
 * reads through ChangeRunner.read (timed-out upgrades fail first). The routes check the role.
 */
@Injectable()
export class UpgradesService {
  constructor(
    private readonly upgrades: UpgradesRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly devices: DevicesRepository,
    private readonly changes: ChangeRunner,
    private readonly timeouts: UpgradeTimeouts,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly writer: UpgradeWriterService,
  ) {}

  /**
   * The upgrades the caller may see, oldest first, matching the filter (id, status, rollout, device);
   * timed-out upgrades are failed first. An upgrade
   * belongs to one device, so a member sees it when the device is in a network the member may
   * read; admins see every upgrade of the organisation.
   */
  async list(user: AuthUser, filter: UpgradeFilter = {}): Promise<UpgradeRecord[]> {
    const visibility = await this.visibility(user);
    const upgrades = await this.timeouts.read(user.organisation_id, () =>
      this.upgrades.list(user.organisation_id, visibility, filter),
    );
    return upgrades.map(toUpgradeRecord);
  }

  /** One page of list(), newest first or oldest first (the upgrade list and request pages). */
  async page(
    user: AuthUser,
    filter: UpgradeFilter,
    query: PaginationQueryDto,
    oldestFirst = false,
  ): Promise<{ upgrades: UpgradeRecord[]; meta: PaginationMeta }> {
    const visibility = await this.visibility(user);
    const page = pageRequest(query);
    const [upgrades, count] = await this.timeouts.read(user.organisation_id, () =>
      this.upgrades.page(user.organisation_id, visibility, filter, {
        offset: page.offset,
        limit: page.perPage,
        oldestFirst,
      }),
    );
    return { upgrades: upgrades.map(toUpgradeRecord), meta: paginationMeta(page, count) };
  }

  /** One upgrade the caller may see; any other answers as missing (404). */
  async show(user: AuthUser, id: number): Promise<UpgradeRecord> {
    const visibility = await this.visibility(user);
    const upgrade = await this.timeouts.read(user.organisation_id, () =>
      this.upgrades.findWithDevice(user.organisation_id, id, visibility),
    );
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

  /** Creates upgrades; role admin is checked by the route. */
  create(user: AuthUser, input: UpgradeInput, options: UpgradeOptions = {}) {
    return this.changes.run(
      user.organisation_id,
      (change) => this.writer.write(change, input, null, this.includeUnreleased(user, options)),
      { lockOrganisation: true, actor: userActor(user, options.via) },
    );
  }

  /** Replaces the attributes of a pending upgrade; with `aps` the create rule applies per device. */
  update(user: AuthUser, id: number, input: UpgradeInput, options: UpgradeOptions = {}) {
    return this.changes.run(
      user.organisation_id,
      async (change) => {
        const existing = await this.upgrades.findById(change.orgId, id);
        if (!existing) {
          throw upgradeNotFound();
        }
        if (existing.status !== 'pending') {
          throw upgradeNotPending('updated');
        }
        return this.writer.write(change, input, existing, this.includeUnreleased(user, options));
      },
      { lockOrganisation: true, actor: userActor(user, options.via) },
    );
  }

  /** Deletes a pending upgrade; it leaves its rollout, whose stage rules apply to the rest. */
  async destroy(user: AuthUser, id: number, options: UpgradeOptions = {}): Promise<void> {
    await this.changes.run(
      user.organisation_id,
      async (change) => {
        const upgrade = await this.upgrades.findById(change.orgId, id);
        if (!upgrade) {
          throw upgradeNotFound();
        }
        await rolloutsOf(change).lock([upgrade.rollout_id]);
        if ((await this.writes.deletePending(change.orgId, [id])).length === 0) {
          throw upgradeNotPending('deleted');
        }
        rolloutsOf(change).upgradesChanged();
        const subject = (await this.subjects.of(change.orgId, [upgrade.device_id])).get(
          upgrade.device_id,
        );
        change.record(upgradeEvent('upgrade.deleted', upgrade, subject, change));
      },
      { actor: userActor(user, options.via) },
    );
  }

  /**
   * How many upgrades of the organisation's devices in these networks (`'all'`: every upgrade)
   * are in each status (for the overview); every status is present, 0 when none.
   */
  async countByStatus(
    orgId: number,
    networkIds: number[] | 'all',
  ): Promise<Record<UpgradeStatus, number>> {
    const counts = await this.timeouts.read(orgId, () =>
      this.upgrades.countByStatus(orgId, networkIds === 'all' ? {} : { networkIds }),
    );
    return Object.fromEntries(
      UPGRADE_STATUSES.map((status) => [status, counts.get(status) ?? 0]),
    ) as Record<UpgradeStatus, number>;
  }

  /** The upgrades a caller may see: those of devices in networks it may read. */
  private async visibility(user: AuthUser): Promise<UpgradeVisibility> {
    return this.access.readableScope(user);
  }

  private includeUnreleased(user: AuthUser, options: UpgradeOptions): boolean {
    return user.super_admin || options.includeUnreleased === true;
  }
}
