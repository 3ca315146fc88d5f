import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A tenant: every network, device, template and upgrade belongs to exactly one organisation. */
@Entity('organisations')
export class Organisation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255, unique: true })
  name: string;

  /** Devices the organisation may hold in its inventory. */
  @Column({ type: 'integer', default: 100 })
  allowed_device_count: number;

  /**
   * How many devices the organisation holds, kept by every write of the devices table in the
   * same transaction (devices/device-counts.ts), so that listings and the limit check never
   * count the devices table. Internal, never shown.
   */
  @Column({ type: 'integer', default: 0 })
  device_count: number;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
