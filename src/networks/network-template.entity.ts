import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationScoped } from '../organisations/organisation-record';

/** A reusable network configuration, e.g. `{ssid_configuration: [ssid, …]}`. */
@Entity('network_templates')
@Index('UQ_network_templates_org_name', ['organisation_id', 'name'], { unique: true })
export class NetworkTemplate extends OrganisationScoped {
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'simple-json' })
  configuration: Record<string, unknown>;

  @CreateDateColumn()
  created_at: Date;
}
