import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { Logger } from '@nestjs/common';
import { GroupCommit } from '../database/group-commit';
import { UnitOfWork } from '../database/unit-of-work';
import { HeldKey } from './held-key';
import { ClaimedBatch, LeaseClaims } from './lease-claims';
import { QueueLeasesRepository } from './queue-leases.repository';
import { Outcome, QueueItem, QueueKey, QueueLimits, QueueSource } from './queue-source';
import { AttemptEnd, verdictOf } from './retry-schedule';
import { SCHEDULE } from './schedule';

/** Outcomes one statement records at most. */
const OUTCOMES_PER_COMMIT = 64;

/**
 * Drains one queue (a QueueSource) on every instance. At each poll (its job in SCHEDULE), and as
 * soon as a key's batch ends, it claims (LeaseClaims.claim) keys that no instance holds, each
 * with its first `batch` due items, under one lease per key: only this instance attempts them,
 * `perKey` at a time, back to back (the next starts when one is answered, while that one's
 * outcome is recorded by group commit), with no statement per item but its outcome. A held key
 * with nothing left to start and a free slot refills (when the queue refills): its next due
 * items under the same lease, renewed (LeaseClaims.refill). A batch ends when nothing is left to
 * attempt or under way, or early when the lease could not outlast another attempt or an outcome
 * was not recorded (the lease was voided by a change of the key, or taken over); the next claim
 * releases it. A failed attempt is retried on the schedule (verdictOf). A slow key holds one of
 * `keys`; an instance that dies leaves leases that expire, and the items not recorded are
 * attempted again by another (at least once); one that stops releases its leases.
 */
export class LeaseQueue<K extends QueueKey, I extends QueueItem, R extends AttemptEnd> {
  private readonly logger: Logger;
  /** Its claims (the statements of a claim and of a refill). */
  readonly claims: LeaseClaims<K, I, R>;
  private readonly outcomes: GroupCommit<Outcome<I, R>, Map<number, boolean>>;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  /** This instance, as the owner of the leases it takes. */
  private readonly owner = randomUUID();
  /** The keys held now, and those whose batch ended (released by the next claim). */
  private readonly held = new Map<number, HeldKey<K, I>>();
  private ended: number[] = [];
  /** The claims running now (one at a time), and whether another was asked for meanwhile. */
  private pumping?: Promise<void>;
  private pumpAgain = false;
  private readonly pollMs: number;

  constructor(
    private readonly source: QueueSource<K, I, R>,
    private readonly limits: QueueLimits,
    private readonly unitOfWork: UnitOfWork,
    private readonly leases: QueueLeasesRepository,
  ) {
    this.logger = new Logger(`LeaseQueue ${limits.name}`);
    this.claims = new LeaseClaims(limits.name, source, leases);
    this.pollMs = SCHEDULE[limits.name].everyMs;
    setMaxListeners(0, this.abort.signal); // one listener per attempt in flight
    // Batches start in this object's context, never in a transaction's.
    const detached = AsyncResource.bind((start: () => void) => setImmediate(start));
    this.outcomes = new GroupCommit(
      (outcomes) => this.source.record(outcomes),
      OUTCOMES_PER_COMMIT,
      detached,
    );
  }

  /** Stops attempting, and releases the leases held so that another instance goes on at once. */
  async stop(): Promise<void> {
    this.abort.abort();
    await Promise.allSettled([this.pumping, ...this.inFlight]);
    const release = [...this.held.keys(), ...this.ended];
    if (release.length > 0) {
      await this.unitOfWork
        .run(() => this.leases.release(this.limits.name, this.owner, release))
        .catch((error: unknown) => {
          this.logger.warn(`releasing leases failed: ${(error as Error).message}`);
        });
    }
  }

