import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Organisation } from '../organisations/organisation.entity';

/**
 * How far the alert evaluation has read an organisation's events, and its lock: every alert
 * transition of the organisation happens in a transaction that holds this row (so
 * each happens exactly once, however many instances run).
 */
@Entity('alert_cursors')
export class AlertCursor {
  @PrimaryColumn({ type: 'integer' })
  organisation_id: number;

  @OneToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

  /** The greatest event id read (ids ascend in commit order within an organisation). */
  @Column({ type: 'integer' })
  last_event_id: number;
}
