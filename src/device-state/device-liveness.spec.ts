import { deviceStatus, deviceStatusCondition, lastSeenTime, upSince } from './device-liveness';

describe('device liveness', () => {
  const now = new Date('2030-01-01T12:00:00.000Z');
  const since = upSince(now, 300);

  it('counts back the timeout from now', () => {
    expect(since.toISOString()).toBe('2030-01-01T11:55:00.000Z');
  });

  it('is UP up to and including the timeout, DOWN after it and without a heartbeat', () => {
    expect(deviceStatus(now, since)).toBe('UP');
    expect(deviceStatus(new Date('2030-01-01T11:55:00.000Z'), since)).toBe('UP');
    expect(deviceStatus(new Date('2030-01-01T11:54:59.999Z'), since)).toBe('DOWN');
    expect(deviceStatus(null, since)).toBe('DOWN');
  });

  it('gives the same rule as SQL conditions, DOWN including devices never heard from', () => {
    expect(deviceStatusCondition('UP', 'h.received_at', ':upSince')).toBe(
      'h.received_at >= :upSince',
    );
    expect(deviceStatusCondition('DOWN', 'h.received_at', ':upSince')).toBe(
      '(h.received_at IS NULL OR h.received_at < :upSince)',
    );
  });

  it('answers last_seen_time in whole seconds, null when never seen', () => {
    expect(lastSeenTime(new Date('2030-01-01T11:55:00.999Z'))).toBe(1893498900);
    expect(lastSeenTime(null)).toBeNull();
  });
});
