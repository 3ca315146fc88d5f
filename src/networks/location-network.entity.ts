import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { References } from '../database/references';
import { OrganisationRecord } from '../organisations/organisation-record';
import { User } from '../users/user.entity';
import { NetworkTemplate } from './network-template.entity';

/** A named group of devices and SSIDs of one organisation. */
@Entity('location_networks')
@Index('UQ_location_networks_org_name_key', ['organisation_id', 'network_name_key'], {
  unique: true,
})
export class LocationNetwork extends OrganisationRecord {
  /** The user who created the network. */
  @Column({ type: 'integer', nullable: true })
  user_id: number | null;

  @References(() => User, 'user_id', 'SET NULL')
  user?: User;

  @Column({ type: 'varchar', length: 255 })
  network_name: string;

  /** lower(network_name): makes names unique per organisation case-insensitively on both databases. */
  @Column({ type: 'varchar', length: 255, select: false })
  network_name_key: string;

  @Column({ type: 'varchar', length: 64 })
  timezone: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  network_configuration: string | null;

  @Column({ type: 'integer', nullable: true })
  cloned_network_id: number | null;

  @Column({ type: 'boolean', nullable: true })
  presence: boolean | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  presence_url: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  vendor_type: string | null;

  /** Network template id (`network_template` is a template of the organisation). */
  @Index()
  @Column({ type: 'integer', nullable: true })
  network_template: number | null;

  @References(() => NetworkTemplate, 'network_template', 'SET NULL')
  template?: NetworkTemplate;

  @Column({ type: 'boolean', nullable: true })
  template_adherence: boolean | null;

  @Column({ type: 'boolean', default: false })
  enable_policy: boolean;

  @Column({ type: 'simple-json', nullable: true })
  template_policy_attributes: Record<string, unknown> | null;

  @Column({ type: 'simple-json', default: '[]' })
  tag_list: string[];

  /**
   * How many devices are in the network, kept by every write of the devices table in the same
   * transaction (devices/device-counts.ts). Internal, never shown.
   */
  @Column({ type: 'integer', default: 0 })
  device_count: number;

  /**
   * The version of the network's configuration (its SSIDs): 1 at creation, one more with every
   * change of its SSIDs, in the transaction of that change.
   */
  @Column({ type: 'integer', default: 1 })
  config_version: number;

  /**
   * The configuration rollout running on the network (null: none). While one runs, the changes
   * of its SSIDs are refused (409 1051): their version bump is conditional on this being null.
   */
  @Column({ type: 'integer', nullable: true })
  config_rollout_id: number | null;

  /**
   * The network's newest configuration rollout, running or not (null: none yet), set in the
   * unit of work that creates one. Which configuration its devices are given depends on it
   * (device-config/config-choice.ts); kept here so that the check-in's one read joins it by
   * primary key rather than looking for the newest rollout of every device's network.
   */
  @Column({ type: 'integer', nullable: true })
  latest_config_rollout_id: number | null;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
