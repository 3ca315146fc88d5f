import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { References } from '../database/references';
import { OrganisationScoped } from '../organisations/organisation-record';
import { Device } from '../devices/device.entity';
import { Rollout } from './rollout.entity';

export const UPGRADE_STATUSES = ['pending', 'in_progress', 'done', 'failed', 'cancelled'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** A firmware upgrade of one device. At most one pending upgrade per device. */
@Entity('upgrades')
@Index('UQ_upgrades_pending_device', ['device_id'], { unique: true, where: "status = 'pending'" })
// The overview counts an organisation's upgrades by status from this index alone.
@Index('IDX_upgrades_org_status', ['organisation_id', 'status'])
@Index('IDX_upgrades_device_status', ['device_id', 'status'])
// A request's summary and the newest requests of the upgrade list read by this index.
@Index('IDX_upgrades_org_request', ['organisation_id', 'request_id'])
// The timeout sweep of every instance reads the upgrades in progress, a few at any time, here.
@Index('IDX_upgrades_in_progress', ['organisation_id'], { where: "status = 'in_progress'" })
export class Upgrade extends OrganisationScoped {
  @Column({ type: 'integer' })
  device_id: number;

  @References(() => Device, 'device_id', 'CASCADE')
  device?: Device;

  @Column({ type: 'varchar', length: 64 })
  version: string;

  @Column({ type: 'varchar', length: 16, default: 'automatic' })
  upgrade_type: string;

  @Column({ type: 'varchar', length: 16, default: 'now' })
  schedule_type: string;

  @Column({ type: Date, nullable: true })
  schedule_at: Date | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  time_zone: string | null;

  @Column({ type: 'boolean', default: false })
  save_prev_config: boolean;

  @Column({ type: 'simple-json' })
  aps: string[];

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: UpgradeStatus;

  /** Last reported progress, 0 to 100. */
  @Column({ type: 'integer', nullable: true })
  progress: number | null;

  /** Why it failed: the device's report, or `timed out`. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  error: string | null;

  /** The first report about it. */
  @Column({ type: Date, nullable: true })
  started_at: Date | null;

  /** When it became done or failed. */
  @Column({ type: Date, nullable: true })
  completed_at: Date | null;

  /** The firmware the device ran before the check-in that carried the first report. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  previous_version: string | null;

  /**
   * The last check-in of the device while this upgrade is in progress: the timeout
   * (UPGRADE_TIMEOUT_SECONDS) counts from it. Internal, never shown.
   */
  @Column({ type: Date, nullable: true })
  device_seen_at: Date | null;

  /** The staged rollout the upgrade belongs to, if any. */
  @Index('IDX_upgrades_rollout')
  @Column({ type: 'integer', nullable: true })
  rollout_id: number | null;

  @References(() => Rollout, 'rollout_id', 'SET NULL')
  rollout?: Rollout | null;

  /** Its stage in the rollout, from 1 (null outside a rollout). Internal, never shown. */
  @Column({ type: 'integer', nullable: true })
  rollout_stage: number | null;

  /** The upgrade this one undoes (an automatic revert). */
  @Column({ type: 'integer', nullable: true })
  revert_of: number | null;

  /**
   * The request that last wrote it (a create, update or retry: one UUIDv7 per request, its
   * instant first, so that text order is time order); null for reverts and older upgrades.
   * Internal to the pages, never in the API's records.
   */
  @Column({ type: 'varchar', length: 36, nullable: true })
  request_id: string | null;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}

/** What a device record shows of its pending upgrade. */
export type ShownPendingUpgrade = Pick<
  Upgrade,
  'id' | 'version' | 'upgrade_type' | 'schedule_type' | 'schedule_at' | 'time_zone' | 'status'
>;
