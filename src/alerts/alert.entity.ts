import { Column, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';
import { AlertType } from './alert-rules';

export type AlertState = 'open' | 'resolved';

/**
 * An alert of a rule about one device (or one rollout for rollout_halted): opened once, resolved
 * once. The device and network are kept as they were at its opening, like an
 * event's. It outlives its rule (alert_rule_id names a deleted rule too).
 */
@Entity('alerts')
@Index('IDX_alerts_org_id', ['organisation_id', 'id'])
@Index('IDX_alerts_org_state', ['organisation_id', 'state', 'id'])
// One open alert per rule and device (or rollout): the database refuses a second.
@Index('UQ_alerts_open_subject', ['alert_rule_id', 'subject_id'], {
  unique: true,
  where: "state = 'open'",
})
@Index('IDX_alerts_opened', ['opened_at'])
export class Alert extends OrganisationRecord {
  @Column({ type: 'integer' })
  alert_rule_id: number;

  @Column({ type: 'varchar', length: 32 })
  type: AlertType;

  @Column({ type: 'varchar', length: 16 })
  state: AlertState;

  /** The device's id, or the rollout's for rollout_halted (the one-open-alert key). */
  @Column({ type: 'integer' })
  subject_id: number;

  @Column({ type: 'integer', nullable: true })
  device_id: number | null;

  @Column({ type: 'varchar', length: 17, nullable: true })
  device_mac: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  device_name: string | null;

  @Column({ type: 'integer', nullable: true })
  network_id: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  network_name: string | null;

  @Column({ type: Date })
  opened_at: Date;

  @Column({ type: Date, nullable: true })
  resolved_at: Date | null;

  @Column({ type: 'simple-json' })
  data: Record<string, unknown>;

  /**
   * The user who acknowledged the open alert (the first one: a later acknowledgement changes
   * nothing), with their e-mail as it was then, kept like the device's name so that the alert
   * still names them after their account changes or goes. Null until acknowledged.
   */
  @Column({ type: 'integer', nullable: true })
  acknowledged_by: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  acknowledged_by_email: string | null;

  @Column({ type: Date, nullable: true })
  acknowledged_at: Date | null;
}
