import { Column, Index, PrimaryGeneratedColumn } from 'typeorm';
import { References } from '../database/references';
import { User } from './user.entity';

/** What a record of one user begins with: its id and its user, whose deletion takes it along. */
export abstract class UserRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'integer' })
  user_id: number;

  @References(() => User, 'user_id', 'CASCADE')
  user?: User;
}
