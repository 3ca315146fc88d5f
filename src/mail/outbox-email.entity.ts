import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Organisation } from '../organisations/organisation.entity';

export type OutboxEmailState = 'pending' | 'sent' | 'failed' | 'dropped';

/** What a message tells of: an alert's opening or resolution, or an invitation. */
export type OutboxTopic = 'alert.opened' | 'alert.resolved' | 'invitation';

/**
 * One e-mail, rendered when it is queued: the durable outbox of every e-mail the service sends.
 * Written in the transaction of what it tells of (an alert transition, an invitation), so a
 * committed one is always mailed, also after a crash, and a rolled-back one never is; sent by
 * one instance at a time under a lease of the outbox's lease queue (`queue_leases`, one per
 * message), which another instance may take over once it expired.
 */
@Entity('outbox_emails')
@Index('IDX_outbox_emails_org', ['organisation_id', 'id'])
@Index('IDX_outbox_emails_due', ['state', 'next_attempt_at'])
@Index('IDX_outbox_emails_created', ['created_at'])
@Index('IDX_outbox_emails_topic', ['organisation_id', 'topic', 'topic_id'])
export class OutboxEmail {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

  @Column({ type: 'varchar', length: 16 })
  topic: OutboxTopic;

  /** The alert's or the invitation's id (no foreign key: the message carries all it says). */
  @Column({ type: 'integer' })
  topic_id: number;

  /** Never logged. */
  @Column({ type: 'simple-json' })
  recipients: string[];

  @Column({ type: 'text' })
  subject: string;

  /**
   * The text; null once a secret body (an invitation's accept link) was sent, finally failed or
   * dropped: it is kept no longer than it may still be sent.
   */
  @Column({ type: 'text', nullable: true })
  text_body: string | null;

  /** Whether the body holds a secret, cleared once the message is no longer pending. */
  @Column({ type: 'boolean', default: false })
  secret: boolean;

  @Column({ type: 'varchar', length: 16 })
  state: OutboxEmailState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** When the next attempt is due; null once sent, failed or dropped. */
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
