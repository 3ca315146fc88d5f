import { QueueLeasesRepository, Claimant } from './queue-leases.repository';
import { QueueItem, QueueKey, QueueSource, Target } from './queue-source';
import { AttemptEnd } from './retry-schedule';

/** A key leased by a claim (or renewed by a refill), with its first due items. */
export interface ClaimedBatch<K extends QueueKey, I extends QueueItem> {
  key: K;
  token: string;
  items: I[];
}

/** A held key to read more items for under the lease of the claim `token`, but `exclude`. */
export interface Refill<K extends QueueKey> extends Target<K> {
  token: string;
}

/**
 * A lease queue's claims: each one transaction of a constant number of statements whatever the
 * number of keys and items (the leases' and the source's), run by LeaseQueue in a unit of work.
 * A claim leases whole keys, not items: one instance holds a key at a time and attempts the
 * items it read under that lease, so an item's row is written twice (queued, outcome) and never
 * for its claim.
 */
export class LeaseClaims<K extends QueueKey, I extends QueueItem, R extends AttemptEnd> {
  constructor(
    private readonly queue: string,
    private readonly source: QueueSource<K, I, R>,
    private readonly leases: QueueLeasesRepository,
  ) {}

  /**
   * Run in a transaction. Releases the leases `release` of `claimant.owner` (batches that
   * ended), then leases at most `keys` keys with due items that no live lease holds (locked
   * skipping those another instance is claiming), and reads each one's first `perKey` due items.
   * The leases are taken by a conditional upsert in a statement that starts after the keys are
   * locked, so it sees a lease another instance committed meanwhile and then takes nothing.
   */
  async claim(
    now: Date,
    claimant: Claimant,
    keys: number,
    perKey: number,
    release: readonly number[] = [],
  ): Promise<ClaimedBatch<K, I>[]> {
    if (release.length > 0) {
      await this.leases.release(this.queue, claimant.owner, release);
    }
    const due = await this.source.lockDueKeys(now, keys);
    if (due.length === 0) {
      return [];
    }
    const byId = new Map(due.map((key) => [key.id, key]));
    const leased = await this.leases.take(this.queue, [...byId.keys()], claimant, now);
    if (leased.length === 0) {
      return [];
    }
    return this.batches(
      leased.map((id) => ({ key: byId.get(id)!, token: claimant.token, exclude: [] })),
      now,
      perKey,
    );
  }

  /**
   * Run in a transaction. Renews the leases of keys this instance holds, where they still carry
   * their claim's token (not voided by a change, not taken over), until `until`, and reads each
   * renewed one's first `perKey` due items but those still under way: more work for a held key
   * with a free slot, under the same lease. Answers the renewed ones, with what was read (maybe
   * nothing).
   */
  async refill(
    now: Date,
    until: Date,
    refills: readonly Refill<K>[],
    perKey: number,
  ): Promise<ClaimedBatch<K, I>[]> {
    const renewed = await this.leases.renew(
      this.queue,
      refills.map(({ key, token }) => ({ key: key.id, token })),
      until,
    );
    return renewed.size === 0
      ? []
      : this.batches(
          refills.filter((r) => renewed.has(r.key.id)),
          now,
          perKey,
        );
  }

  /** Each key's batch: its first due items, read in one statement. */
  private async batches(
    targets: readonly Refill<K>[],
    now: Date,
    perKey: number,
  ): Promise<ClaimedBatch<K, I>[]> {
    const items = await this.source.dueItems(targets, now, perKey);
    const batches = new Map<number, ClaimedBatch<K, I>>(
      targets.map(({ key, token }) => [key.id, { key, token, items: [] }]),
    );
    for (const item of items) {
      batches.get(this.source.keyOf(item))!.items.push(item);
    }
    return [...batches.values()];
  }
}
