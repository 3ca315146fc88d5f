import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { Membership } from '../users/membership.entity';
import { References } from '../database/references';
import { UserRecord } from '../users/user-record';

/**
 * A signed-in browser session: the cookie carries a random secret, only its SHA-256
 * hash is stored. Sign-out deletes the row, so every instance refuses the cookie at once and
 * after restarts. Anonymous visitors (the login form) have no row.
 */
@Entity('web_sessions')
export class BrowserSession extends UserRecord {
  /**
   * The membership the session acts in now (the header's switcher changes it): its organisation
   * and role. A membership that ends takes its sessions with it.
   */
  @Index()
  @Column({ type: 'integer' })
  membership_id: number;

  @References(() => Membership, 'membership_id', 'CASCADE')
  membership?: Membership;

  @Column({ type: 'varchar', length: 64, unique: true })
  session_hash: string;

  /** Digest of the user's password hash at sign-in: a changed password ends the session. */
  @Column({ type: 'varchar', length: 16 })
  password_tag: string;

  @Column({ type: Date })
  expires_at: Date;

  @CreateDateColumn()
  created_at: Date;
}
