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
  /** The soak time between a stage finishing and the next opening (0: at once). */
  stage_wait_seconds: number;
  /** When the waiting next stage opens (null when none waits). */
  next_stage_at: Date | null;
}

/** What a running rollout becomes given its upgrades' counts now. */
export interface Progress {
  state: RolloutState;
  stages: StoredStage[];
  next_stage_at: Date | null;
  /** Whether anything changed (the rollout row must be written). */
  changed: boolean;
  /** It halted just now: cancel its pending upgrades (and revert, with auto_revert). */
  halted: boolean;
}

/**
 * A rollout's progress, decided under the rollout's lock (after each report, by the soak sweep,
 * by an advance): the rollout halts as soon as its failure percentage exceeds the threshold
 * (exceeds: equal does not halt); else each finished stage records when it finished and its
 * successor opens: at once without a soak time, else once the soak time has passed since it
 * finished (`next_stage_at` says when, and the wait ends then), or now when `advance` asks (a
 * stage without devices finishes as it opens); a finished last stage completes the rollout. A
 * rollout that is not running does not move.
 */
export function progress(
  rollout: RolloutFacts,
  counts: StageCounts[],
  at: Date,
  advance = false,
): Progress {
  const unchanged = {
    state: rollout.state,
    stages: rollout.stages,
    next_stage_at: rollout.next_stage_at,
    changed: false,
    halted: false,
  };
  if (rollout.state !== 'running') {
    return unchanged;
  }
  if (failurePercent(rollout.stages, counts) > rollout.max_failure_percent) {
    return {
      state: 'halted',
      stages: rollout.stages,
      next_stage_at: null,
      changed: true,
      halted: true,
    };
  }
  const stages = rollout.stages.map((stage) => ({ ...stage }));
  const waitMs = rollout.stage_wait_seconds * 1000;
  let opened = openedStages(stages);
  let nextStageAt: Date | null = null;
  let forced = advance;
  while (stageFinished(counts[opened - 1])) {
    const current = stages[opened - 1];
    current.finished_at ??= at.toISOString();
    if (opened === stages.length) {
      break;
    }
    // The stage that already waits opens at its recorded time; one finishing now, after the wait.
    const due =
      opened === openedStages(rollout.stages) && rollout.next_stage_at !== null
        ? rollout.next_stage_at
        : new Date(Date.parse(current.finished_at) + waitMs);
    if (waitMs > 0 && !forced && due.getTime() > at.getTime()) {
      nextStageAt = due;
      break;
    }
    forced = false;
    stages[opened].opened_at = at.toISOString();
    opened += 1;
  }
  const completed = opened === stages.length && stageFinished(counts[opened - 1]);
  const changed =
    completed ||
    nextStageAt?.getTime() !== rollout.next_stage_at?.getTime() ||
    stages.some(
      (stage, k) =>
        stage.opened_at !== rollout.stages[k].opened_at ||
        (stage.finished_at ?? null) !== (rollout.stages[k].finished_at ?? null),
    );
  if (!changed) {
    return unchanged;
  }
  return {
    state: completed ? 'completed' : 'running',
    stages,
    next_stage_at: nextStageAt,
    changed: true,
    halted: false,
  };
}

/** Whether a stage waits to open (the one before it finished, the soak time not over). */
export const stageWaiting = (rollout: Pick<RolloutFacts, 'state' | 'next_stage_at'>): boolean =>
  rollout.state === 'running' && rollout.next_stage_at !== null;

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
