import { SCHEDULE } from './schedule';
import { Scheduler } from './scheduler';

describe('Scheduler', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs each job at its SCHEDULE interval once started, the first pass after firstAfterMs', async () => {
    const scheduler = new Scheduler();
    const sweeps: number[] = [];
    const retentions: number[] = [];
    scheduler.every('device transition sweep', () => Promise.resolve(sweeps.push(Date.now())));
    scheduler.every('event retention', () => Promise.resolve(retentions.push(Date.now())));
    const start = Date.now();
    await jest.advanceTimersByTimeAsync(5_000);
    expect([sweeps, retentions]).toEqual([[], []]); // not started
    scheduler.start();
    await jest.advanceTimersByTimeAsync(3 * SCHEDULE['device transition sweep'].everyMs);
    expect(sweeps.map((at) => at - start)).toEqual([6_000, 7_000, 8_000]);
    expect(retentions.map((at) => at - start)).toEqual([6_000]); // firstAfterMs: 1 s
    await jest.advanceTimersByTimeAsync(SCHEDULE['event retention'].everyMs);
    expect(retentions).toHaveLength(2);
    await scheduler.stop();
  });

  it('never runs two passes of a job at once; a failed pass does not stop the next', async () => {
    const scheduler = new Scheduler();
    let running = 0;
    let most = 0;
    let passes = 0;
    scheduler.every('command expiry', async () => {
      passes++;
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      running--;
      throw new Error('the database is away');
    });
    scheduler.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(most).toBe(1);
    expect(passes).toBe(4); // at 1, 4, 7 and 10 s: the ticks while one runs are skipped
    const stopped = scheduler.stop();
    await jest.advanceTimersByTimeAsync(2_500);
    await stopped;
  });

  it('stops: no pass starts, the one under way is awaited; started again, the jobs go on', async () => {
    const scheduler = new Scheduler();
    const events: string[] = [];
    scheduler.every('alert evaluation', async () => {
      events.push('start');
      await new Promise((resolve) => setTimeout(resolve, 500));
      events.push('end');
    });
    scheduler.start();
    await jest.advanceTimersByTimeAsync(1_100);
    const stopped = scheduler.stop().then(() => events.push('stopped'));
    await jest.advanceTimersByTimeAsync(5_000);
    await stopped;
    expect(events).toEqual(['start', 'end', 'stopped']);
    scheduler.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(events).toEqual(['start', 'end', 'stopped', 'start']);
    await jest.advanceTimersByTimeAsync(500);
    await scheduler.stop();
  });

  it('refuses a job registered twice', () => {
    const scheduler = new Scheduler();
    scheduler.every('fleet history sample', () => Promise.resolve());
    expect(() => scheduler.every('fleet history sample', () => Promise.resolve())).toThrow(
      'the periodic job "fleet history sample" is registered twice',
    );
  });
});
