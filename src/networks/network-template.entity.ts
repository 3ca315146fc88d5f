import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A reusable network configuration (CONTRACT 5), e.g. `{ssid_configuration: [ssid, …]}`. */
@Entity('network_templates')
@Index('UQ_network_templates_org_name', ['organisation_id', 'name'], { unique: true })
export class NetworkTemplate {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'simple-json' })
  configuration: Record<string, unknown>;

  @CreateDateColumn()
  created_at: Date;
}
