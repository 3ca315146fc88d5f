import { rolloutTransitions } from './rollout-events';

const stages = (...opened: (string | null)[]) => opened.map((opened_at) => ({ opened_at }));

describe('rolloutTransitions', () => {
  it('names each stage that opened, then the completion', () => {
    expect(
      rolloutTransitions(
        { state: 'running', stages: stages('t0', null, null) },
        { state: 'completed', stages: stages('t0', 't1', 't1') },
      ),
    ).toEqual([
      { type: 'rollout.stage_opened', stage: 2 },
      { type: 'rollout.stage_opened', stage: 3 },
      { type: 'rollout.completed', stage: null },
    ]);
  });

  it('names a halt, and nothing when nothing changed', () => {
    const before = { state: 'running' as const, stages: stages('t0', null) };
    expect(rolloutTransitions(before, { ...before, state: 'halted' })).toEqual([
      { type: 'rollout.halted', stage: null },
    ]);
    expect(rolloutTransitions(before, before)).toEqual([]);
  });
});
