import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from './user.entity';

/** An API access token. Only the SHA-256 hash of the secret is stored. */
@Entity('access_tokens')
export class AccessToken {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'integer' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

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
