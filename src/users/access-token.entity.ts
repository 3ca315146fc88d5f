import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { Organisation } from '../organisations/organisation.entity';
import { References } from '../database/references';
import { UserRecord } from './user-record';

/**
 * An API access token. Only the SHA-256 hash of the secret is stored. It acts in one organisation,
 * with the role of its user's membership there, and stops working when that membership ends.
 */
@Entity('access_tokens')
export class AccessToken extends UserRecord {
  @Index()
  @Column({ type: 'integer' })
  organisation_id: number;

  @References(() => Organisation, 'organisation_id', 'CASCADE')
  organisation?: Organisation;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 64, unique: true })
  token_hash: string;

  @Column({ type: Date, nullable: true })
  expires_at: Date | null;

  @Column({ type: Date, nullable: true })
  revoked_at: Date | null;

  /** When the token last authenticated a request, kept to the minute (UsersService.authenticate). */
  @Column({ type: Date, nullable: true })
  last_used_at: Date | null;

  @CreateDateColumn()
  created_at: Date;
}
