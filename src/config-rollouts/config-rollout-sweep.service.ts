import { Injectable, Logger } from '@nestjs/common';
import { Scheduler } from '../background/scheduler';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import { ConfigRolloutRunner } from './config-rollout-runner.service';
import { ConfigRolloutsRepository } from './config-rollouts.repository';

/**
 * The periodic work that moves configuration rollouts, every second on every instance: one
 * statement finds the organisations with a running rollout, then a change per organisation locks
 * its running rollouts and settles them (ConfigRolloutRunner.settleRunning). The lock and the
 * conditional updates make each transition happen once however many instances sweep at once.
 */
@Injectable()
export class ConfigRolloutSweep {
  private readonly logger = new Logger(ConfigRolloutSweep.name);

  constructor(
    private readonly changes: ChangeRunner,
    private readonly rollouts: ConfigRolloutsRepository,
    private readonly runner: ConfigRolloutRunner,
    scheduler: Scheduler,
  ) {
    scheduler.every('config rollouts', () => this.sweep());
  }

  /** One pass; how many rollouts it moved (those another instance moved first not counted). */
  async sweep(now = new Date()): Promise<number> {
    let moved = 0;
    for (const orgId of await this.rollouts.organisationsRunning()) {
      try {
        moved += await this.changes.run(
          orgId,
          (change) => this.runner.settleRunning(change),
          {},
          now,
        );
      } catch (error) {
        // One organisation's failure does not hold the others' rollouts back.
        this.logger.error(`configuration rollouts of organisation ${orgId}: ${String(error)}`);
      }
    }
    return moved;
  }
}
