import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Since when a device has been above a clients_above rule's threshold, while it has not been for
 * `for_seconds` yet; deleted when it falls back or the alert opens.
 */
@Entity('alert_watches')
export class AlertWatch {
  @PrimaryColumn({ type: 'integer' })
  alert_rule_id: number;

  @PrimaryColumn({ type: 'integer' })
  device_id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @Column({ type: Date })
  since: Date;
}
