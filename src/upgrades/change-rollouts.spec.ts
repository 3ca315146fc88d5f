import { Change, ChangePart, ChangePartKey } from '../fleet-change/change';
import { ChangeRollouts, RolloutLocks, ROLLOUTS, rolloutsOf } from './change-rollouts';
import { Rollout } from '../firmware/rollout.entity';

/** The locks and settling of one change's rollouts, without a database. */
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
  const part: ChangePart<ChangeRollouts> = {
    open: (change) => new ChangeRollouts(change, locks),
    beforeCommit: (rollouts) => rollouts.settle(),
  };
  const lookup = <S>(key: ChangePartKey<S>) => {
    expect(key).toBe(ROLLOUTS);
    return part as unknown as ChangePart<S>;
  };
  return { calls, change: new Change(3, new Date(0), lookup) };
};

describe('ChangeRollouts', () => {
  it('locks each rollout once, ignoring nulls, repeats and missing rows', async () => {
    const { calls, change } = fake();
    const rollouts = rolloutsOf(change);
    expect((await rollouts.lock([2, null, 1, 2])).map((r) => r.id)).toEqual([2, 1]);
    expect((await rolloutsOf(change).lock([1, 3, 100])).map((r) => r.id)).toEqual([1, 3]);
    expect(await rollouts.lock([null])).toEqual([]);
    expect(calls).toEqual(['lock 2,1', 'lock 3,100']);
  });

  it('settles every locked rollout once after a change of their upgrades, and not without one', async () => {
    const { calls, change } = fake();
    const rollouts = rolloutsOf(change);
    await rollouts.lock([1, 2]);
    await rollouts.settle();
    rollouts.upgradesChanged();
    await rollouts.settle();
    await rollouts.settle();
    rollouts.adopt({ id: 7 } as Rollout);
    await change.beforeCommit();
    expect(calls).toEqual(['lock 1,2', 'settle 1,2', 'settle 1,2,7']);
  });

  it('is not opened, nor settled, by a change that never asks for it', async () => {
    const change = new Change(3, new Date(0), () => {
      throw new Error('no part asked for');
    });
    change.record(null);
    await change.beforeCommit();
    expect(change.takeEvents()).toEqual([]);
  });
});
