import { Column, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organisation } from './organisation.entity';

/**
 * What a record of one organisation begins with: its id and its organisation. Every query of
 * such a record names the organisation first (TenantRepository).
 */
export abstract class OrganisationScoped {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;
}

/** A record of one organisation that its organisation's deletion takes with it. */
export abstract class OrganisationRecord extends OrganisationScoped {
  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;
}
