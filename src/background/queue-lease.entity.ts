import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which instance attempts the items of one key of a lease queue now (LeaseQueue): of the webhook
 * deliveries, a webhook (each attempt by one instance, at most 4 in flight per webhook); of the
 * e-mail outbox, a message. One instance holds a key at a time, until `until` or until it
 * releases it; it attempts the items it claimed under the lease with no write per item until
 * their outcomes (a lease per delivery row was a non-HOT update of the row and an index entry
 * more, per delivery). `token` names the claim; an outcome is recorded only while the lease still
 * carries it, and a change of the key (a webhook's URL or secret) voids it. No foreign key: a
 * lease names a row of its queue's own table; those that ended a day ago are deleted.
 */
@Entity('queue_leases')
export class QueueLease {
  /** The queue's name (its periodic job's, SCHEDULE). */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  queue: string;

  /** The key's id in its queue's table (a webhook's, a message's). */
  @PrimaryColumn({ type: 'integer' })
  key_id: number;

  /** The instance holding the lease (its release needs no claim token). */
  @Column({ type: 'varchar', length: 36 })
  owner: string;

  /** The claim that took the lease; '' once voided by a change of the key. */
  @Column({ type: 'varchar', length: 36 })
  token: string;

  @Column({ type: Date })
  until: Date;
}
