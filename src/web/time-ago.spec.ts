import { exactTime, timeAgo, timeUntil } from './time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (secondsAgo: number) => Math.floor(now.getTime() / 1000) - secondsAgo;

  it.each([
    [null, 'Never'],
    [at(0), 'just now'],
    [at(59), 'just now'],
    [at(60), '1 min ago'],
    [at(3 * 60 + 20), '3 min ago'],
    [at(3599), '59 min ago'],
    [at(3600), '1 h ago'],
    [at(86399), '23 h ago'],
    [at(86400), '1 day ago'],
    [at(3 * 86400), '3 days ago'],
    [at(-30), 'just now'],
  ])('says %p as %p', (seconds, text) => {
    expect(timeAgo(seconds, now)).toBe(text);
  });

  it('gives the exact time in UTC', () => {
    expect(exactTime(at(60))).toBe('2026-03-01T11:59:00.000Z');
    expect(exactTime(null)).toBeNull();
  });
});

describe('timeUntil', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const ahead = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it.each([
    [-5, 'in under a minute'],
    [0, 'in under a minute'],
    [59, 'in under a minute'],
    [60, 'in 1 min'],
    [4 * 60 + 30, 'in 4 min'],
    [3600, 'in 1 h'],
    [86400, 'in 1 day'],
    [7 * 86400, 'in 7 days'],
  ])('says %p s ahead as %p', (seconds, text) => {
    expect(timeUntil(ahead(seconds), now)).toBe(text);
  });
});
