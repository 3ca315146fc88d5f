import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';

/**
 * A login. Where it may act, and with which role, its memberships say; `organisation_id` is the
 * organisation the account was created in (its first membership, unless that one ended since).
 */
@Entity('users')
@Index(['organisation_id'])
export class User extends OrganisationRecord {
  @Column({ type: 'varchar', length: 255, unique: true })
  email: string;

  /** Platform operator: may call /v1/admin/* and sees unreleased firmware. */
  @Column({ type: 'boolean', default: false })
  super_admin: boolean;

  /** scrypt hash of the browser sign-in password; null when the user has none. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  password_hash: string | null;

  @CreateDateColumn()
  created_at: Date;
}
