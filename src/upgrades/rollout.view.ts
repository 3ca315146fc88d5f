import { Rollout, RolloutState } from '../firmware/rollout.entity';
import { failurePercent, StageCounts, stageDevices } from './rollout-progress';

/** One stage of a rollout record. */
export interface RolloutStageRecord extends StageCounts {
  percent: number;
  devices: number;
  opened_at: string | null;
  finished_at: string | null;
}

/** A rollout as the API returns it. */
export interface RolloutRecord {
  id: number;
  version: string;
  state: RolloutState;
  max_failure_percent: number;
  failure_percent: number;
  auto_revert: boolean;
  stage_wait_seconds: number;
  stages: RolloutStageRecord[];
  next_stage_at: string | null;
  reverted: string[];
  not_reverted: string[];
  created_at: string;
  finished_at: string | null;
}

/** The record of a rollout given its stages' counts; failure_percent rounded to two decimals. */
export function toRolloutRecord(rollout: Rollout, counts: StageCounts[]): RolloutRecord {
  return {
    id: rollout.id,
    version: rollout.version,
    state: rollout.state,
    max_failure_percent: rollout.max_failure_percent,
    failure_percent: Math.round(failurePercent(rollout.stages, counts) * 100) / 100,
    auto_revert: rollout.auto_revert,
    stage_wait_seconds: rollout.stage_wait_seconds,
    stages: rollout.stages.map((stage, k) => ({
      percent: stage.percent,
      devices: stageDevices(counts[k]),
      opened_at: stage.opened_at,
      finished_at: stage.finished_at ?? null,
      ...counts[k],
    })),
    next_stage_at: rollout.next_stage_at ? rollout.next_stage_at.toISOString() : null,
    reverted: rollout.reverted,
    not_reverted: rollout.not_reverted,
    created_at: rollout.created_at.toISOString(),
    finished_at: rollout.finished_at ? rollout.finished_at.toISOString() : null,
  };
}
