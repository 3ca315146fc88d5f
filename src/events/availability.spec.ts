import { availability } from './availability';

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute));

describe('availability', () => {
  it('is UNKNOWN until the first transition, then follows them, ending at until', () => {
    const result = availability(
      [
        { type: 'device.up', at: at(10) },
        { type: 'device.down', at: at(40) },
        { type: 'device.up', at: at(50) },
      ],
      at(0),
      at(60),
    );
    expect(result.intervals).toEqual([
      { state: 'UNKNOWN', from: at(0), to: at(10) },
      { state: 'UP', from: at(10), to: at(40) },
      { state: 'DOWN', from: at(40), to: at(50) },
      { state: 'UP', from: at(50), to: at(60) },
    ]);
    expect(result.uptime_percent).toBe(80);
  });

  it('starts in the state of the last transition before the window', () => {
    const result = availability(
      [
        { type: 'device.down', at: at(5) },
        { type: 'device.up', at: at(30) },
      ],
      at(10),
      at(40),
    );
    expect(result.intervals).toEqual([
      { state: 'DOWN', from: at(10), to: at(30) },
      { state: 'UP', from: at(30), to: at(40) },
    ]);
    expect(result.uptime_percent).toBe(33.33);
  });

  it('is one UNKNOWN interval with a null uptime when nothing is known', () => {
    expect(availability([], at(0), at(60))).toEqual({
      intervals: [{ state: 'UNKNOWN', from: at(0), to: at(60) }],
      uptime_percent: null,
    });
  });

  it('merges repeated states and ignores transitions after until', () => {
    const result = availability(
      [
        { type: 'device.up', at: at(0) },
        { type: 'device.up', at: at(20) },
        { type: 'device.down', at: at(90) },
      ],
      at(0),
      at(60),
    );
    expect(result.intervals).toEqual([{ state: 'UP', from: at(0), to: at(60) }]);
    expect(result.uptime_percent).toBe(100);
  });
});
