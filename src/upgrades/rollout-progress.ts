import { UpgradeStatus } from '../firmware/upgrade.entity';
import { RolloutState, StoredStage } from '../firmware/rollout.entity';

/** How many upgrades of a stage are in each status. */
export type StageCounts = Record<UpgradeStatus, number>;

export const emptyCounts = (): StageCounts => ({
  pending: 0,
  in_progress: 0,
  done: 0,
  failed: 0,
  cancelled: 0,
});

export const stageDevices = (counts: StageCounts): number =>
  counts.pending + counts.in_progress + counts.done + counts.failed + counts.cancelled;

/** A stage is finished when none of its upgrades is still pending or in progress. */
export const stageFinished = (counts: StageCounts): boolean =>
  counts.pending + counts.in_progress === 0;

/** How many stages are open (they open in order). */
export const openedStages = (stages: StoredStage[]): number =>
  stages.filter((stage) => stage.opened_at !== null).length;

/**
 * failed ÷ devices of the opened stages × 100, exact (0 when those stages hold no device).
 */
export function failurePercent(stages: StoredStage[], counts: StageCounts[]): number {
  let failed = 0;
  let devices = 0;
  stages.forEach((stage, k) => {
    if (stage.opened_at !== null) {
      failed += counts[k].failed;
      devices += stageDevices(counts[k]);
    }
  });
  return devices === 0 ? 0 : (failed / devices) * 100;
}

export interface RolloutFacts {
  state: RolloutState;
  max_failure_percent: number;
  stages: StoredStage[];
}

/** What a running rollout becomes given its upgrades' counts now. */
export interface Progress {
  state: RolloutState;
  stages: StoredStage[];
  /** Whether anything changed (the rollout row must be written). */
  changed: boolean;
  /** It halted just now: cancel its pending upgrades (and revert, with auto_revert). */
  halted: boolean;
}

/**
 * A rollout's progress, decided once per report under the rollout's lock: the rollout halts as soon
 * as its failure percentage exceeds the threshold (exceeds: equal does not halt); else each
 * finished stage opens the next (a stage without devices finishes at once), and a finished last
 * stage completes the rollout. A rollout that is not running does not move.
 */
export function progress(rollout: RolloutFacts, counts: StageCounts[], at: Date): Progress {
  const unchanged = {
    state: rollout.state,
    stages: rollout.stages,
    changed: false,
    halted: false,
  };
  if (rollout.state !== 'running') {
    return unchanged;
  }
  if (failurePercent(rollout.stages, counts) > rollout.max_failure_percent) {
    return { state: 'halted', stages: rollout.stages, changed: true, halted: true };
  }
  const stages = rollout.stages.map((stage) => ({ ...stage }));
  let opened = openedStages(stages);
  while (opened < stages.length && stageFinished(counts[opened - 1])) {
    stages[opened].opened_at = at.toISOString();
    opened += 1;
  }
  const completed = opened === stages.length && stageFinished(counts[opened - 1]);
  if (!completed && opened === openedStages(rollout.stages)) {
    return unchanged;
  }
  return { state: completed ? 'completed' : 'running', stages, changed: true, halted: false };
}

/** Whether a pending upgrade of stage `stage` (from 1) may be handed out. */
export function stageOpen(rollout: RolloutFacts, stage: number | null): boolean {
  if (stage === null) {
    return true;
  }
  return rollout.state !== 'halted' && stage <= openedStages(rollout.stages);
}

/** A device whose upgrade in the rollout is done, with what a revert needs. */
export interface DoneDevice {
  upgrade_id: number;
  mac_id: string;
  previous_version: string | null;
  /** The firmware location of previous_version for the device's hardware part, if any. */
  previous_firmware: string | null;
  /** It has a pending upgrade already. */
  has_pending: boolean;
}

/**
 * Auto-revert: a done device is reverted when its previous version has firmware for
 * its part and it has no pending upgrade; else it is listed as not reverted.
 */
export function revertPlan(done: DoneDevice[]): { revert: DoneDevice[]; notReverted: string[] } {
  const revertible = (d: DoneDevice) =>
    d.previous_version !== null && d.previous_firmware !== null && !d.has_pending;
  return {
    revert: done.filter(revertible),
    notReverted: done.filter((d) => !revertible(d)).map((d) => d.mac_id),
  };
}
