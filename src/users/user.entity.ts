import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { UserRole } from '../common/auth/auth-user';
import { Organisation } from '../organisations/organisation.entity';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'integer' })
  organisation_id: number;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id' })
  organisation?: Organisation;

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
