import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { References } from '../database/references';
import { OrganisationScoped } from '../organisations/organisation-record';
import { User } from '../users/user.entity';
import { LocationNetwork } from './location-network.entity';

export const ACCESS_LEVELS = ['full', 'read_only'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** A member's access to one network. */
@Entity('network_access_grants')
@Index('UQ_network_access_grants_user_network', ['user_id', 'location_network_id'], {
  unique: true,
})
@Index(['organisation_id'])
export class NetworkAccessGrant extends OrganisationScoped {
  @Column({ type: 'integer' })
  user_id: number;

  @References(() => User, 'user_id', 'CASCADE')
  user?: User;

  @Index()
  @Column({ type: 'integer' })
  location_network_id: number;

  @References(() => LocationNetwork, 'location_network_id', 'CASCADE')
  network?: LocationNetwork;

  @Column({ type: 'varchar', length: 16 })
  level: AccessLevel;

  @CreateDateColumn()
  created_at: Date;
}
