import { GroupCommit } from './group-commit';

/** A write that records each batch and ends when the test says so. */
function controlledWrites() {
  const batches: number[][] = [];
  const ends: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      ends.push({ resolve, reject });
    });
  return { batches, ends, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit: acknowledged only once durable', () => {
  it('writes the items of one turn as one batch and answers each only after it commits', async () => {
    const { batches, ends, write } = controlledWrites();
    const commits = new GroupCommit(write);
    const answered: number[] = [];
    const submitted = [1, 2, 3].map((n) => commits.submit(n).then(() => answered.push(n)));
    expect(batches).toEqual([]);
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    await turn();
    expect(answered).toEqual([]);
    ends[0].resolve();
    await Promise.all(submitted);
    expect(answered).toEqual([1, 2, 3]);
  });

  it('gathers what comes during a write into the next batch, started when that write ends', async () => {
    const { batches, ends, write } = controlledWrites();
    const commits = new GroupCommit(write);
    const first = commits.submit(1);
    await turn();
    const later = [2, 3, 4].map((n) => commits.submit(n));
    await turn();
    expect(batches).toEqual([[1]]);
    expect(commits.waiting).toBe(3);
    ends[0].resolve();
    await first;
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    ends[1].resolve();
    await Promise.all(later);
    expect(commits.waiting).toBe(0);
  });

  it('holds at most maxItems in a batch, the rest in the next ones', async () => {
    const { batches, ends, write } = controlledWrites();
    const commits = new GroupCommit(write, 2);
    const all = [1, 2, 3, 4, 5].map((n) => commits.submit(n));
    await turn();
    expect(batches).toEqual([[1, 2]]);
    expect(commits.waiting).toBe(3);
    ends[0].resolve();
    await turn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    ends[1].resolve();
    await turn();
    ends[2].resolve();
    await Promise.all(all);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every item of a failed batch, and writes the next batch anew', async () => {
    const { batches, ends, write } = controlledWrites();
    const commits = new GroupCommit(write);
    const failed = [1, 2].map((n) => commits.submit(n));
    await turn();
    const next = commits.submit(3);
    ends[0].reject(new Error('connection lost'));
    for (const item of failed) {
      await expect(item).rejects.toThrow('connection lost');
    }
    await turn();
    expect(batches).toEqual([[1, 2], [3]]);
    ends[1].resolve();
    await expect(next).resolves.toBeUndefined();
  });

  it('settles every submitted item, starting a batch not started yet', async () => {
    const writes: number[][] = [];
    const commits = new GroupCommit(
      (items: number[]) => {
        writes.push(items);
        return Promise.resolve();
      },
      undefined,
      () => undefined, // never starts by itself
    );
    const item = commits.submit(7);
    await commits.settled();
    await expect(item).resolves.toBeUndefined();
    expect(writes).toEqual([[7]]);
  });
});
