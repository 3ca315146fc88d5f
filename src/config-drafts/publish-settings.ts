/** How a draft is published: at once (`stages: [100]`) or staged over the network's devices. */
export interface PublishSettings {
  stages: number[];
  max_failure_percent: number;
  watch_seconds: number;
  auto_revert: boolean;
  stage_wait_seconds: number;
}

/** What a publish that names none of them does. */
export const DEFAULT_PUBLISH: PublishSettings = {
  stages: [100],
  max_failure_percent: 0,
  watch_seconds: 300,
  auto_revert: true,
  stage_wait_seconds: 0,
};

/** The settings a publish gave, the defaults for the rest. */
export const publishSettings = (given: Partial<PublishSettings> = {}): PublishSettings => ({
  stages: given.stages ?? DEFAULT_PUBLISH.stages,
  max_failure_percent: given.max_failure_percent ?? DEFAULT_PUBLISH.max_failure_percent,
  watch_seconds: given.watch_seconds ?? DEFAULT_PUBLISH.watch_seconds,
  auto_revert: given.auto_revert ?? DEFAULT_PUBLISH.auto_revert,
  stage_wait_seconds: given.stage_wait_seconds ?? DEFAULT_PUBLISH.stage_wait_seconds,
});

/** Whether these settings publish at once: one stage of every device. */
export const publishesAtOnce = (settings: PublishSettings): boolean =>
  settings.stages.length === 1 && settings.stages[0] === 100;
