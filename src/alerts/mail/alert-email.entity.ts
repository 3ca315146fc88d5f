import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Organisation } from '../../organisations/organisation.entity';
import { AlertTransition } from '../alert-notifier';

export type AlertEmailState = 'pending' | 'sent' | 'failed';

/**
 * One e-mail of an alert transition, rendered when it is queued: the durable
 * outbox. Written in the transaction of the transition, so a committed opening or resolution is
 * always mailed, also after a crash; sent by one instance at a time under a lease of the
 * outbox's lease queue (`queue_leases`, one per message), which another instance may take over
 * once it expired.
 */
@Entity('alert_emails')
@Index('IDX_alert_emails_org', ['organisation_id', 'id'])
@Index('IDX_alert_emails_due', ['state', 'next_attempt_at'])
@Index('IDX_alert_emails_created', ['created_at'])
export class AlertEmail {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

  /** The alert told of (no foreign key: the message carries all it says; retention takes both). */
  @Column({ type: 'integer' })
  alert_id: number;

  @Column({ type: 'varchar', length: 16 })
  kind: AlertTransition['kind'];

  /** The rule's `emails` when the transition happened. Never logged. */
  @Column({ type: 'simple-json' })
  recipients: string[];

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  text_body: string;

  @Column({ type: 'varchar', length: 16 })
  state: AlertEmailState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** When the next attempt is due; null once sent or failed. */
  @Column({ type: Date, nullable: true })
  next_attempt_at: Date | null;

  @Column({ type: Date, nullable: true })
  last_attempt_at: Date | null;

  /** What the last failed attempt said, without the recipients' addresses. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  last_error: string | null;

  @CreateDateColumn()
  created_at: Date;
}
