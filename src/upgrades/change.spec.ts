import { Change, RolloutLocks } from './change';
import { Rollout } from './rollout.entity';

/** The locks and settling of one change, without a database. */
const fake = () => {
  const calls: string[] = [];
  const locks: RolloutLocks = {
    lock: (_orgId, ids) => {
      calls.push(`lock ${ids.join(',')}`);
      return Promise.resolve(ids.filter((id) => id < 100).map((id) => ({ id }) as Rollout));
    },
    settle: (_orgId, rollouts) => {
      calls.push(`settle ${rollouts.map((r) => r.id).join(',')}`);
      return Promise.resolve();
    },
  };
  return { calls, change: new Change(3, new Date(0), locks) };
};

describe('Change', () => {
  it('locks each rollout once, ignoring nulls, repeats and missing rows', async () => {
    const { calls, change } = fake();
    expect((await change.lockRollouts([2, null, 1, 2])).map((r) => r.id)).toEqual([2, 1]);
    expect((await change.lockRollouts([1, 3, 100])).map((r) => r.id)).toEqual([1, 3]);
    expect(await change.lockRollouts([null])).toEqual([]);
    expect(calls).toEqual(['lock 2,1', 'lock 3,100']);
  });

  it('settles every locked rollout once after a change of their upgrades, and not without one', async () => {
    const { calls, change } = fake();
    await change.lockRollouts([1, 2]);
    await change.settle();
    change.upgradesChanged();
    await change.settle();
    await change.settle();
    change.adopt({ id: 7 } as Rollout);
    await change.settle();
    expect(calls).toEqual(['lock 1,2', 'settle 1,2', 'settle 1,2,7']);
  });
});
