import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';
import { AlertType } from './alert-rules';

/** A condition on devices that opens and resolves alerts. */
@Entity('alert_rules')
@Index('IDX_alert_rules_org', ['organisation_id', 'id'])
export class AlertRule extends OrganisationRecord {
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  type: AlertType;

  /** Empty: every network and the devices in none. */
  @Column({ type: 'simple-json' })
  network_ids: number[];

  @Column({ type: 'integer' })
  for_seconds: number;

  @Column({ type: 'integer', nullable: true })
  threshold: number | null;

  @Column({ type: 'simple-json' })
  emails: string[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /**
   * When the rule was created or last enabled: it looks only at what happens from then on
   *, but for device_down, which opens for devices already DOWN. Not answered.
   */
  @Column({ type: Date })
  active_since: Date;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
