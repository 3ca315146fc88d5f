import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';
import { UserRole } from '../common/auth/auth-user';
import { References } from '../database/references';
import { User } from './user.entity';

/**
 * A user's place in one organisation, with the role that applies there. A user has one or more;
 * every token and browser session acts in one of them, and ends with it.
 */
@Entity('memberships')
@Index('UQ_memberships_user_organisation', ['user_id', 'organisation_id'], { unique: true })
@Index(['organisation_id'])
export class Membership extends OrganisationRecord {
  @Column({ type: 'integer' })
  user_id: number;

  @References(() => User, 'user_id', 'CASCADE')
  user?: User;

  @Column({ type: 'varchar', length: 16 })
  role: UserRole;

  @CreateDateColumn()
  created_at: Date;
}
