import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A hardware model; decides which uplink types a device can take. */
@Entity('hardware_parts')
export class HardwarePart {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255, unique: true })
  part_number: string;

  @Column({ type: 'boolean', default: false })
  wifi_uplink: boolean;

  @Column({ type: 'boolean', default: false })
  usb: boolean;
}
