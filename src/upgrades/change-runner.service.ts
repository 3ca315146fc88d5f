import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { EventActor } from '../event-log/event.entity';
import { EventsRepository } from '../event-log/events.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { Change } from './change';
import { RolloutBookkeepingService } from './rollout-bookkeeping.service';
import { UpgradesRepository } from './upgrades.repository';
import { UpgradeWritesRepository } from './upgrade-writes.repository';

/** How a change begins. */
export interface ChangeOptions {
  /**
   * Lock the organisation row first: the changes that decide by its counts or write upgrades
   * (one pending upgrade per device) run one after another within an organisation.
   */
  lockOrganisation?: boolean;
  /** Fail the organisation's timed-out upgrades first, inside the change. */
  failTimedOut?: boolean;
  /** Who asks for the change (the actor of its events); the service itself when absent. */
  actor?: EventActor;
}

/**
 * The one unit of work for every change to a fleet. `run` opens the transaction and, in the one
 * documented order, takes the organisation's lock (when asked), fails the timed-out upgrades
 * (when asked), runs the work, which locks rollouts through its `Change` and decides, then
 * settles the rollouts whose upgrades changed, writes the events the change recorded (under the
 * organisation's event-order lock, taken last), and commits. `read` is the one way a read that
 * shows upgrades begins: the timed-out ones are failed first (one statement when none is), so
 * every answer on every instance shows them failed, with no timer of one process.
 */
@Injectable()
export class ChangeRunner {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organisations: OrganisationsRepository,
    private readonly bookkeeping: RolloutBookkeepingService,
    private readonly upgrades: UpgradesRepository,
    private readonly writes: UpgradeWritesRepository,
    private readonly config: ConfigService,
    private readonly events: EventsRepository,
  ) {}

  run<T>(
    orgId: number,
    work: (change: Change) => Promise<T>,
    options: ChangeOptions = {},
    at = new Date(),
  ): Promise<T> {
    return this.unitOfWork.run(async () => {
      if (options.lockOrganisation) {
        await this.organisations.lockForUpdate(orgId);
      }
      const change = new Change(orgId, at, this.bookkeeping, options.actor);
      if (options.failTimedOut) {
        await this.failTimedOut(change);
      }
      const result = await work(change);
      await change.settle();
      // Last, so that the event-order lock is held only while the change commits.
      await this.events.append(orgId, change.takeEvents());
      return result;
    });
  }

  /** Runs a read of the organisation's upgrades once its timed-out upgrades have failed. */
  async read<T>(orgId: number, read: () => Promise<T>): Promise<T> {
    const at = new Date();
    if ((await this.upgrades.findTimedOut(orgId, this.cutoff(at))).length > 0) {
      await this.run(orgId, (change) => this.failTimedOut(change), {}, at);
    }
    return read();
  }

  /**
   * Fails, in this change, the in-progress upgrades (of one device, or of the organisation)
   * whose device has not checked in for UPGRADE_TIMEOUT_SECONDS (error `timed out`), their
   * rollouts locked first: a timeout counts as a failure there. The update is
   * conditional, so the first instance to see the timeout decides.
   */
  async failTimedOut(change: Change, deviceId?: number): Promise<void> {
    const cutoff = this.cutoff(change.at);
    const timedOut = await this.upgrades.findTimedOut(change.orgId, cutoff, deviceId);
    if (timedOut.length === 0) {
      return;
    }
    await change.lockRollouts(timedOut.map((u) => u.rollout_id));
    const failed = await this.writes.failTimedOut(
      change.orgId,
      timedOut.map((u) => u.id),
      cutoff,
      change.at,
    );
    change.upgradesChanged();
    await this.bookkeeping.recordClosed(change, 'upgrade.failed', failed);
  }

  /** UPGRADE_TIMEOUT_SECONDS. */
  get timeoutSeconds(): number {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY).upgradeTimeoutSeconds;
  }

  private cutoff(at: Date): Date {
    return new Date(at.getTime() - this.timeoutSeconds * 1000);
  }
}
