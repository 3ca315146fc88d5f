import { Injectable } from '@nestjs/common';
import { UpgradeTimeouts } from './upgrade-timeouts.service';
import { rolloutsOf } from './change-rollouts';
import { AuthUser } from '../common/auth/auth-user';
import {
  PaginationMeta,
  paginationMeta,
  pageRequest,
  PaginationQueryDto,
} from '../common/pagination/pagination';
import { Rollout } from '../firmware/rollout.entity';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { RolloutRecord, toRolloutRecord } from './rollout.view';
import { rolloutNoStageWaiting, rolloutNotFound, rolloutNotRunning } from './rollouts.errors';
import { stageWaiting } from './rollout-progress';
import { RolloutsRepository } from './rollouts.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { RequestChannel, userActor } from '../event-log/event-actor';

/**
 * Rollouts as the routes and pages show them: list, show, the manual halt and the advance past a soak time. Role
 * admin is enforced by the routes. Reads fail timed-out upgrades first, as every upgrade read
 * does, so a rollout shows what its upgrades show.
 */
@Injectable()
export class RolloutsService {
  constructor(
    private readonly rollouts: RolloutsRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly changes: ChangeRunner,
    private readonly timeouts: UpgradeTimeouts,
  ) {}

  /** The organisation's rollouts, newest first, paginated. */
  async list(
    user: AuthUser,
    query: PaginationQueryDto,
  ): Promise<{ rollouts: RolloutRecord[]; meta: PaginationMeta }> {
    const orgId = user.organisation_id;
    const page = pageRequest(query);
    const [rollouts, count] = await this.timeouts.read(orgId, () =>
      this.rollouts.page(orgId, page.offset, page.perPage),
    );
    return { rollouts: await this.records(orgId, rollouts), meta: paginationMeta(page, count) };
  }

  /** One rollout of the organisation; another's answers 404 1038. */
  async show(user: AuthUser, id: number): Promise<RolloutRecord> {
    const orgId = user.organisation_id;
    const [rollout] = await this.timeouts.read(orgId, () => this.rollouts.findMany(orgId, [id]));
    if (!rollout) {
      throw rolloutNotFound();
    }
    return (await this.records(orgId, [rollout]))[0];
  }

  /** Halts a running rollout by hand; one that is not running: 422 1039. */
  async halt(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<RolloutRecord> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        await this.timeouts.failTimedOut(change);
        const [rollout] = await rolloutsOf(change).lock([id]);
        if (!rollout) {
          throw rolloutNotFound();
        }
        if (rollout.state !== 'running') {
          throw rolloutNotRunning();
        }
        await this.bookkeeping.halt(change, rollout);
        return (await this.records(orgId, [rollout]))[0];
      },
      { actor: userActor(user, via) },
    );
  }

  /**
   * Opens the waiting stage of a running rollout now, without waiting for the soak time; one
   * that is not running, or whose current stage has not finished (or is the last): 422 1039.
   */
  async advance(user: AuthUser, id: number, via: RequestChannel = 'api'): Promise<RolloutRecord> {
    const orgId = user.organisation_id;
    return this.changes.run(
      orgId,
      async (change) => {
        await this.timeouts.failTimedOut(change);
        const [rollout] = await rolloutsOf(change).lock([id]);
        if (!rollout) {
          throw rolloutNotFound();
        }
        // A timeout failed just now may halt it or finish its stage: settle first.
        await rolloutsOf(change).settle();
        if (rollout.state !== 'running') {
          throw rolloutNotRunning();
        }
        if (!stageWaiting(rollout)) {
          throw rolloutNoStageWaiting();
        }
        await this.bookkeeping.advance(change, rollout);
        return (await this.records(orgId, [rollout]))[0];
      },
      { actor: userActor(user, via) },
    );
  }

  /** These rollouts of the organisation, without their stage counts (one statement). */
  findMany(user: AuthUser, ids: number[]): Promise<Rollout[]> {
    return this.rollouts.findMany(user.organisation_id, ids);
  }

  /** How many of the organisation's rollouts are running (for the overview). */
  countRunning(orgId: number): Promise<number> {
    return this.rollouts.countRunning(orgId);
  }

  /** The records of these rollouts: one counting statement for all of them. */
  async records(orgId: number, rollouts: Rollout[]): Promise<RolloutRecord[]> {
    const counts = await this.bookkeeping.stageCounts(orgId, rollouts);
    return rollouts.map((rollout) => toRolloutRecord(rollout, counts.get(rollout.id)!));
  }
}
