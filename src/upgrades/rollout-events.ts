import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { NewEvent } from '../event-log/events.repository';
import { failurePercent, StageCounts } from './rollout-progress';
import { Rollout, RolloutState, StoredStage } from '../firmware/rollout.entity';

type RolloutEventType =
  'rollout.created' | 'rollout.stage_opened' | 'rollout.halted' | 'rollout.completed';

/** A rollout's state and stages at one moment. */
export interface RolloutMoment {
  state: RolloutState;
  stages: readonly Pick<StoredStage, 'opened_at'>[];
}

/**
 * What happened to a rollout between two moments, in order: each stage
 * that opened (1-based), then its halt or its completion.
 */
export function rolloutTransitions(
  before: RolloutMoment,
  after: RolloutMoment,
): { type: RolloutEventType; stage: number | null }[] {
  const opened = after.stages.flatMap((stage, k) =>
    stage.opened_at !== null && before.stages[k]?.opened_at === null
      ? [{ type: 'rollout.stage_opened' as const, stage: k + 1 }]
      : [],
  );
  const ended =
    before.state === 'running' && after.state === 'halted'
      ? [{ type: 'rollout.halted' as const, stage: null }]
      : before.state !== 'completed' && after.state === 'completed'
        ? [{ type: 'rollout.completed' as const, stage: null }]
        : [];
  return [...opened, ...ended];
}

/** An event of a rollout: `{rollout_id, version, stage, failure_percent, reason}`. */
export function rolloutEvent(
  type: RolloutEventType,
  rollout: Pick<Rollout, 'id' | 'version' | 'stages'>,
  details: { stage: number | null; counts: StageCounts[]; reason?: 'threshold' | 'manual' },
  by: { actor: EventActor; at: Date },
): NewEvent {
  return eventOf(
    type,
    { device: null, network: null },
    {
      rollout_id: rollout.id,
      version: rollout.version,
      stage: details.stage,
      failure_percent: Math.round(failurePercent(rollout.stages, details.counts) * 100) / 100,
      reason: type === 'rollout.halted' ? (details.reason ?? 'threshold') : null,
    },
    by,
  );
}
