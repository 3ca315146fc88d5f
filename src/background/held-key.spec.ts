import { HeldKey } from './held-key';

const TIMEOUT = 10_000;
const POLL = 200;
const FOUR = { perKey: 4, refills: true };

type Item = { id: number; attempts: number };
const items = (ids: number[]): Item[] => ids.map((id) => ({ id, attempts: 0 }));
const hold = (ids: number[], limits = FOUR) =>
  new HeldKey({ id: 7 }, 'tk', items(ids), 20_000, limits);

/** Starts what may start at `now`: the ids taken. */
function startAll(held: HeldKey<{ id: number }, Item>, now: number): number[] {
  const started: number[] = [];
  for (let d = held.next(now, TIMEOUT); d; d = held.next(now, TIMEOUT)) {
    started.push(d.id);
  }
  return started;
}

describe('HeldKey (the batch a lease holds)', () => {
  it('starts at most 4 at once, the next when one is answered, and ends once all are recorded', () => {
    const held = hold([1, 2, 3, 4, 5, 6]);
    expect(startAll(held, 0)).toEqual([1, 2, 3, 4]);
    held.answered();
    expect(startAll(held, 0)).toEqual([5]);
    expect([...held.underWay]).toEqual([1, 2, 3, 4, 5]);
    [2, 3, 4].forEach(() => held.answered());
    expect(startAll(held, 0)).toEqual([6]);
    held.answered();
    held.answered();
    [1, 2, 3, 4, 5].forEach((id) => held.recorded(id));
    expect(held.ended).toBe(false); // 6 is still being recorded
    held.recorded(6);
    expect(held.ended).toBe(true);
  });

  it('starts no attempt that could outlast the lease, and leaves the rest for the next claim', () => {
    const held = hold([1, 2, 3]);
    expect(startAll(held, 9_999)).toEqual([1, 2, 3]);
    const late = hold([1, 2, 3]);
    expect(startAll(late, 10_000)).toEqual([]);
    expect(late.ended).toBe(true);
    expect(late.wantsMore(10_000, TIMEOUT)).toBe(false);
  });

  it('wants more with nothing left to start and a free slot, not while a refill is read', () => {
    const held = hold([1]);
    expect(held.wantsMore(0, TIMEOUT)).toBe(false); // 1 to start
    startAll(held, 0);
    expect(held.wantsMore(0, TIMEOUT)).toBe(true);
    held.refilling = true;
    expect(held.wantsMore(0, TIMEOUT)).toBe(false);
    held.answered();
    held.recorded(1);
    expect(held.ended).toBe(false); // the refill being read keeps it
    held.refilled(items([2, 3]), 30_000, 0, POLL);
    expect(held.until).toBe(30_000);
    expect(startAll(held, 0)).toEqual([2, 3]);
  });

  it('waits for the next poll after a refill that found nothing, and stops when the lease is lost', () => {
    const held = hold([1]);
    startAll(held, 0);
    held.refilled([], 20_000, 1_000, POLL);
    expect(held.wantsMore(1_000 + POLL - 1, TIMEOUT)).toBe(false);
    expect(held.wantsMore(1_000 + POLL, TIMEOUT)).toBe(true);
    held.refilled(undefined, 20_000, 2_000, POLL); // voided or taken over
    expect(held.wantsMore(5_000, TIMEOUT)).toBe(false);
    held.answered();
    held.recorded(1);
    expect(held.ended).toBe(true);
  });

  it('stops starting when told (a 410, a voided lease), with those under way still recorded', () => {
    const held = hold([1, 2, 3, 4, 5]);
    startAll(held, 0);
    held.stop();
    held.answered();
    expect(startAll(held, 0)).toEqual([]);
    expect(held.ended).toBe(false);
    [1, 2, 3, 4].forEach((id) => held.recorded(id));
    expect(held.ended).toBe(true);
  });

  it('keeps one attempt in flight per key, and never refills, for a queue of one item per key', () => {
    const held = hold([1, 2], { perKey: 1, refills: false });
    expect(startAll(held, 0)).toEqual([1]);
    held.answered();
    expect(held.wantsMore(0, TIMEOUT)).toBe(false); // 2 is still to start
    expect(startAll(held, 0)).toEqual([2]);
    held.answered();
    expect(held.wantsMore(0, TIMEOUT)).toBe(false); // nothing left, but no refill
    [1, 2].forEach((id) => held.recorded(id));
    expect(held.ended).toBe(true);
  });
});
