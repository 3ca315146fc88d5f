import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationScoped } from '../organisations/organisation-record';

export interface UplinkTemplateDetail {
  uplink_type: string;
  [field: string]: unknown;
}

/** An uplink (init) template of an organisation. */
@Entity('init_templates')
@Index('UQ_init_templates_org_name', ['organisation_id', 'name'], { unique: true })
export class InitTemplate extends OrganisationScoped {
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'simple-json' })
  details: UplinkTemplateDetail[];

  @CreateDateColumn()
  created_at: Date;
}
