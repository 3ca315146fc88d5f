import { hasTimedOut, isDue, reportChange, upgradeToHandOut } from './upgrade-lifecycle';

const NOW = new Date('2030-06-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe('upgrade lifecycle rules: pending, in progress, done or failed', () => {
  it.each([
    [
      'downloading',
      { state: 'downloading', progress: 40 },
      { status: 'in_progress', progress: 40, error: undefined, completes: false },
    ],
    [
      'installing without progress',
      { state: 'installing' },
      { status: 'in_progress', progress: undefined, error: undefined, completes: false },
    ],
    [
      'done',
      { state: 'done' },
      { status: 'done', progress: 100, error: undefined, completes: true },
    ],
    [
      'failed with an error',
      { state: 'failed', error: 'bad image' },
      { status: 'failed', progress: undefined, error: 'bad image', completes: true },
    ],
    [
      'failed without an error',
      { state: 'failed' },
      { status: 'failed', progress: undefined, error: null, completes: true },
    ],
  ] as const)('a %s report', (_case, report, change) => {
    expect(reportChange({ id: 1, ...report })).toEqual(change);
  });

  it('is due at once when scheduled now, and when a later schedule has passed', () => {
    const pending = { status: 'pending' as const, schedule_type: 'now', schedule_at: null };
    expect(isDue(pending, NOW)).toBe(true);
    expect(isDue({ ...pending, schedule_type: 'later', schedule_at: minutesAgo(1) }, NOW)).toBe(
      true,
    );
    expect(isDue({ ...pending, schedule_type: 'later', schedule_at: NOW }, NOW)).toBe(true);
    expect(isDue({ ...pending, schedule_type: 'later', schedule_at: minutesAgo(-1) }, NOW)).toBe(
      false,
    );
    expect(isDue(pending, NOW, false)).toBe(false);
    expect(isDue({ ...pending, status: 'done' }, NOW)).toBe(false);
  });

  it('times out an in-progress upgrade whose device has not checked in for the timeout', () => {
    const inProgress = {
      status: 'in_progress' as const,
      device_seen_at: minutesAgo(31),
      updated_at: NOW,
    };
    expect(hasTimedOut(inProgress, NOW, 1800)).toBe(true);
    expect(hasTimedOut({ ...inProgress, device_seen_at: minutesAgo(30) }, NOW, 1800)).toBe(false);
    expect(hasTimedOut({ ...inProgress, status: 'pending' }, NOW, 1800)).toBe(false);
    expect(
      hasTimedOut({ ...inProgress, device_seen_at: null, updated_at: minutesAgo(40) }, NOW, 1800),
    ).toBe(true);
  });

  it('hands out the upgrade in progress first, then the due pending one', () => {
    const later = {
      id: 1,
      status: 'pending' as const,
      schedule_type: 'later',
      schedule_at: minutesAgo(-5),
    };
    const due = { id: 2, status: 'pending' as const, schedule_type: 'now', schedule_at: null };
    const running = {
      id: 3,
      status: 'in_progress' as const,
      schedule_type: 'now',
      schedule_at: null,
    };
    expect(upgradeToHandOut([due, running], NOW)).toBe(running);
    expect(upgradeToHandOut([later, due], NOW)).toBe(due);
    expect(upgradeToHandOut([later], NOW)).toBeNull();
    expect(upgradeToHandOut([], NOW)).toBeNull();
  });
});
