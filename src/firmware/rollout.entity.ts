import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';

export const ROLLOUT_STATES = ['running', 'halted', 'completed'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/**
 * One stage of a rollout as stored: its percentage, when it opened and when it finished (null
 * until then; absent in rows written before stages recorded it, read as null).
 */
export interface StoredStage {
  percent: number;
  opened_at: string | null;
  finished_at?: string | null;
}

/**
 * A staged rollout: the upgrades written by one create, grouped into stages that
 * open one after another and halt when too many fail. Which stage an upgrade is in lives on the
 * upgrade (`rollout_stage`); its counts are read from the upgrades, so an upgrade that leaves
 * the rollout stops counting by itself. The stages are a JSON column: a short list (at most 100)
 * that is always read, locked and written with its rollout row and never queried on its own.
 */
@Entity('rollouts')
@Index('IDX_rollouts_org', ['organisation_id'])
// The soak sweep's one statement: the rollouts whose next stage is due, among those waiting only.
@Index('IDX_rollouts_next_stage_at', ['next_stage_at'], { where: 'next_stage_at IS NOT NULL' })
export class Rollout extends OrganisationRecord {
  /** The firmware version its upgrades install. */
  @Column({ type: 'varchar', length: 64 })
  version: string;

  @Column({ type: 'varchar', length: 16, default: 'running' })
  state: RolloutState;

  /** The halt threshold; may have decimals. */
  @Column({ type: 'double precision' })
  max_failure_percent: number;

  @Column({ type: 'boolean', default: false })
  auto_revert: boolean;

  @Column({ type: 'simple-json' })
  stages: StoredStage[];

  /** MACs of the devices given a revert upgrade (auto_revert), in the order they got it. */
  @Column({ type: 'simple-json' })
  reverted: string[];

  /** MACs of the devices whose done upgrade could not be reverted. */
  @Column({ type: 'simple-json' })
  not_reverted: string[];

  /** The soak time: seconds between a stage finishing and the next one opening (0: at once). */
  @Column({ type: 'integer', default: 0 })
  stage_wait_seconds: number;

  /** When the waiting next stage opens (null when no stage waits). */
  @Column({ type: Date, nullable: true })
  next_stage_at: Date | null;

  @CreateDateColumn()
  created_at: Date;

  /** When it was halted or completed. */
  @Column({ type: Date, nullable: true })
  finished_at: Date | null;
}
