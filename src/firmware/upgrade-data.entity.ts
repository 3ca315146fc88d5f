import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { References } from '../database/references';
import { Organisation } from '../organisations/organisation.entity';

/** A firmware release: global when organisation_id is null. */
@Entity('upgrade_data')
export class UpgradeData {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  version: string;

  /** Map from hardware part number to firmware location. */
  @Column({ type: 'simple-json' })
  url: Record<string, string>;

  @Index()
  @Column({ type: 'integer', nullable: true })
  organisation_id: number | null;

  @References(() => Organisation, 'organisation_id', 'CASCADE')
  organisation?: Organisation | null;

  @Column({ type: 'boolean', default: false })
  is_released: boolean;

  @CreateDateColumn()
  created_at: Date;
}
