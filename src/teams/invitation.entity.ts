import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';
import { UserRole } from '../common/auth/auth-user';
import { References } from '../database/references';
import { User } from '../users/user.entity';

/**
 * An invitation of an e-mail address into an organisation with a role. Only the SHA-256 hash of
 * its token is stored; it is pending until accepted, revoked (or replaced) or expired.
 */
@Entity('invitations')
@Index(['organisation_id', 'email'])
export class Invitation extends OrganisationRecord {
  /** Lower case, so that a second invitation of the same address finds the first. */
  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 16 })
  role: UserRole;

  @Column({ type: 'varchar', length: 64, unique: true })
  token_hash: string;

  @Index()
  @Column({ type: 'integer' })
  invited_by_id: number;

  @References(() => User, 'invited_by_id', 'CASCADE')
  invited_by?: User;

  @CreateDateColumn()
  created_at: Date;

  @Column({ type: Date })
  expires_at: Date;

  @Column({ type: Date, nullable: true })
  accepted_at: Date | null;

  @Column({ type: Date, nullable: true })
  revoked_at: Date | null;
}
