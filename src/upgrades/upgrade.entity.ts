import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Device } from '../devices/device.entity';

export const UPGRADE_STATUSES = ['pending', 'in_progress', 'done', 'failed'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** A firmware upgrade of one device (SPEC 2.5, 3.4). At most one pending upgrade per device. */
@Entity('upgrades')
@Index('UQ_upgrades_pending_device', ['device_id'], { unique: true, where: "status = 'pending'" })
@Index('IDX_upgrades_org', ['organisation_id'])
export class Upgrade {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @Column({ type: 'integer' })
  device_id: number;

  @ManyToOne(() => Device, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id' })
  device?: Device;

  @Column({ type: 'varchar', length: 64 })
  version: string;

  @Column({ type: 'varchar', length: 16, default: 'automatic' })
  upgrade_type: string;

  @Column({ type: 'varchar', length: 16, default: 'now' })
  schedule_type: string;

  @Column({ type: Date, nullable: true })
  schedule_at: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  time_zone: string | null;

  @Column({ type: 'boolean', default: false })
  save_prev_config: boolean;

  @Column({ type: 'simple-json' })
  aps: string[];

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: UpgradeStatus;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