  /**
   * Claims now, or, when a claim is running, once more as soon as it ends: one claim at a time
   * in this process, and none asked for is lost. Settles when no claim is asked for any more.
   */
  pumpSoon(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return this.pumping;
    }
    this.pumping = this.pumpWhileAsked().finally(() => {
      this.pumping = undefined;
    });
    return this.pumping;
  }

  private async pumpWhileAsked(): Promise<void> {
    do {
      this.pumpAgain = false;
      await this.pump();
    } while (this.pumpAgain && !this.abort.signal.aborted);
  }

  /**
   * Refills the held keys that want more, then one claim for the keys this instance has room
   * for, releasing those whose batch ended; starts their attempts (not awaited). Called through
   * pumpSoon, so that two never overlap in a process. Answers the number of items read.
   */
  async pump(now = new Date()): Promise<number> {
    if (this.abort.signal.aborted) {
      return 0;
    }
    const timeoutMs = this.limits.attemptTimeoutMs();
    const until = new Date(now.getTime() + timeoutMs + this.limits.leaseMarginMs);
    let claimed = 0;
    const refills = [...this.held.values()].filter((held) =>
      held.wantsMore(now.getTime(), timeoutMs),
    );
    if (refills.length > 0) {
      claimed += await this.refill(refills, now, until);
    }
    const room = this.limits.keys - this.held.size;
    if (room <= 0) {
      return claimed;
    }
    const release = this.ended;
    this.ended = [];
    const claimant = { owner: this.owner, token: randomUUID(), until };
    let batches: ClaimedBatch<K, I>[];
    try {
      batches = await this.unitOfWork.run(() =>
        this.claims.claim(now, claimant, room, this.limits.batch, release),
      );
    } catch (error) {
      this.ended.push(...release); // released by the next claim
      throw error;
    }
    for (const batch of batches) {
      const held = new HeldKey(batch.key, batch.token, batch.items, until.getTime(), this.limits);
      this.held.set(batch.key.id, held);
      claimed += batch.items.length;
      this.feed(held);
    }
    return claimed;
  }

  /**
   * Reads more due items for held keys under their leases, renewed until `until`; a key whose
   * lease was voided or lost stops. No batch ends while its refill is read (it would be released
   * and claimed again while its refill is attempted). Answers the items read.
   */
  private async refill(refills: HeldKey<K, I>[], now: Date, until: Date): Promise<number> {
    refills.forEach((held) => (held.refilling = true));
    let refilled: ClaimedBatch<K, I>[];
    try {
      refilled = await this.unitOfWork.run(() =>
        this.claims.refill(
          now,
          until,
          refills.map(({ key, token, underWay }) => ({ key, token, exclude: [...underWay] })),
          this.limits.batch,
        ),
      );
    } catch (error) {
      for (const held of refills) {
        held.refillFailed(now.getTime(), this.pollMs);
        this.settle(held); // it goes on, or ends, as it is
      }
      throw error;
    }
    let claimed = 0;
    for (const held of refills) {
      const batch = refilled.find((b) => b.key.id === held.key.id);
      held.refilled(batch?.items, until.getTime(), now.getTime(), this.pollMs);
      claimed += batch?.items.length ?? 0;
      this.feed(held);
    }
    return claimed;
  }

  /**
   * Starts the held key's next attempts (HeldKey.next: at most `perKey`, none that could outlast
   * the lease); asks for a refill when it wants more while some are under way; ends its batch
   * when nothing is left.
   */
  private feed(held: HeldKey<K, I>): void {
    const timeoutMs = this.limits.attemptTimeoutMs();
    let item: I | undefined;
    while (!this.abort.signal.aborted && (item = held.next(Date.now(), timeoutMs))) {
      const attempt = this.attempt(held, item).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }
    if (held.underWay.size > 0 && held.wantsMore(Date.now(), timeoutMs)) {
      this.pumpSoon().catch((error: unknown) => {
        this.logger.warn(`claiming failed: ${(error as Error).message}`);
      });
    }
    this.settle(held);
  }

  /** The batch ended: the key is released by the next claim, which starts now. */
  private settle(held: HeldKey<K, I>): void {
    const id = held.key.id;
    if (!held.ended || this.held.get(id) !== held || this.abort.signal.aborted) {
      return;
    }
    this.held.delete(id);
    this.ended.push(id);
    this.pumpSoon().catch((error: unknown) => {
      this.logger.warn(`claiming failed: ${(error as Error).message}`);
    });
  }

  private async attempt(held: HeldKey<K, I>, item: I): Promise<void> {
    let result: R;
    try {
      result = await this.source.attempt(held.key, item, this.abort.signal);
    } catch (error) {
      // An attempt the source could not make at all: the item stays due for the next claim.
      this.logger.warn(`attempting item ${item.id} failed: ${(error as Error).message}`);
      held.answered();
      held.stop();
      held.recorded(item.id);
      this.settle(held);
      return;
    }
    held.answered();
    if (this.abort.signal.aborted) {
      held.recorded(item.id);
      return; // stopping: the lease is released and another instance attempts it again
    }
    this.feed(held); // the slot is free: the next attempt starts while this one is recorded
    try {
      const at = new Date();
      const verdict = verdictOf(
        result,
        item.attempts + 1,
        item.schedule_base ?? 0,
        this.limits.retryScheduleSeconds(),
        at,
      );
      const recorded = await this.outcomes.submit({ item, token: held.token, result, verdict, at });
      if (recorded.get(item.id) !== true || (!result.ok && result.final)) {
        held.stop(); // the lease is voided or no longer this claim's, or the key is gone
      }
    } catch (error) {
      held.stop();
      this.logger.warn(`recording item ${item.id} failed: ${(error as Error).message}`);
    } finally {
      held.recorded(item.id);
      this.settle(held);
    }
  }
}
