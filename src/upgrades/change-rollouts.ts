import { Change, ChangePartKey } from '../fleet-change/change';
import { NewEvent } from '../event-log/events.repository';
import { Rollout } from '../firmware/rollout.entity';

/** What a change's rollouts need to lock and settle them (RolloutBookkeepingService). */
export interface RolloutLocks {
  lock(orgId: number, ids: number[]): Promise<Rollout[]>;
  settle(
    orgId: number,
    rollouts: Rollout[],
    at: Date,
    record: (event: NewEvent) => void,
  ): Promise<void>;
}

/**
 * The upgrades' part of a change: the rollouts it holds locked, each locked once, after the
 * organisation (the one lock order), and whether their upgrades changed since they were last
 * settled. Those are settled when the work asks for their state or, at the latest, before the
 * change writes its events and commits (the part's hook before commit).
 */
export class ChangeRollouts {
  private readonly locked = new Map<number, Rollout>();
  private unsettled = false;

  constructor(
    private readonly change: Change,
    private readonly rollouts: RolloutLocks,
  ) {}

  /**
   * Locks the rollouts these ids name (nulls and repeats ignored; those locked already by this
   * change are not locked again, and no statement is sent when none is new) and returns them.
   */
  async lock(ids: (number | null)[]): Promise<Rollout[]> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const fresh = wanted.filter((id) => !this.locked.has(id));
    if (fresh.length > 0) {
      for (const rollout of await this.rollouts.lock(this.change.orgId, fresh)) {
        this.locked.set(rollout.id, rollout);
      }
    }
    return wanted.flatMap((id) => this.locked.get(id) ?? []);
  }

  /** Adds a rollout this change created (it is locked by being uncommitted). */
  adopt(rollout: Rollout): void {
    this.locked.set(rollout.id, rollout);
    this.unsettled = true;
  }

  /** Says that upgrades of the locked rollouts changed: they are settled before the change ends. */
  upgradesChanged(): void {
    this.unsettled = true;
  }

  /** Settles the locked rollouts now when their upgrades changed since they were last settled. */
  async settle(): Promise<void> {
    if (!this.unsettled) {
      return;
    }
    this.unsettled = false;
    await this.rollouts.settle(this.change.orgId, this.lockedRollouts(), this.change.at, (event) =>
      this.change.record(event),
    );
  }

  /** The rollouts this change holds locked. */
  lockedRollouts(): Rollout[] {
    return [...this.locked.values()];
  }
}

/** The key of the rollouts' part of a change (registered by RolloutBookkeepingService). */
export const ROLLOUTS = new ChangePartKey<ChangeRollouts>('rollouts');

/** The rollouts of this change (opened when first asked for). */
export const rolloutsOf = (change: Change): ChangeRollouts => change.part(ROLLOUTS);
