import { instantToZoned, zonedDateTime, zonedToInstant } from './zoned-time';

describe('zoned time conversion for the upgrade form', () => {
  it('reads a wall-clock time in a time zone as the matching UTC instant', () => {
    expect(zonedToInstant('2030-01-15T10:00', 'Europe/Paris')).toBe('2030-01-15T09:00:00.000Z');
    expect(zonedToInstant('2030-07-15T10:00', 'Europe/Paris')).toBe('2030-07-15T08:00:00.000Z');
    expect(zonedToInstant('2030-07-15T10:00:30', 'America/New_York')).toBe(
      '2030-07-15T14:00:30.000Z',
    );
    expect(zonedToInstant('2030-07-15T10:00', 'UTC')).toBe('2030-07-15T10:00:00.000Z');
  });

  it('moves a time skipped by the spring DST change forward by the gap', () => {
    expect(zonedToInstant('2030-03-31T02:30', 'Europe/Paris')).toBe('2030-03-31T01:30:00.000Z');
  });

  it('rejects text that is not a wall-clock time', () => {
    expect(zonedToInstant('tomorrow', 'UTC')).toBeNull();
    expect(zonedToInstant('2030-02-30T10:00', 'UTC')).toBeNull();
    expect(zonedToInstant('2030-01-01T24:00', 'UTC')).toBeNull();
  });

  it('shows an instant as the wall-clock time of the time zone', () => {
    expect(instantToZoned('2030-01-15T09:00:00.000Z', 'Europe/Paris')).toBe('2030-01-15T10:00');
    expect(instantToZoned('2030-07-15T14:00:00.000Z', 'America/New_York')).toBe('2030-07-15T10:00');
  });
});

describe('zonedDateTime', () => {
  it('says an instant as the wall-clock time of a time zone, to the second', () => {
    const at = new Date('2030-07-15T08:00:42.900Z');
    expect(zonedDateTime(at, 'Europe/Paris')).toBe('2030-07-15 10:00:42');
    expect(zonedDateTime(at, 'Asia/Kolkata')).toBe('2030-07-15 13:30:42');
    expect(zonedDateTime(at, 'America/New_York')).toBe('2030-07-15 04:00:42');
    expect(zonedDateTime(at, 'UTC')).toBe('2030-07-15 08:00:42');
  });
});
