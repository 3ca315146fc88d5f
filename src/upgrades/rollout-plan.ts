/** A firmware rollout's settings; its devices are laid out by common/staging/stages.ts. */

/** The rollout part of a create, with its defaults applied. */
export interface RolloutSettings {
  stages: number[];
  max_failure_percent: number;
  auto_revert: boolean;
  stage_wait_seconds: number;
}

export const DEFAULT_ROLLOUT: RolloutSettings = {
  stages: [100],
  max_failure_percent: 10,
  auto_revert: false,
  stage_wait_seconds: 0,
};
