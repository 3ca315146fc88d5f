import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { References } from '../database/references';
import { Device } from './device.entity';

/** An uplink of a device, built from an init template detail. */
@Entity('uplinks')
@Index('IDX_uplinks_device_deleted', ['device_id', 'is_deleted'])
export class Uplink {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  device_id: number;

  @References(() => Device, 'device_id', 'CASCADE', (device) => device.uplinks)
  // Relation<>: Device imports this file, so its class may not exist yet when this one loads.
  device?: Relation<Device>;

  @Column({ type: 'integer', nullable: true })
  init_template_id: number | null;

  @Column({ type: 'varchar', length: 16 })
  uplink_type: string;

  /** The other fields of the template detail, as given. */
  @Column({ type: 'simple-json' })
  details: Record<string, unknown>;

  @Column({ type: 'boolean', default: false })
  is_deleted: boolean;

  @CreateDateColumn()
  created_at: Date;
}
