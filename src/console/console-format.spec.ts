import { liveStatus, yesNo } from './console-format';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const secondsAgo = (seconds: number) => NOW.getTime() / 1000 - seconds;

describe('liveStatus', () => {
  it('shows an UP device’s report as current', () => {
    expect(
      liveStatus(
        { device_status: 'UP', last_seen_time: secondsAgo(20), clients: 19, uptime_seconds: 3900 },
        NOW,
      ),
    ).toEqual({
      statusText: 'Up',
      statusClass: 'status-up',
      clients: '19',
      uptime: '1 h 5 min',
      stale: false,
    });
  });

  it('says how long a DOWN device has been silent and words its last report as such', () => {
    expect(
      liveStatus(
        {
          device_status: 'DOWN',
          last_seen_time: secondsAgo(8 * 60 + 5),
          clients: 19,
          uptime_seconds: 60,
        },
        NOW,
      ),
    ).toEqual({
      statusText: 'Down for 8 min',
      statusClass: 'status-down',
      clients: '19 when last seen',
      uptime: '1 min when last seen',
      stale: true,
    });
    expect(
      liveStatus(
        {
          device_status: 'DOWN',
          last_seen_time: secondsAgo(3 * 86400 + 7200),
          clients: null,
          uptime_seconds: null,
        },
        NOW,
      ),
    ).toMatchObject({
      statusText: 'Down for 3 d 2 h',
      clients: '0 when last seen',
      uptime: 'Not reported',
    });
    expect(
      liveStatus(
        { device_status: 'DOWN', last_seen_time: secondsAgo(30), clients: 1, uptime_seconds: 5 },
        NOW,
      ).statusText,
    ).toBe('Down for less than a minute');
  });

  it('says a device never heard from is never seen, with nothing reported', () => {
    expect(
      liveStatus(
        { device_status: 'DOWN', last_seen_time: null, clients: null, uptime_seconds: null },
        NOW,
      ),
    ).toEqual({
      statusText: 'Never seen',
      statusClass: 'status-down',
      clients: 'Not reported',
      uptime: 'Not reported',
      stale: false,
    });
  });
});

describe('yesNo', () => {
  it('tells an unset setting from a false one', () => {
    expect([yesNo(true), yesNo(false), yesNo(null), yesNo(undefined)]).toEqual([
      'Yes',
      'No',
      'Not set',
      'Not set',
    ]);
  });
});
