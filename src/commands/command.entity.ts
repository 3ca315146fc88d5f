import { Column, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';
import { CommandState, CommandType } from './command-rules';

/**
 * A command queued for one device: handed out at its check-ins, closed by its
 * report, its expiry or a cancellation. State changes are conditional updates, so each happens once.
 */
@Entity('commands')
@Index('IDX_commands_org_id', ['organisation_id', 'id'])
@Index('IDX_commands_org_device', ['organisation_id', 'device_id', 'id'])
// The check-in reads a device's open commands, the expiry sweep the open ones due.
@Index('IDX_commands_open_device', ['device_id', 'id'], { where: "state IN ('queued', 'sent')" })
@Index('IDX_commands_open_expires', ['expires_at'], { where: "state IN ('queued', 'sent')" })
export class Command extends OrganisationRecord {
  /** No foreign key: a removed device's commands stay in the log. */
  @Column({ type: 'integer' })
  device_id: number;

  @Column({ type: 'varchar', length: 17 })
  device_mac: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  device_name: string | null;

  @Column({ type: 'varchar', length: 16 })
  type: CommandType;

  @Column({ type: 'simple-json' })
  params: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16 })
  state: CommandState;

  @Column({ type: 'integer', nullable: true })
  created_by_id: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  created_by_email: string | null;

  @Column({ type: Date })
  created_at: Date;

  @Column({ type: Date, nullable: true })
  sent_at: Date | null;

  @Column({ type: Date, nullable: true })
  completed_at: Date | null;

  @Column({ type: Date })
  expires_at: Date;

  @Column({ type: 'text', nullable: true })
  output: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;
}
