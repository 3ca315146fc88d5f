import { ClaimedBatch, ClaimedDelivery, ClaimedWebhook } from './claimed-delivery';
import { MAX_IN_FLIGHT } from './webhook-rules';

/**
 * A webhook one instance holds under a lease (OPERATIONS 5, issue 27): the deliveries still to
 * attempt, those under way, and the decisions over them (which attempt starts, when to read more,
 * when the batch ends), as plain facts and times with no database or network, so that they are
 * unit-tested on their own (held-webhook.spec.ts). The dispatcher does the I/O.
 */
export class HeldWebhook {
  readonly webhook: ClaimedWebhook;
  readonly token: string;
  /** The lease's end (ms): no attempt starts that could outlast it. */
  until: number;
  private queue: ClaimedDelivery[];
  /** Attempts sent and not answered yet. */
  sending = 0;
  /** The deliveries under way (sent, or their outcome being recorded): a refill reads past them. */
  readonly underWay = new Set<number>();
  /** No refill before (ms): a refill that found nothing waits for the next poll. */
  private refillAfter = 0;
  /** The lease was voided or lost, or the webhook is gone: nothing more starts. */
  private stopped = false;
  /** A refill is being read: the batch does not end meanwhile (it would be released). */
  refilling = false;

  constructor(
    batch: ClaimedBatch,
    until: number,
    /**
     * One body per event of the deliveries read last (shared by the webhooks of one claim or
     * refill), replaced at each refill: a webhook held for long keeps no body it sent.
     */
    public bodies: Map<number, string>,
  ) {
    this.webhook = batch.webhook;
    this.token = batch.token;
    this.until = until;
    this.queue = [...batch.deliveries];
  }

  /**
   * The next delivery to attempt now, taken as under way: while fewer than MAX_IN_FLIGHT are sent
   * and the lease outlasts an attempt of `timeoutMs` started at `now` (otherwise the rest stays
   * due for the next claim, and the batch stops).
   */
  next(now: number, timeoutMs: number): ClaimedDelivery | undefined {
    if (this.sending >= MAX_IN_FLIGHT || this.queue.length === 0) {
      return undefined;
    }
    if (now + timeoutMs >= this.until) {
      this.stop();
      return undefined;
    }
    const delivery = this.queue.shift()!;
    this.sending += 1;
    this.underWay.add(delivery.id);
    return delivery;
  }

  /** Its attempt was answered: its slot is free; its outcome is being recorded. */
  answered(): void {
    this.sending -= 1;
  }

  /** Its outcome was recorded (or not): no longer under way. */
  recorded(id: number): void {
    this.underWay.delete(id);
  }

  /** Nothing more starts: the lease was voided or lost, or the webhook is gone. */
  stop(): void {
    this.queue = [];
    this.stopped = true;
  }

  /**
   * Whether to read more due deliveries under the lease now: nothing left to start, a free slot,
   * time left on the lease for an attempt, and no refill that found nothing since the last poll
   * (a slow receiver keeps its 4 attempts in flight while its deliveries come in; a fast one gets
   * its next ones before its last are answered).
   */
  wantsMore(now: number, timeoutMs: number): boolean {
    return (
      !this.stopped &&
      !this.refilling &&
      this.queue.length === 0 &&
      this.sending < MAX_IN_FLIGHT &&
      now >= this.refillAfter &&
      now + timeoutMs < this.until
    );
  }

  /**
   * A refill's answer: its deliveries under the lease renewed `until`, or none when the lease was
   * voided or lost (the batch stops). One that found nothing waits `pollMs` for the next.
   */
  refilled(
    batch: ClaimedBatch | undefined,
    until: number,
    now: number,
    pollMs: number,
    bodies: Map<number, string>,
  ): void {
    this.refilling = false;
    if (!batch) {
      this.stop();
      return;
    }
    this.until = until;
    this.bodies = bodies;
    this.queue.push(...batch.deliveries);
    this.refillAfter = batch.deliveries.length > 0 ? 0 : now + pollMs;
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
