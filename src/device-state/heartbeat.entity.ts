import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Device } from '../devices/device.entity';

/**
 * The last heartbeat of a device: one row per device, replaced by each heartbeat with one upsert,
 * so the hot path is a single write and current_status reads one row by primary key.
 */
@Entity('heartbeats')
// The UP count of an organisation reads only the index entries of its recent heartbeats.
@Index('IDX_heartbeats_org_received', ['organisation_id', 'received_at'])
// The DOWN sweep reads only the devices recorded UP whose last heartbeat is older than the timeout.
@Index('IDX_heartbeats_up_received', ['received_at'], { where: '"up" = true' })
export class Heartbeat {
  @PrimaryColumn({ type: 'integer' })
  device_id: number;

  @OneToOne(() => Device, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id' })
  device?: Device;

  /** The device's organisation (a device never changes organisation). */
  @Column({ type: 'integer' })
  organisation_id: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  firmware_version: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  network_name: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  hardware_model: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  public_ip: string | null;

  @Column({ type: Date })
  received_at: Date;

  /**
   * The device's recorded transition state: true from the heartbeat that made it
   * UP (its `device.up`), false from the sweep that saw it pass the timeout (its `device.down`).
   * Changed only by conditional updates, so each transition is recorded exactly once.
   */
  @Column({ type: 'boolean', default: false })
  up?: boolean;

  /**
   * Its last heartbeat's time when the sweep last recorded it DOWN (it went DOWN at this + the
   * timeout); read by the device.up that follows; null for a device never recorded DOWN.
   */
  @Column({ type: Date, nullable: true })
  silent_since?: Date | null;

  /** The fields below are written only by device check-ins; the admin heartbeat keeps them. */
  @Column({ type: 'integer', nullable: true })
  clients?: number | null;

  @Column({ type: 'integer', nullable: true })
  uptime_seconds?: number | null;

  /** The last device check-in (null before the first). */
  @Column({ type: Date, nullable: true })
  checked_in_at?: Date | null;

  /** The configuration revision the device last reported running. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  applied_revision?: string | null;

  /** The revision of the last `config_error` the device reported, and its message. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  config_error_revision?: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  config_error_message?: string | null;

  /**
   * The live values (signal, rates, bytes, channel, lowest signal) of the clients its last check-in
   * with `stations` listed, as a JSON object by client MAC; null before one.
   */
  @Column({ type: 'text', nullable: true })
  stations?: string | null;

  /** Names the set of clients and their sessions' kept fields (see station-plan.ts). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  stations_digest?: string | null;

  /** The time of its last check-in with `stations`. */
  @Column({ type: Date, nullable: true })
  stations_at?: Date | null;
}
