import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';

/**
 * An HTTP endpoint that receives the organisation's events. The secret is kept as
 * given out (`whsec_…`) because it signs every delivery; it is never logged and never answered
 * but by create and rotate_secret.
 */
@Entity('webhooks')
@Index('IDX_webhooks_org', ['organisation_id', 'id'])
export class Webhook extends OrganisationRecord {
  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** Event types, family prefixes (`device.*`) or `*`, as given. */
  @Column({ type: 'simple-json' })
  event_types: string[];

  @Column({ type: 'varchar', length: 255, nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'varchar', length: 255, nullable: true })
  disabled_reason: string | null;

  @Column({ type: 'varchar', length: 64 })
  secret: string;

  /** The secret before the last rotation: it signs too until `previous_secret_until`. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  previous_secret: string | null;

  @Column({ type: Date, nullable: true })
  previous_secret_until: Date | null;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
