import { DAY_MS, timeWindow } from './time-window';

describe('timeWindow', () => {
  const now = new Date('2030-01-10T00:00:00Z');

  it('defaults to the 24 hours before until, and until to now', () => {
    expect(timeWindow({}, undefined, now)).toEqual({
      since: new Date(now.getTime() - DAY_MS),
      until: now,
      problems: [],
    });
  });

  it('names a reversed window, and one longer than the limit', () => {
    expect(
      timeWindow({ since: '2030-01-02T00:00:00Z', until: '2030-01-01T00:00:00Z' }).problems,
    ).toEqual(['since must not be after until']);
    expect(
      timeWindow({ since: '2030-01-01T00:00:00Z', until: '2030-04-02T00:00:00Z' }, 90).problems,
    ).toEqual(['since and until must be at most 90 days apart']);
  });
});
