import { afterFailure, verdictOf } from './retry-schedule';

describe('the retry schedule', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('retries on the schedule, restarted from the base, then fails', () => {
    expect(afterFailure(1, 0, [5, 300], now)).toEqual({
      state: 'pending',
      next: new Date('2026-11-27T10:00:05Z'),
    });
    expect(afterFailure(2, 0, [5, 300], now)).toEqual({
      state: 'pending',
      next: new Date('2026-11-27T10:05:00Z'),
    });
    expect(afterFailure(3, 0, [5, 300], now)).toEqual({ state: 'failed' });
    expect(afterFailure(4, 3, [5, 300], now)).toMatchObject({ state: 'pending' });
    expect(afterFailure(1, 0, [], now)).toEqual({ state: 'failed' });
  });

  it('gives an attempt that succeeded done, a failure its retry or failed, a final failure failed', () => {
    expect(verdictOf({ ok: true }, 1, 0, [5, 300], now)).toEqual({ state: 'done' });
    expect(verdictOf({ ok: false }, 1, 0, [5, 300], now)).toEqual({
      state: 'retry',
      next: new Date('2026-11-27T10:00:05Z'),
    });
    expect(verdictOf({ ok: false }, 2, 0, [5, 300], now)).toEqual({
      state: 'retry',
      next: new Date('2026-11-27T10:05:00Z'),
    });
    expect(verdictOf({ ok: false }, 3, 0, [5, 300], now)).toEqual({ state: 'failed' });
    expect(verdictOf({ ok: false }, 4, 3, [5, 300], now)).toMatchObject({ state: 'retry' });
    expect(verdictOf({ ok: false, final: true }, 1, 0, [5, 300], now)).toEqual({
      state: 'failed',
    });
  });
});
