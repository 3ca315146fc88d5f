import { RolloutFacts, openedStages } from '../common/staging/stage-progress';

export {
  emptyCounts,
  failurePercent,
  openedStages,
  progress,
  stageDevices,
  stageFinished,
} from '../common/staging/stage-progress';
export type { Progress, RolloutFacts, StageCounts } from '../common/staging/stage-progress';

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
