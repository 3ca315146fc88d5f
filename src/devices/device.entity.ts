import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  OneToMany,
  UpdateDateColumn,
} from 'typeorm';
import { References } from '../database/references';
import { OrganisationRecord } from '../organisations/organisation-record';
import { LocationNetwork } from '../networks/location-network.entity';
import { HardwarePart } from '../catalogue/hardware-part.entity';
import { Tag } from './tag.entity';
import { Uplink } from './uplink.entity';

/** A device (router inventory record). A MAC is in at most one inventory. */
@Entity('devices')
@Index('IDX_devices_org_network', ['organisation_id', 'location_network_id'])
// Pages of an organisation's devices in id order read the first rows of this index.
@Index('IDX_devices_org_id', ['organisation_id', 'id'])
// The sync counts compare this revision with the heartbeat's, per organisation and network.
@Index('IDX_devices_org_network_revision', [
  'organisation_id',
  'location_network_id',
  'config_revision',
])
export class Device extends OrganisationRecord {
  @Column({ type: 'varchar', length: 17, unique: true })
  mac_id: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  serial: string | null;

  @Index()
  @Column({ type: 'integer', nullable: true })
  location_network_id: number | null;

  @References(() => LocationNetwork, 'location_network_id', 'RESTRICT')
  location_network?: LocationNetwork | null;

  /** Activation name: the network name under which the device was last activated. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  /** The operator's own name for the device (null: none); kept across moves and releases. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  label: string | null;

  /**
   * The revision of the configuration the device receives now (GET /device/v1/config), stored so
   * that whether it runs it is a comparison of two columns. Kept exact by every change of what
   * the configuration is built from, in that change's transaction (config-revisions/); null only
   * inside the change that creates the device, before that change computes it. Internal, never
   * shown as such.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  config_revision: string | null;

  @Index()
  @Column({ type: 'integer', nullable: true })
  hardware_part_id: number | null;

  @References(() => HardwarePart, 'hardware_part_id', 'RESTRICT')
  hardware_part?: HardwarePart | null;

  @OneToMany(() => Uplink, (uplink) => uplink.device)
  uplinks?: Uplink[];

  @ManyToMany(() => Tag)
  @JoinTable({
    name: 'device_tags',
    joinColumn: { name: 'device_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'tag_id', referencedColumnName: 'id' },
  })
  tags?: Tag[];

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
