import { Column, PrimaryGeneratedColumn } from 'typeorm';
import { References } from '../database/references';
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
  @References(() => Organisation, 'organisation_id', 'CASCADE')
  organisation?: Organisation;
}
