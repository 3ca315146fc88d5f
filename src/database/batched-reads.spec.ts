import { BatchedReads } from './batched-reads';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('BatchedReads: one statement for the keys asked in one turn', () => {
  it('reads the keys asked for in one turn with one read, each once, on the next turn', async () => {
    const reads: number[][] = [];
    const batched = new BatchedReads((keys: number[]) => {
      reads.push(keys);
      return Promise.resolve(
        new Map(keys.filter((key) => key !== 3).map((key) => [key, key * 10])),
      );
    });
    const answers = Promise.all([1, 2, 1, 3].map((key) => batched.load(key)));
    expect(reads).toEqual([]);
    expect(await answers).toEqual([10, 20, 10, undefined]);
    expect(reads).toEqual([[1, 2, 3]]);
    expect(await batched.load(4)).toBe(40);
    expect(reads).toEqual([[1, 2, 3], [4]]);
  });

  it('takes at most maxKeys keys a read', async () => {
    const reads: number[][] = [];
    const batched = new BatchedReads((keys: number[]) => {
      reads.push(keys);
      return Promise.resolve(new Map(keys.map((key) => [key, key])));
    }, 2);
    expect(await Promise.all([1, 2, 3].map((key) => batched.load(key)))).toEqual([1, 2, 3]);
    expect(reads).toEqual([[1, 2], [3]]);
  });

  it('rejects every caller of a failed read, and reads the next batch anew', async () => {
    let fail = true;
    const batched = new BatchedReads((keys: number[]) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error('connection lost'));
      }
      return Promise.resolve(new Map(keys.map((key) => [key, key])));
    });
    const failed = [1, 2].map((key) => batched.load(key));
    for (const answer of failed) {
      await expect(answer).rejects.toThrow('connection lost');
    }
    await turn();
    await expect(batched.load(1)).resolves.toBe(1);
  });
});
