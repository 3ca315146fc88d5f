import { DeviceEventLog, ExpectedEvents } from './caused';
import { checkEvents, eventProblems, eventsLine } from './event-check';
import type { RolloutRecord } from './rollout-check';

const TIMEOUT_MS = 5000;

/** A device log and what it expects; `at(s)` answers a check-in sent at s seconds in 100 ms. */
function device() {
  const expected = new ExpectedEvents();
  const log = new DeviceEventLog(expected, TIMEOUT_MS);
  const at = (seconds: number, revision?: string) =>
    log.answered(seconds * 1000, seconds * 1000 + 100, revision, null, null);
  const counts = () =>
    Object.fromEntries(['device.up', 'device.down'].map((type) => [type, expected.of(type)]));
  return { expected, log, at, counts };
}

describe('the events a device caused, as the simulator counts them', () => {
  it('counts device.up at the first heartbeat, and a silence past the timeout and the 5 s the service has as DOWN and back', () => {
    const d = device();
    d.at(0);
    d.at(1);
    d.at(12); // 10.9 s to 11.1 s silent
    expect(d.counts()).toEqual({
      'device.up': { min: 2, max: 2 },
      'device.down': { min: 1, max: 1 },
    });
  });

  it('leaves a silence open when it may or may not have passed the timeout, and nothing below it', () => {
    const d = device();
    d.at(0);
    d.at(4.9); // 4.8 s to 5.0 s: not past the timeout
    d.at(12); // 7 s to 7.2 s: past it, within the 5 s the service has to record it
    expect(d.counts()).toEqual({
      'device.up': { min: 1, max: 2 },
      'device.down': { min: 0, max: 1 },
    });
  });

  it('counts the silence up to the read of the events at the end as a DOWN with no return', () => {
    const certain = device();
    certain.at(0);
    certain.log.ended(11_000, 11_500); // 10.9 s to 11.5 s
    const open = device();
    open.at(0);
    open.log.ended(5000, 5500); // 4.9 s to 5.5 s
    expect([certain.counts(), open.counts()]).toEqual([
      { 'device.up': { min: 1, max: 1 }, 'device.down': { min: 1, max: 1 } },
      { 'device.up': { min: 1, max: 1 }, 'device.down': { min: 0, max: 1 } },
    ]);
  });

  it('counts a config_applied for each new revision reported, not for a repeat', () => {
    const d = device();
    d.at(0);
    d.at(1, 'r1');
    d.at(2, 'r1');
    d.at(3, 'r2');
    expect(d.expected.of('device.config_applied')).toEqual({ min: 2, max: 2 });
  });

  it("counts an upgrade's reports while the service holds it open, and none once it had closed it", () => {
    const d = device();
    d.log.answered(0, 100, undefined, { id: 7, state: 'downloading', progress: 0 }, 7);
    d.log.answered(200, 300, undefined, { id: 7, state: 'failed', error: 'x' }, null);
    // Cancelled before the first report came: not handed out again, so nothing of it counts.
    d.log.answered(400, 500, undefined, { id: 8, state: 'downloading', progress: 0 }, null);
    d.log.upgradeDone(8);
    const types = ['upgrade.started', 'upgrade.failed', 'upgrade.done'];
    expect(types.map((type) => d.expected.of(type))).toEqual([
      { min: 1, max: 1 },
      { min: 1, max: 1 },
      { min: 0, max: 0 },
    ]);
  });
});

describe('the events read back against the run', () => {
  const rollout = {
    state: 'halted',
    stages: [
      { opened_at: 'x', cancelled: 1 },
      { opened_at: null, cancelled: 5 },
    ],
    reverted: ['AA'],
  } as unknown as RolloutRecord;

  const expectedRun = () => {
    const expected = new ExpectedEvents();
    expected.add('device.up', 3);
    expected.maybe('device.down');
    expected.upgradeCreated(10, rollout);
    return expected;
  };
  const read = (changes: Record<string, number> = {}) =>
    new Map(
      Object.entries({
        'device.up': 3,
        'upgrade.created': 11,
        'upgrade.cancelled': 6,
        'rollout.created': 1,
        'rollout.stage_opened': 1,
        'rollout.halted': 1,
        ...changes,
      }),
    );

  it('passes when every group holds what the run caused, within its open range', () => {
    const check = checkEvents(read(), expectedRun());
    expect(eventProblems(check)).toEqual([]);
    expect(check.groups['device.down']).toEqual({
      events: 0,
      expected: { min: 0, max: 1 },
      types: { 'device.down': { events: 0, expected: { min: 0, max: 1 } } },
    });
    expect(eventsLine(check)).toBe(
      'events read back 23: device.up 3 (expected 3), device.down 0 (expected 0 to 1), config 0 (expected 0), upgrades 20 (expected 20)',
    );
  });

  it('leaves the types of no group out (the feed is read whole, for the webhook check)', () => {
    const check = checkEvents(
      read({ 'device.claimed': 5, 'network.created': 1, 'webhook.created': 1 }),
      expectedRun(),
    );
    expect(eventProblems(check)).toEqual([]);
    expect(check.read).toBe(23);
    expect(Object.values(check.groups).flatMap((group) => Object.keys(group.types))).toEqual([
      'device.up',
      'device.down',
      'upgrade.created',
      'upgrade.cancelled',
      'rollout.created',
      'rollout.stage_opened',
      'rollout.halted',
    ]);
  });

  it('names the group and the types that differ, even when the group total agrees', () => {
    const check = checkEvents(
      read({ 'device.up': 4, 'upgrade.cancelled': 5, 'upgrade.failed': 1 }),
      expectedRun(),
    );
    expect(eventProblems(check)).toEqual([
      'events: device.up 4 read back, 3 expected',
      'events: upgrades 20 read back, 20 expected (upgrade.failed 1, expected 0; upgrade.cancelled 5, expected 6)',
    ]);
  });

  it('does not compare what the run cannot know (the rollout unread), and fails when the feed is unread', () => {
    const expected = new ExpectedEvents();
    expected.upgradeCreated(10, null);
    const check = checkEvents(read(), expected);
    expect(check.groups.upgrades.expected).toBeNull();
    expect(eventProblems(check)).toEqual(['events: device.up 3 read back, 0 expected']);
    expect(eventProblems(null)).toEqual(['the events could not be read back (GET /v1/events)']);
  });
});
