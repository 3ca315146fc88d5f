import { checkinOutcome, CheckinRollout } from './config-rollout-checkins.service';
import {
  asStageCounts,
  configFailurePercent,
  configProgress,
  noOutcomes,
  OutcomeCounts,
} from './config-rollout-progress';

const waiting: CheckinRollout = { id: 9, outcome: 'waiting', reported: false, watch_seconds: 60 };

describe('checkinOutcome', () => {
  const report = (running: string | null, error?: { revision: string; message: string }) => ({
    running,
    error,
    current: 'new',
  });

  it.each<
    [string, CheckinRollout | null, ReturnType<typeof report>, ReturnType<typeof checkinOutcome>]
  >([
    ['a device given the network configuration', null, report('new'), null],
    [
      'a waiting device that runs the new revision: its watch starts',
      waiting,
      report('new'),
      'reported',
    ],
    ['a waiting device that still runs the old one', waiting, report('old'), null],
    ['a device whose watch started already', { ...waiting, reported: true }, report('new'), null],
    [
      'an error about the new revision fails it',
      waiting,
      report('old', { revision: 'new', message: 'bad' }),
      'failed',
    ],
    [
      'an error about another revision does not',
      waiting,
      report('old', { revision: 'old', message: 'bad' }),
      null,
    ],
    [
      'a device that succeeded, failed or was skipped does not move',
      { ...waiting, outcome: 'succeeded' },
      report('new', { revision: 'new', message: 'bad' }),
      null,
    ],
  ])('%s', (_name, rollout, given, expected) => {
    expect(checkinOutcome(rollout, given)).toEqual(expected);
  });
});

describe('the staging rules over outcomes', () => {
  const counts = (fields: Partial<OutcomeCounts>): OutcomeCounts => ({
    ...noOutcomes(),
    ...fields,
  });
  const opened = (n: number, of: number) =>
    Array.from({ length: of }, (_, k) => ({
      percent: Math.round(((k + 1) * 100) / of),
      opened_at: k < n ? '2026-12-07T12:00:00.000Z' : null,
      finished_at: null,
    }));
  const rollout = (stages: ReturnType<typeof opened>, max = 0) => ({
    state: 'running' as const,
    max_failure_percent: max,
    stages,
    stage_wait_seconds: 0,
    next_stage_at: null,
  });
  const at = new Date('2026-12-07T12:10:00.000Z');

  it('never counts skipped devices: neither in the percentage nor in what keeps a stage open', () => {
    expect(asStageCounts(counts({ skipped: 3, failed: 1, succeeded: 1 }))).toEqual({
      pending: 0,
      in_progress: 0,
      done: 1,
      failed: 1,
      cancelled: 0,
    });
    expect(
      configFailurePercent(rollout(opened(1, 2)), [
        counts({ skipped: 8, failed: 1, succeeded: 1 }),
        counts({ pending: 5 }),
      ]),
    ).toBe(50);
  });

  it('halts at the first failure by default, opens the next stage when none waits, completes after the last', () => {
    expect(
      configProgress(
        rollout(opened(1, 2)),
        [counts({ failed: 1, waiting: 3 }), counts({ pending: 4 })],
        at,
      ),
    ).toMatchObject({ state: 'halted', halted: true });
    const next = configProgress(
      rollout(opened(1, 2)),
      [counts({ succeeded: 1, skipped: 1 }), counts({ pending: 4 })],
      at,
    );
    expect(next).toMatchObject({ state: 'running', changed: true });
    expect(next.stages[1].opened_at).toBe(at.toISOString());
    expect(
      configProgress(rollout(opened(1, 2)), [counts({ waiting: 1 }), counts({ pending: 4 })], at)
        .changed,
    ).toBe(false);
    expect(
      configProgress(rollout(opened(2, 2)), [counts({ succeeded: 2 }), counts({ skipped: 2 })], at),
    ).toMatchObject({ state: 'completed' });
  });

  it('halts only above the maximum: equal does not halt', () => {
    expect(
      configProgress(
        rollout(opened(1, 2), 50),
        [counts({ failed: 1, waiting: 1 }), counts({ pending: 2 })],
        at,
      ).halted,
    ).toBe(false);
    expect(
      configProgress(
        rollout(opened(1, 2), 49.99),
        [counts({ failed: 1, waiting: 1 }), counts({ pending: 2 })],
        at,
      ).halted,
    ).toBe(true);
  });
});
