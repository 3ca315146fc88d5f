import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Device } from '../devices/device.entity';

/**
 * The last heartbeat of a device: one row per device, replaced by each heartbeat with one upsert,
 * so the hot path is a single write and current_status reads one row by primary key.
 */
@Entity('heartbeats')
export class Heartbeat {
  @PrimaryColumn({ type: 'integer' })
  device_id: number;

  @OneToOne(() => Device, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id' })
  device?: Device;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  firmware_version: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  network_name: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  hardware_model: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  public_ip: string | null;

  @Column({ type: Date })
  received_at: Date;
}
