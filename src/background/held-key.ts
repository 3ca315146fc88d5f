import { QueueItem, QueueKey } from './queue-source';

/** What a held key is allowed: attempts in flight, and whether it refills. */
export interface HeldKeyLimits {
  perKey: number;
  refills: boolean;
}

/**
 * A key one instance holds under a lease (LeaseQueue): the items still to attempt, those under
 * way, and the decisions over them (which attempt starts, when to read more, when the batch
 * ends), as plain facts and times with no database or network, so that they are unit-tested on
 * their own (held-key.spec.ts). The queue does the I/O.
 */
export class HeldKey<K extends QueueKey, I extends QueueItem> {
  /** The lease's end (ms): no attempt starts that could outlast it. */
  until: number;
  private queue: I[];
  /** Attempts sent and not answered yet. */
  sending = 0;
  /** The items under way (sent, or their outcome being recorded): a refill reads past them. */
  readonly underWay = new Set<number>();
  /** No refill before (ms): a refill that found nothing waits for the next poll. */
  private refillAfter = 0;
  /** The lease was voided or lost, or the key is gone: nothing more starts. */
  private stopped = false;
  /** A refill is being read: the batch does not end meanwhile (it would be released). */
  refilling = false;

  constructor(
    readonly key: K,
    /** The claim whose lease covers the key. */
    readonly token: string,
    items: readonly I[],
    until: number,
    private readonly limits: HeldKeyLimits,
  ) {
    this.until = until;
    this.queue = [...items];
  }

  /**
   * The next item to attempt now, taken as under way: while fewer than `perKey` are sent and the
   * lease outlasts an attempt of `timeoutMs` started at `now` (otherwise the rest stays due for
   * the next claim, and the batch stops).
   */
  next(now: number, timeoutMs: number): I | undefined {
    if (this.sending >= this.limits.perKey || this.queue.length === 0) {
      return undefined;
    }
    if (now + timeoutMs >= this.until) {
      this.stop();
      return undefined;
    }
    const item = this.queue.shift()!;
    this.sending += 1;
    this.underWay.add(item.id);
    return item;
  }

  /** Its attempt was answered: its slot is free; its outcome is being recorded. */
  answered(): void {
    this.sending -= 1;
  }

  /** Its outcome was recorded (or not): no longer under way. */
  recorded(id: number): void {
    this.underWay.delete(id);
  }

  /** Nothing more starts: the lease was voided or lost, or the key is gone. */
  stop(): void {
    this.queue = [];
    this.stopped = true;
  }

  /**
   * Whether to read more due items under the lease now: a queue that refills, nothing left to
   * start, a free slot, time left on the lease for an attempt, and no refill that found nothing
   * since the last poll (a slow receiver keeps its slots filled while its items come in; a fast
   * one gets its next ones before its last are answered).
   */
  wantsMore(now: number, timeoutMs: number): boolean {
    return (
      this.limits.refills &&
      !this.stopped &&
      !this.refilling &&
      this.queue.length === 0 &&
      this.sending < this.limits.perKey &&
      now >= this.refillAfter &&
      now + timeoutMs < this.until
    );
  }

  /**
   * A refill's answer: its items under the lease renewed until `until`, or none when the lease
   * was voided or lost (the batch stops). One that found nothing waits `pollMs` for the next.
   */
  refilled(items: readonly I[] | undefined, until: number, now: number, pollMs: number): void {
    this.refilling = false;
    if (!items) {
      this.stop();
      return;
    }
    this.until = until;
    this.queue.push(...items);
    this.refillAfter = items.length > 0 ? 0 : now + pollMs;
  }

  /** A refill failed: the batch goes on as it is, and tries again at the next poll. */
  refillFailed(now: number, pollMs: number): void {
    this.refilling = false;
    this.refillAfter = now + pollMs;
  }

  /** Nothing left to start, nothing under way, no refill being read: the lease can be released. */
  get ended(): boolean {
    return this.queue.length === 0 && this.underWay.size === 0 && !this.refilling;
  }
}
