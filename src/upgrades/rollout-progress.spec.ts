import { StoredStage } from '../firmware/rollout.entity';
import {
  emptyCounts,
  failurePercent,
  progress,
  revertPlan,
  StageCounts,
  stageOpen,
} from './rollout-progress';

const AT = new Date('2030-01-01T10:00:00.000Z');
const OPENED = '2030-01-01T09:00:00.000Z';
const counts = (fields: Partial<StageCounts>): StageCounts => ({ ...emptyCounts(), ...fields });
const stages = (opened: number, percents = [10, 50, 100]): StoredStage[] =>
  percents.map((percent, k) => ({ percent, opened_at: k < opened ? OPENED : null }));
const running = (opened: number, max = 10, wait = 0, nextStageAt: Date | null = null) => ({
  state: 'running' as const,
  max_failure_percent: max,
  stages: stages(opened),
  stage_wait_seconds: wait,
  next_stage_at: nextStageAt,
});
const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

describe('rollout progress: halt, next stage, completion, revert', () => {
  it('counts failures over the devices of the opened stages only', () => {
    expect(
      failurePercent(stages(1), [counts({ failed: 1, done: 3 }), counts({ pending: 96 })]),
    ).toBe(25);
    expect(failurePercent(stages(1), [counts({}), counts({ failed: 5 })])).toBe(0);
  });

  it('halts when the failure percentage exceeds the threshold, not when it equals it', () => {
    const equal = [counts({ failed: 1, in_progress: 9 }), counts({ pending: 10 }), counts({})];
    expect(progress(running(1), equal, AT).changed).toBe(false);
    const above = [counts({ failed: 2, in_progress: 8 }), counts({ pending: 10 }), counts({})];
    expect(progress(running(1), above, AT)).toEqual({
      state: 'halted',
      stages: stages(1),
      next_stage_at: null,
      changed: true,
      halted: true,
    });
  });

  it('opens the next stage when one finishes, and stages without devices at once', () => {
    const result = progress(
      running(1),
      [counts({ done: 2 }), counts({}), counts({ pending: 3 })],
      AT,
    );
    expect(result).toEqual({
      state: 'running',
      stages: [
        { percent: 10, opened_at: OPENED, finished_at: AT.toISOString() },
        { percent: 50, opened_at: AT.toISOString(), finished_at: AT.toISOString() },
        { percent: 100, opened_at: AT.toISOString() },
      ],
      next_stage_at: null,
      changed: true,
      halted: false,
    });
  });

  it('with a soak time records when the stage finished and when the next opens, instead of opening it', () => {
    const finished = [counts({ done: 2 }), counts({ pending: 1 }), counts({ pending: 3 })];
    const waiting = progress(running(1, 10, 60), finished, AT);
    expect(waiting).toEqual({
      state: 'running',
      stages: [
        { percent: 10, opened_at: OPENED, finished_at: AT.toISOString() },
        { percent: 50, opened_at: null },
        { percent: 100, opened_at: null },
      ],
      next_stage_at: later(60),
      changed: true,
      halted: false,
    });
    const rollout = { ...running(1, 10, 60, later(60)), stages: waiting.stages };
    // Before the time nothing moves; at the time (or on advance) the next stage opens, only it.
    expect(progress(rollout, finished, later(59)).changed).toBe(false);
    for (const [at, advance] of [
      [later(60), false],
      [later(1), true],
    ] as const) {
      expect(progress(rollout, finished, at, advance)).toEqual({
        state: 'running',
        stages: [
          { percent: 10, opened_at: OPENED, finished_at: AT.toISOString() },
          { percent: 50, opened_at: at.toISOString() },
          { percent: 100, opened_at: null },
        ],
        next_stage_at: null,
        changed: true,
        halted: false,
      });
    }
  });

  it('with a soak time a stage without devices waits too once it opens, and an advance opens one stage', () => {
    const rollout = {
      ...running(1, 10, 30, later(30)),
      stages: [
        { percent: 10, opened_at: OPENED, finished_at: AT.toISOString() },
        { percent: 50, opened_at: null },
        { percent: 100, opened_at: null },
      ],
    };
    const result = progress(
      rollout,
      [counts({ done: 1 }), counts({}), counts({ pending: 1 })],
      later(5),
      true,
    );
    expect(result.stages[1]).toEqual({
      percent: 50,
      opened_at: later(5).toISOString(),
      finished_at: later(5).toISOString(),
    });
    expect(result.stages[2].opened_at).toBeNull();
    expect(result.next_stage_at).toEqual(later(35));
  });

  it('with a soak time still halts at once, and completes after the last stage without waiting', () => {
    const above = [counts({ failed: 2 }), counts({ pending: 10 }), counts({})];
    expect(progress(running(1, 10, 60, later(60)), above, AT)).toMatchObject({
      state: 'halted',
      next_stage_at: null,
      halted: true,
    });
    expect(
      progress(
        running(3, 50, 60),
        [counts({ done: 1 }), counts({ done: 1 }), counts({ done: 1 })],
        AT,
      ),
    ).toMatchObject({ state: 'completed', next_stage_at: null, changed: true });
  });

  it('waits while a stage has pending or in-progress upgrades, then completes after the last', () => {
    expect(
      progress(running(1), [counts({ done: 1, in_progress: 1 }), counts({}), counts({})], AT)
        .changed,
    ).toBe(false);
    expect(
      progress(running(3), [counts({ done: 1 }), counts({ done: 1 }), counts({ done: 1 })], AT),
    ).toMatchObject({ state: 'completed', changed: true, halted: false });
  });

  it('leaves a rollout that is not running as it is', () => {
    const halted = { ...running(1), state: 'halted' as const };
    expect(progress(halted, [counts({ failed: 5 }), counts({}), counts({})], AT).changed).toBe(
      false,
    );
  });

  it('hands out pending upgrades of opened stages only, none once halted', () => {
    expect(stageOpen(running(1), 1)).toBe(true);
    expect(stageOpen(running(1), 2)).toBe(false);
    expect(stageOpen({ ...running(3), state: 'halted' }, 1)).toBe(false);
    expect(stageOpen(running(1), null)).toBe(true);
  });

  it('reverts done devices that have firmware for their previous version and no pending upgrade', () => {
    const device = {
      upgrade_id: 1,
      mac_id: 'A',
      previous_version: '1.0',
      previous_firmware: 'https://fw/1.0',
      has_pending: false,
    };
    const plan = revertPlan([
      device,
      { ...device, upgrade_id: 2, mac_id: 'B', previous_version: null },
      { ...device, upgrade_id: 3, mac_id: 'C', previous_firmware: null },
      { ...device, upgrade_id: 4, mac_id: 'D', has_pending: true },
    ]);
    expect(plan).toEqual({ revert: [device], notReverted: ['B', 'C', 'D'] });
  });
});
