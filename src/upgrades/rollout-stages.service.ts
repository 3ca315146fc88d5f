import { Injectable, Logger } from '@nestjs/common';
import { Scheduler } from '../background/scheduler';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { RolloutsRepository } from './rollouts.repository';

/**
 * The soak time between stages: a rollout whose stage finished waits `stage_wait_seconds` before
 * its next stage opens (`next_stage_at`). Every instance's periodic work opens the due stages each
 * second (`sweep`), so a stage opens within seconds of its time whether anyone reads or not. Each
 * opening happens in a change with the rollout locked and decided again under the lock, so
 * however many instances sweep at once, one opens the stage and records its one
 * `rollout.stage_opened`.
 */
@Injectable()
export class RolloutStages {
  private readonly logger = new Logger(RolloutStages.name);

  constructor(
    private readonly changes: ChangeRunner,
    private readonly rollouts: RolloutsRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    scheduler: Scheduler,
  ) {
    // Each second (SCHEDULE): a due stage opens within 5 s of its time.
    scheduler.every('rollout stages', () => this.sweep());
  }

  /**
   * One pass of the sweep: one statement finds the organisations with a due stage (none: nothing
   * more), then a change per organisation, in id order, opens them. Returns how many rollouts
   * this pass moved (those another instance moved first are not counted).
   */
  async sweep(now = new Date()): Promise<number> {
    let moved = 0;
    for (const orgId of await this.rollouts.organisationsWithDueStages(now)) {
      try {
        moved += await this.changes.run(
          orgId,
          (change) => this.bookkeeping.openDue(change),
          {},
          now,
        );
      } catch (error) {
        // One organisation's failure does not hold the other organisations' stages back.
        this.logger.error(`rollout stages of organisation ${orgId}: ${String(error)}`);
      }
    }
    return moved;
  }
}
