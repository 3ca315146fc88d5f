import {
  emptyCounts,
  failurePercent,
  progress,
  Progress,
  StageCounts,
} from '../common/staging/stage-progress';
import { ConfigOutcome, ConfigRollout } from './config-rollout.entity';
import { OutcomeCount } from './config-rollout-devices.repository';

/**
 * The staging rules of a configuration rollout are those of a firmware rollout (stages open in
 * order, halt above the threshold, soak time, completion after the last stage), over the
 * devices' outcomes instead of upgrade statuses. Pure.
 */

/** How many devices of one stage have each outcome. */
export type OutcomeCounts = Record<ConfigOutcome, number>;

export const noOutcomes = (): OutcomeCounts => ({
  pending: 0,
  waiting: 0,
  succeeded: 0,
  failed: 0,
  skipped: 0,
});

/** The counts of each stage of each rollout (stages from 1 in the rows, from 0 in the lists). */
export function countsByRollout(
  rollouts: readonly Pick<ConfigRollout, 'id' | 'stages'>[],
  rows: readonly OutcomeCount[],
): Map<number, OutcomeCounts[]> {
  const counts = new Map(rollouts.map((r) => [r.id, r.stages.map(() => noOutcomes())]));
  for (const row of rows) {
    const stage = counts.get(row.config_rollout_id)?.[row.stage - 1];
    if (stage) {
      stage[row.outcome] += row.count;
    }
  }
  return counts;
}

/**
 * A stage's outcomes as the firmware rules count upgrades: not opened yet is pending, waiting is
 * in progress, succeeded is done, failed is failed. A skipped device never counts: neither in
 * the failure percentage nor in what keeps its stage open.
 */
export function asStageCounts(counts: OutcomeCounts): StageCounts {
  return {
    ...emptyCounts(),
    pending: counts.pending,
    in_progress: counts.waiting,
    done: counts.succeeded,
    failed: counts.failed,
  };
}

/** failed ÷ (devices of the opened stages that are not skipped) × 100, exact; 0 for none. */
export const configFailurePercent = (
  rollout: Pick<ConfigRollout, 'stages'>,
  counts: OutcomeCounts[],
): number => failurePercent(rollout.stages, counts.map(asStageCounts));

/** What a running rollout becomes given its devices' outcomes now (see `progress`). */
export const configProgress = (
  rollout: Pick<
    ConfigRollout,
    'state' | 'max_failure_percent' | 'stages' | 'stage_wait_seconds' | 'next_stage_at'
  >,
  counts: OutcomeCounts[],
  at: Date,
): Progress => progress(rollout, counts.map(asStageCounts), at);

/** How many stages have opened (they open in order). */
export const openedCount = (stages: readonly { opened_at: string | null }[]): number =>
  stages.filter((stage) => stage.opened_at !== null).length;
