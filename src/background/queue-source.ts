import { JobName } from './schedule';
import { AttemptEnd, Verdict } from './retry-schedule';

/**
 * What a feature tells a lease queue (LeaseQueue): which rows to deliver, how to attempt one and
 * how to record what the attempts gave. The queue does the rest: claims under leases, the cap of
 * attempts in flight per key, batches and refills, the retry schedule, outcomes recorded by
 * group commit under the lease's token, release at shutdown, expiry after a crash.
 */

/** A key of a queue (a webhook, a message): one instance attempts its items at a time. */
export interface QueueKey {
  id: number;
}

/** An item to attempt (a delivery, a message). */
export interface QueueItem {
  id: number;
  /** Attempts made before this claim. */
  attempts: number;
  /** `attempts` when its retry schedule last (re)started; 0 when it never restarts. */
  schedule_base?: number;
}

/** A key a claim or refill reads items for, but those still under way. */
export interface Target<K extends QueueKey> {
  key: K;
  exclude: readonly number[];
}

/** An attempt's outcome to record while the key's lease carries the claim's `token`. */
export interface Outcome<I extends QueueItem, R extends AttemptEnd> {
  item: I;
  token: string;
  result: R;
  verdict: Verdict;
  at: Date;
}

export interface QueueSource<K extends QueueKey, I extends QueueItem, R extends AttemptEnd> {
  /**
   * In the claim's transaction, one statement: at most `limit` keys with items due at `now` that
   * no live lease holds (`leaseSql.held`), the longest waiting first, locked skipping those
   * another instance is claiming (`Dialect.lockSkippingLocked`), with what their attempts need.
   */
  lockDueKeys(now: Date, limit: number): Promise<K[]>;

  /**
   * In the claim's transaction, one statement: each key's first `limit` items due at `now`, in
   * due order, but those excluded.
   */
  dueItems(targets: readonly Target<K>[], now: Date, limit: number): Promise<I[]>;

  /** The key an item belongs to. */
  keyOf(item: I): number;

  /** Attempts one item, outside any transaction; `signal` aborts it (the instance stops). */
  attempt(key: K, item: I, signal: AbortSignal): Promise<R>;

  /**
   * Records these outcomes, each only while its key's lease carries its token or was voided
   * (`leaseSql.carries`), and commits; answers, for each one recorded, whether its lease still
   * carries its token (false once voided). Called outside any transaction.
   */
  record(outcomes: readonly Outcome<I, R>[]): Promise<Map<number, boolean>>;
}

/** How a queue drains: its name, its limits and its timing. */
export interface QueueLimits {
  /** Its periodic poll in SCHEDULE, and its leases' `queue`. */
  name: JobName;
  /** Keys one instance holds at once. */
  keys: number;
  /** Attempts in flight per key (over every instance: one holds the key). */
  perKey: number;
  /** Due items one claim or refill reads per key. */
  batch: number;
  /** Whether a held key with a free slot reads its next due items under its lease. */
  refills: boolean;
  /** The longest an attempt takes: no attempt starts that could outlast its lease. */
  attemptTimeoutMs: () => number;
  /** A lease outlives the last attempt it lets start by this much. */
  leaseMarginMs: number;
  /** The delays of the retries, in seconds. */
  retryScheduleSeconds: () => readonly number[];
}
