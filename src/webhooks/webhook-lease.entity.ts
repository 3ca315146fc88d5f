import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Webhook } from './webhook.entity';

/**
 * Which instance attempts a webhook's deliveries now (OPERATIONS 5: each attempt by one instance,
 * at most 4 in flight per webhook). One instance holds a webhook at a time, until `until` or
 * until it releases it; it attempts the deliveries it claimed under the lease with no write per
 * delivery until their outcomes (issue 27's speed: a lease per delivery was a non-HOT UPDATE of
 * the delivery row and an index entry more, per delivery). `token` names the claim; an outcome is
 * recorded only while the lease still carries it, and a change of the webhook voids it.
 */
@Entity('webhook_leases')
export class WebhookLease {
  @PrimaryColumn({ type: 'integer' })
  webhook_id: number;

  @OneToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Webhook;

  /** The instance holding the lease (its release needs no claim token). */
  @Column({ type: 'varchar', length: 36 })
  owner: string;

  /** The claim that took the lease; '' once voided by a change of the webhook. */
  @Column({ type: 'varchar', length: 36 })
  token: string;

  @Column({ type: Date })
  until: Date;
}
