/**
 * The progress of a staged change (a firmware or a configuration rollout) over the counts of its
 * stages' devices: stages open in order, the change halts above its failure threshold, a soak
 * time may separate stages, and it completes after the last. Pure. A configuration rollout maps
 * its devices' outcomes onto these counts.
 */

/** A staged change's state. */
export type StagedState = 'running' | 'halted' | 'completed';

/** One stage as stored: its percentage, when it opened and finished (null until then). */
export interface StoredStage {
  percent: number;
  opened_at: string | null;
  finished_at?: string | null;
}

/** How many upgrades of a stage are in each status. */
export type StageCounts = Record<
  'pending' | 'in_progress' | 'done' | 'failed' | 'cancelled',
  number
>;

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
  state: StagedState;
  max_failure_percent: number;
  stages: StoredStage[];
  /** The soak time between a stage finishing and the next opening (0: at once). */
  stage_wait_seconds: number;
  /** When the waiting next stage opens (null when none waits). */
  next_stage_at: Date | null;
}

/** What a running rollout becomes given its upgrades' counts now. */
export interface Progress {
  state: StagedState;
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
