import { EventActor } from '../event-log/event.entity';
import { NewEvent } from '../event-log/events.repository';
import { Rollout } from './rollout.entity';

/** What a change needs to lock and settle rollouts (RolloutBookkeepingService). */
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
 * One change to an organisation's fleet, inside the transaction that ChangeRunner opened for it.
 * It holds the locks in the one order (the organisation, taken by the runner before the work
 * starts; then rollouts, each locked once) and the rollouts whose upgrades changed, which are
 * settled when the work asks for their state or, at the latest, before it commits,
 * and the events it records, written last, before it commits.
 */
export class Change {
  private readonly locked = new Map<number, Rollout>();
  private unsettled = false;
  private readonly events: NewEvent[] = [];

  constructor(
    readonly orgId: number,
    /** The instant of the change: every row it writes carries it. */
    readonly at: Date,
    private readonly rollouts: RolloutLocks,
    /** Who asked for it: the actor of the events it records. */
    readonly actor: EventActor = { type: 'system' },
  ) {}

  /**
   * Locks the rollouts these ids name (nulls and repeats ignored; those locked already by this
   * change are not locked again, and no statement is sent when none is new) and returns them.
   */
  async lockRollouts(ids: (number | null)[]): Promise<Rollout[]> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const fresh = wanted.filter((id) => !this.locked.has(id));
    if (fresh.length > 0) {
      for (const rollout of await this.rollouts.lock(this.orgId, fresh)) {
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
    await this.rollouts.settle(this.orgId, [...this.locked.values()], this.at, (event) =>
      this.record(event),
    );
  }

  /** Records an event of this change: written with it, before it commits. */
  record(event: NewEvent | null): void {
    if (event) {
      this.events.push(event);
    }
  }

  /** The events recorded so far, in the order they were; each is taken once. */
  takeEvents(): NewEvent[] {
    return this.events.splice(0);
  }

  /** The rollouts this change holds locked. */
  lockedRollouts(): Rollout[] {
    return [...this.locked.values()];
  }
}
