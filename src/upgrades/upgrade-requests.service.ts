import { Injectable } from '@nestjs/common';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { rolloutsOf } from './change-rollouts';
import { AuthUser } from '../common/auth/auth-user';
import { DeviceSubjectsRepository } from '../devices/device-subjects.repository';
import { userActor } from '../event-log/event-actor';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { lifecycleEvent } from './upgrade-events';
import { requestSummaries, UpgradeRequestSummary } from './upgrade-request-summary';
import { RequestFilter, UpgradeRequestsRepository } from './upgrade-requests.repository';
import { UpgradeVisibility } from './upgrade-visibility';
import { UpgradeWritesRepository } from './upgrade-writes.repository';
import { UpgradeWriteResult } from './upgrade.view';
import { UpgradeInput } from './upgrade-rules';
import { noFailedUpgrades, upgradeRequestNotFound } from './upgrades.errors';
import { UpgradeOptions, UpgradesService } from './upgrades.service';

/**
 * Upgrade requests: the upgrades one create, update or retry wrote, summed up, and
 * acted on in one step. A caller sees the upgrades of a request in networks it may read, as in
 * UpgradesService; a request with none of those answers as missing (404). The writes need role
 * admin, as the upgrade routes do (checked by the pages), and issue a constant number of
 * statements whatever the number of devices.
 */
@Injectable()
export class UpgradeRequestsService {
  constructor(
    private readonly requests: UpgradeRequestsRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly upgrades: UpgradesService,
    private readonly access: NetworkAccessPolicy,
    private readonly changes: ChangeRunner,
    private readonly timeouts: UpgradeTimeouts,
    private readonly subjects: DeviceSubjectsRepository,
  ) {}

  /** One request the caller may see: version, time, counts by status (timed-out ones failed). */
  async show(user: AuthUser, id: string): Promise<UpgradeRequestSummary> {
    const visibility = await this.visibility(user);
    const [summary] = await this.timeouts.read(user.organisation_id, () =>
      this.summaries(user.organisation_id, visibility, [id]),
    );
    if (!summary) {
      throw upgradeRequestNotFound();
    }
    return summary;
  }

  /** The newest requests with a visible upgrade matching the filter, at most `limit`. */
  async newest(
    user: AuthUser,
    filter: RequestFilter,
    limit: number,
  ): Promise<UpgradeRequestSummary[]> {
    const orgId = user.organisation_id;
    const visibility = await this.visibility(user);
    return this.timeouts.read(orgId, async () =>
      this.summaries(
        orgId,
        visibility,
        await this.requests.newest(orgId, visibility, filter, limit),
      ),
    );
  }

  /**
   * Cancels the request's pending upgrades, in one change: each becomes `cancelled` (as a halted
   * rollout's pending upgrades do), stays listed with its request as history, and records
   * `upgrade.cancelled`; its rollout counts it as settled. Returns how many it cancelled.
   */
  async cancelPending(
    user: AuthUser,
    id: string,
    options: UpgradeOptions = {},
  ): Promise<{ cancelled: number }> {
    const visibility = await this.visibility(user);
    return this.changes.run(
      user.organisation_id,
      async (change) => {
        await this.mustExist(change.orgId, visibility, id);
        const pending = await this.requests.inStatus(change.orgId, visibility, id, 'pending');
        await rolloutsOf(change).lock(pending.map((upgrade) => upgrade.rollout_id));
        const cancelled = await this.writes.cancelPendingOf(
          change.orgId,
          pending.map((upgrade) => upgrade.id),
          change.at,
        );
        rolloutsOf(change).upgradesChanged();
        const subjects = await this.subjects.of(
          change.orgId,
          cancelled.map((upgrade) => upgrade.device_id),
        );
        for (const upgrade of cancelled) {
          change.record(
            lifecycleEvent('upgrade.cancelled', upgrade, subjects.get(upgrade.device_id), change),
          );
        }
        return { cancelled: cancelled.length };
      },
      { actor: userActor(user, options.via) },
    );
  }

  /**
   * Upgrades the devices whose upgrade of the request failed again, through create:
   * the same version and attributes, outside any rollout; they form a new request. A failed
   * upgrade stays failed, so reading them before the create's change decides nothing it does.
   */
  async retryFailed(
    user: AuthUser,
    id: string,
    options: UpgradeOptions = {},
  ): Promise<UpgradeWriteResult> {
    const orgId = user.organisation_id;
    const visibility = await this.visibility(user);
    const failed = await this.timeouts.read(orgId, async () => {
      await this.mustExist(orgId, visibility, id);
      return this.requests.inStatus(orgId, visibility, id, 'failed');
    });
    if (failed.length === 0) {
      throw noFailedUpgrades();
    }
    const [first] = failed;
    return this.upgrades.create(
      user,
      {
        version: first.version,
        upgrade_type: first.upgrade_type as UpgradeInput['upgrade_type'],
        schedule_type: first.schedule_type as UpgradeInput['schedule_type'],
        schedule_at: first.schedule_at?.toISOString() ?? null,
        time_zone: first.time_zone,
        save_prev_config: first.save_prev_config,
        aps: failed.map((upgrade) => `AP:${upgrade.device_id}`),
      },
      options,
    );
  }

  private async summaries(orgId: number, visibility: UpgradeVisibility, ids: string[]) {
    return requestSummaries(ids, await this.requests.counts(orgId, visibility, ids));
  }

  /** How many visible upgrades the request has; 404 when none. */
  private async mustExist(
    orgId: number,
    visibility: UpgradeVisibility,
    id: string,
  ): Promise<number> {
    const counts = await this.requests.counts(orgId, visibility, [id]);
    if (counts.length === 0) {
      throw upgradeRequestNotFound();
    }
    return counts.reduce((sum, row) => sum + row.count, 0);
  }

  private async visibility(user: AuthUser): Promise<UpgradeVisibility> {
    return this.access.readableScope(user);
  }
}
