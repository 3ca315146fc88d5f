import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { EventActor } from '../event-log/event.entity';
import { NewEvent } from '../event-log/events.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { Change, ChangePart, ChangePartKey } from './change';
import { EventWriter } from './event-writer';

/** How a change begins. */
export interface ChangeOptions {
  /**
   * Lock the organisation row first: the changes that decide by its counts or write upgrades
   * (one pending upgrade per device) run one after another within an organisation.
   */
  lockOrganisation?: boolean;
  /** Who asks for the change (the actor of its events); the service itself when absent. */
  actor?: EventActor;
}

/**
 * The one unit of work for every change to a fleet, and the one way an event is recorded.
 * `run` opens the transaction (or joins the caller's) and, in the one documented order, takes
 * the organisation's lock (when asked), runs the work, which locks what it touches through the
 * parts of its `Change` (the upgrades' rollouts) and decides, then runs the parts' hooks before
 * commit (the rollouts' settling), writes the events the change recorded (under the
 * organisation's event-order lock, taken last) and commits. A change run inside a change of the
 * same organisation (in its transaction) joins it: its events are written with the outer one's,
 * last. The open changes are found by their transaction, with no context of their own (another
 * AsyncLocalStorage would cost every promise of the process a hook: transaction-context.ts).
 *
 * The kernel knows no feature: a feature adds its part of a change with `register`, at its
 * module's initialisation.
 */
@Injectable()
export class ChangeRunner {
  /** The changes under way in each transaction (its entity manager), by organisation. */
  private readonly open = new WeakMap<object, Map<number, Change>>();
  private readonly parts = new Map<ChangePartKey<unknown>, ChangePart<unknown>>();

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly unitOfWork: UnitOfWork,
    private readonly organisations: OrganisationsRepository,
    private readonly writer: EventWriter,
  ) {}

  /** Adds a part to every change: asked for by its key (`change.part(key)`). Once per key. */
  register<S>(key: ChangePartKey<S>, part: ChangePart<S>): void {
    if (this.parts.has(key)) {
      throw new Error(`the change part ${key.name} is registered already`);
    }
    this.parts.set(key, part);
  }

  run<T>(
    orgId: number,
    work: (change: Change) => Promise<T>,
    options: ChangeOptions = {},
    at = new Date(),
  ): Promise<T> {
    const outer = this.txHost.isTransactionActive()
      ? this.open.get(this.txHost.tx)?.get(orgId)
      : undefined;
    if (outer) {
      return this.joined(outer, work, options);
    }
    return this.unitOfWork.run(async () => {
      if (options.lockOrganisation) {
        await this.organisations.lockForUpdate(orgId);
      }
      const change = new Change(orgId, at, (key) => this.partOf(key), options.actor);
      const open = this.open.get(this.txHost.tx) ?? new Map<number, Change>();
      this.open.set(this.txHost.tx, open.set(orgId, change));
      try {
        const result = await work(change);
        await change.beforeCommit();
        // Last, so that the event-order lock is held only while the change commits.
        await this.writer.append(orgId, change.takeEvents());
        return result;
      } finally {
        open.delete(orgId);
        change.close();
      }
    });
  }

  /** Records these events of the organisation: in a change of their own, or the caller's. */
  record(orgId: number, events: readonly (NewEvent | null)[]): Promise<void> {
    return this.run(orgId, (change) => {
      for (const event of events) {
        change.record(event);
      }
      return Promise.resolve();
    });
  }

  /**
   * A change inside the caller's change of the same organisation: the same transaction, locks,
   * parts and events. The organisation's lock, when asked, is granted at once when held.
   */
  private async joined<T>(
    outer: Change,
    work: (change: Change) => Promise<T>,
    options: ChangeOptions,
  ): Promise<T> {
    if (options.lockOrganisation) {
      await this.organisations.lockForUpdate(outer.orgId);
    }
    return work(outer);
  }

  private partOf<S>(key: ChangePartKey<S>): ChangePart<S> {
    const part = this.parts.get(key);
    if (!part) {
      throw new Error(`no change part is registered as ${key.name}`);
    }
    return part as ChangePart<S>;
  }
}
