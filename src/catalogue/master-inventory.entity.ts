import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { References } from '../database/references';
import { HardwarePart } from './hardware-part.entity';

/** Every device ever manufactured: the platform's source of truth for serial, MAC and model. */
@Entity('master_inventory')
export class MasterInventory {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255, unique: true })
  serial: string;

  @Column({ type: 'varchar', length: 17, unique: true })
  mac_id: string;

  @Index()
  @Column({ type: 'integer' })
  hardware_part_id: number;

  /**
   * SHA-256 (hex) of the device's factory secret; null when none was given. A fast
   * hash is enough: the secret is a random factory value of 16 to 128 characters, not a password.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  secret_hash: string | null;

  @References(() => HardwarePart, 'hardware_part_id', 'RESTRICT')
  hardware_part?: HardwarePart;
}
