import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { EventRecord } from '../event-log/event.entity';
import { Webhook } from './webhook.entity';

export type DeliveryState = 'pending' | 'succeeded' | 'failed';

/**
 * One event to deliver to one webhook, and what its attempts gave. A row is the
 * durable queue entry: written in the transaction of its event, attempted by the instance that
 * holds its webhook's lease (`queue_leases`), which another instance may take over once it
 * expired (the instance that held it died). The row is written twice: queued, and its outcome.
 */
@Entity('webhook_deliveries')
@Index('IDX_deliveries_webhook', ['webhook_id', 'id'])
@Index('IDX_deliveries_event', ['event_id'])
@Index('IDX_deliveries_created', ['created_at'])
// A claim reads a webhook's first due deliveries from this, never the whole backlog.
@Index('IDX_deliveries_webhook_pending', ['webhook_id', 'next_attempt_at', 'id'], {
  where: `"state" = 'pending'`,
})
export class WebhookDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @Column({ type: 'integer' })
  webhook_id: number;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: Webhook;

  /** The event delivered; null for a `webhook.test`. Deleted with its event (retention). */
  @Column({ type: 'integer', nullable: true })
  event_id: number | null;

  @ManyToOne(() => EventRecord, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'event_id' })
  event?: EventRecord | null;

  @Column({ type: 'varchar', length: 64 })
  event_type: string;

  /** The body of a `webhook.test` (a test has no event row); null otherwise. */
  @Column({ type: 'simple-json', nullable: true })
  test_payload: Record<string, unknown> | null;

  /** `webhook-id`: `evt_<event id>`, or `msg_…` for a test; the same on every attempt. */
  @Column({ type: 'varchar', length: 64 })
  message_id: string;

  @Column({ type: 'varchar', length: 16 })
  state: DeliveryState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** `attempts` when the retry schedule last (re)started: a redelivery restarts it. */
  @Column({ type: 'integer', default: 0 })
  schedule_base: number;

  @Column({ type: 'integer', nullable: true })
  last_status_code: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  last_error: string | null;

  @Column({ type: Date, nullable: true })
  last_attempt_at: Date | null;

  /** When the next attempt is due; null once succeeded or failed. */
  @Column({ type: Date, nullable: true })
  next_attempt_at: Date | null;

  @CreateDateColumn()
  created_at: Date;
}
