import { ConfigRollout, ConfigRolloutState } from './config-rollout.entity';
import { configFailurePercent, OutcomeCounts } from './config-rollout-progress';

/** One stage of the record. */
export interface ConfigRolloutStageView {
  percent: number;
  devices: number;
  opened_at: string | null;
  waiting: number;
  succeeded: number;
  failed: number;
  skipped: number;
}

/** The configuration rollout record. */
export interface ConfigRolloutView {
  id: number;
  network: { id: number; network_name: string };
  state: ConfigRolloutState;
  stages: ConfigRolloutStageView[];
  max_failure_percent: number;
  failure_percent: number;
  watch_seconds: number;
  auto_revert: boolean;
  stage_wait_seconds: number;
  next_stage_at: string | null;
  reverted: string[];
  diff: Record<string, unknown>;
  created_by: { id: number; email: string };
  created_at: string;
  finished_at: string | null;
}

/**
 * The record of a rollout with its stages' counts (devices that left it are not counted); the
 * failure percentage rounded to two decimals (the halt compares the exact value).
 */
export function configRolloutView(
  rollout: ConfigRollout,
  network: { id: number; network_name: string },
  counts: OutcomeCounts[],
): ConfigRolloutView {
  return {
    id: rollout.id,
    network: { id: network.id, network_name: network.network_name },
    state: rollout.state,
    stages: rollout.stages.map((stage, k) => {
      const c = counts[k];
      return {
        percent: stage.percent,
        devices: c.pending + c.waiting + c.succeeded + c.failed + c.skipped,
        opened_at: stage.opened_at,
        waiting: c.waiting,
        succeeded: c.succeeded,
        failed: c.failed,
        skipped: c.skipped,
      };
    }),
    max_failure_percent: rollout.max_failure_percent,
    failure_percent: Math.round(configFailurePercent(rollout, counts) * 100) / 100,
    watch_seconds: rollout.watch_seconds,
    auto_revert: rollout.auto_revert,
    stage_wait_seconds: rollout.stage_wait_seconds,
    next_stage_at: rollout.next_stage_at?.toISOString() ?? null,
    reverted: rollout.reverted,
    diff: rollout.diff,
    created_by: { id: rollout.created_by_id, email: rollout.created_by_email },
    created_at: rollout.created_at.toISOString(),
    finished_at: rollout.finished_at?.toISOString() ?? null,
  };
}
