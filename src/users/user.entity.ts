import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';
import { UserRole } from '../common/auth/auth-user';

@Entity('users')
@Index(['organisation_id'])
export class User extends OrganisationRecord {
  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  role: UserRole;

  /** Platform operator: may call /v1/admin/* and sees unreleased firmware. */
  @Column({ type: 'boolean', default: false })
  super_admin: boolean;

  /** scrypt hash of the browser sign-in password; null when the user has none. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  password_hash: string | null;

  @CreateDateColumn()
  created_at: Date;
}
