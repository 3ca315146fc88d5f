import { EventActor } from '../event-log/event.entity';
import { NewEvent } from '../event-log/events.repository';

/**
 * A part of a change that a feature above the kernel adds to it (the upgrades' rollouts: their
 * locks and their settling), registered with `ChangeRunner.register` under its key. The change
 * opens the part's state the first time the work asks for it (`change.part(key)`), and runs
 * `beforeCommit` of each part it opened, in the order they were opened, after the work and
 * before it writes its events.
 */
export interface ChangePart<S> {
  /** The part's state in this change, made when the work first asks for it. */
  open(change: Change): S;
  /** Runs before the change writes its events (it may record more). */
  beforeCommit?(state: S, change: Change): Promise<void>;
}

/** The key under which a part is registered and asked for; `S` is the state of its part. */
export class ChangePartKey<S> {
  /** Only here to keep `S` in the type: a key of one state is not a key of another. */
  declare readonly state?: S;

  constructor(readonly name: string) {}
}

/** Where a change finds the parts registered with its runner. */
export type PartLookup = <S>(key: ChangePartKey<S>) => ChangePart<S>;

/**
 * One change to an organisation's fleet, inside the transaction that ChangeRunner opened for it.
 * It carries the instant and the actor of its writes, the parts the work opened (the locks a
 * feature takes in it, each once), and the events it records, written last, before it commits.
 */
export class Change {
  private readonly events: NewEvent[] = [];
  private closed = false;
  private readonly parts = new Map<
    ChangePartKey<unknown>,
    { part: ChangePart<unknown>; state: unknown }
  >();

  constructor(
    readonly orgId: number,
    /** The instant of the change: every row it writes carries it. */
    readonly at: Date,
    private readonly lookup: PartLookup,
    /** Who asked for it: the actor of the events it records. */
    readonly actor: EventActor = { type: 'system' },
  ) {}

  /** The state of this part in this change, opened the first time it is asked for. */
  part<S>(key: ChangePartKey<S>): S {
    const opened = this.parts.get(key);
    if (opened) {
      return opened.state as S;
    }
    const part = this.lookup(key);
    const state = part.open(this);
    this.parts.set(key, { part, state });
    return state;
  }

  /** Runs the `beforeCommit` of every part this change opened, in the order they were opened. */
  async beforeCommit(): Promise<void> {
    for (const { part, state } of this.parts.values()) {
      await part.beforeCommit?.(state, this);
    }
  }

  /** Records an event of this change: written with it, last, before it commits. */
  record(event: NewEvent | null): void {
    if (this.closed) {
      // Its events are written: one recorded now would be lost without a word.
      throw new Error(`a change of organisation ${this.orgId} records an event after it ended`);
    }
    if (event) {
      this.events.push(event);
    }
  }

  /** Ends the change (its runner's, once its events are written): it records nothing more. */
  close(): void {
    this.closed = true;
  }

  /** The events recorded so far, in the order they were; each is taken once. */
  takeEvents(): NewEvent[] {
    return this.events.splice(0);
  }
}
