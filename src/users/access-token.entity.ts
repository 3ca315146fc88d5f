import { Column, CreateDateColumn, Entity } from 'typeorm';
import { UserRecord } from './user-record';

/** An API access token. Only the SHA-256 hash of the secret is stored. */
@Entity('access_tokens')
export class AccessToken extends UserRecord {
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
