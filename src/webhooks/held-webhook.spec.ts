import { ClaimedBatch, ClaimedDelivery } from './claimed-delivery';
import { HeldWebhook } from './held-webhook';

const TIMEOUT = 10_000;
const POLL = 200;

function batch(ids: number[], token = 'tk'): ClaimedBatch {
  const webhook = {
    id: 7,
    url: 'http://x',
    secret: 's',
    previous_secret: null,
    previous_secret_until: null,
  };
  const deliveries = ids.map(
    (id) => ({ id, webhook_id: 7, webhook }) as unknown as ClaimedDelivery,
  );
  return { webhook, token, deliveries };
}

/** Starts what may start at `now`: the ids taken. */
function startAll(held: HeldWebhook, now: number): number[] {
  const started: number[] = [];
  for (let d = held.next(now, TIMEOUT); d; d = held.next(now, TIMEOUT)) {
    started.push(d.id);
  }
  return started;
}

describe('HeldWebhook (the batch a lease holds)', () => {
  it('starts at most 4 at once, the next when one is answered, and ends once all are recorded', () => {
    const held = new HeldWebhook(batch([1, 2, 3, 4, 5, 6]), 20_000, new Map());
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
    const held = new HeldWebhook(batch([1, 2, 3]), 20_000, new Map());
    expect(startAll(held, 9_999)).toEqual([1, 2, 3]);
    const late = new HeldWebhook(batch([1, 2, 3]), 20_000, new Map());
    expect(startAll(late, 10_000)).toEqual([]);
    expect(late.ended).toBe(true);
    expect(late.wantsMore(10_000, TIMEOUT)).toBe(false);
  });

  it('wants more with nothing left to start and a free slot, not while a refill is read', () => {
    const held = new HeldWebhook(batch([1]), 20_000, new Map());
    expect(held.wantsMore(0, TIMEOUT)).toBe(false); // 1 to start
    startAll(held, 0);
    expect(held.wantsMore(0, TIMEOUT)).toBe(true);
    held.refilling = true;
    expect(held.wantsMore(0, TIMEOUT)).toBe(false);
    held.answered();
    held.recorded(1);
    expect(held.ended).toBe(false); // the refill being read keeps it
    const bodies = new Map<number, string>();
    held.refilled(batch([2, 3]), 30_000, 0, POLL, bodies);
    expect(held.until).toBe(30_000);
    expect(held.bodies).toBe(bodies); // the bodies sent before are not kept
    expect(startAll(held, 0)).toEqual([2, 3]);
  });

  it('waits for the next poll after a refill that found nothing, and stops when the lease is lost', () => {
    const held = new HeldWebhook(batch([1]), 20_000, new Map());
    startAll(held, 0);
    held.refilled(batch([]), 20_000, 1_000, POLL, new Map());
    expect(held.wantsMore(1_000 + POLL - 1, TIMEOUT)).toBe(false);
    expect(held.wantsMore(1_000 + POLL, TIMEOUT)).toBe(true);
    held.refilled(undefined, 20_000, 2_000, POLL, new Map()); // voided or taken over
    expect(held.wantsMore(5_000, TIMEOUT)).toBe(false);
    held.answered();
    held.recorded(1);
    expect(held.ended).toBe(true);
  });

  it('stops starting when told (a 410, a voided lease), with those under way still recorded', () => {
    const held = new HeldWebhook(batch([1, 2, 3, 4, 5]), 20_000, new Map());
    startAll(held, 0);
    held.stop();
    held.answered();
    expect(startAll(held, 0)).toEqual([]);
    expect(held.ended).toBe(false);
    [1, 2, 3, 4].forEach((id) => held.recorded(id));
    expect(held.ended).toBe(true);
  });
});
