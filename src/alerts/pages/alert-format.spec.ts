import { alertDetails, seconds, shownTime } from './alert-format';

describe('the alert pages in words', () => {
  it('writes each type’s data', () => {
    const words = (type: string, data: Record<string, unknown>, threshold: number | null = null) =>
      alertDetails({ type, data }, threshold);
    expect(words('device_down', { down_since: '2026-11-27T10:00:00.000Z' })).toBe(
      'Last heard from 2026-11-27 10:00:00 UTC',
    );
    expect(words('clients_above', { clients: 52 }, 40)).toBe('52 clients, more than 40');
    expect(words('clients_above', { clients: 52 })).toBe('52 clients');
    expect(words('config_failed', { revision: 'r', message: 'radio busy' })).toBe(
      'The device refused its configuration: radio busy',
    );
    expect(words('upgrade_failed', { upgrade_id: 7, error: null })).toBe('Upgrade 7 failed');
    expect(words('upgrade_failed', { upgrade_id: 7, error: 'timeout' })).toBe(
      'Upgrade 7 failed: timeout',
    );
    expect(words('rollout_halted', { rollout_id: 3 })).toBe('Rollout 3 halted');
  });

  it('writes times and waits', () => {
    expect(shownTime('2026-11-27T23:08:25.123Z')).toBe('2026-11-27 23:08:25 UTC');
    expect(seconds(300)).toBe('300 s (5 min)');
    expect(seconds(45)).toBe('45 s');
    expect(seconds(90)).toBe('90 s');
  });
});
