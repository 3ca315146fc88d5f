/**
 * The one retry rule of the lease queues: a failed attempt is tried again after the schedule's
 * next delay (WEBHOOK_RETRY_SCHEDULE_SECONDS, for webhook deliveries and e-mails alike),
 * counted from where the schedule last (re)started; once it is exhausted the item has failed.
 */

/** What follows a failed attempt: the next one after the schedule's delay, or `failed`. */
export function afterFailure(
  attempts: number,
  scheduleBase: number,
  scheduleSeconds: readonly number[],
  now: Date,
): { state: 'pending'; next: Date } | { state: 'failed' } {
  const retry = attempts - scheduleBase; // the retry this failure leads to, 1-based
  if (retry > scheduleSeconds.length) {
    return { state: 'failed' };
  }
  return { state: 'pending', next: new Date(now.getTime() + scheduleSeconds[retry - 1] * 1000) };
}

/** What follows an attempt: done, another attempt at `next`, or failed for good. */
export type Verdict = { state: 'done' } | { state: 'retry'; next: Date } | { state: 'failed' };

/** How an attempt ended, as far as its retries go. */
export interface AttemptEnd {
  ok: boolean;
  /** A failure never retried (a receiver that answered 410 Gone). */
  final?: boolean;
}

/**
 * The verdict on an item's attempt ended at `now`: `attempts` counts the attempts made with this
 * one, `scheduleBase` those made when its schedule last (re)started (a redelivery restarts it).
 */
export function verdictOf(
  end: AttemptEnd,
  attempts: number,
  scheduleBase: number,
  scheduleSeconds: readonly number[],
  now: Date,
): Verdict {
  if (end.ok) {
    return { state: 'done' };
  }
  if (end.final) {
    return { state: 'failed' };
  }
  const after = afterFailure(attempts, scheduleBase, scheduleSeconds, now);
  return after.state === 'pending' ? { state: 'retry', next: after.next } : { state: 'failed' };
}
