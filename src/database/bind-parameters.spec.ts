import { chunksOf, MAX_BIND_PARAMETERS } from './bind-parameters';
import { DIALECTS } from './dialect';

describe('chunksOf', () => {
  it('keeps every chunk under both databases’ parameter limits', () => {
    expect(MAX_BIND_PARAMETERS).toBeLessThan(32_766);
    for (const dialect of DIALECTS) {
      expect(MAX_BIND_PARAMETERS).toBeLessThan(dialect.maxBindParameters);
    }
    const rows = Array.from({ length: 40_000 }, (_, i) => i);
    const chunks = chunksOf(rows, 8);
    expect(chunks.map((c) => c.length)).toEqual([3750, ...Array(9).fill(3750), 2500]);
    expect(chunks.flat()).toEqual(rows);
    for (const chunk of chunks) {
      expect(chunk.length * 8).toBeLessThanOrEqual(MAX_BIND_PARAMETERS);
    }
  });

  it('issues one chunk for a small list and none for an empty one', () => {
    expect(chunksOf([1, 2, 3], 6)).toEqual([[1, 2, 3]]);
    expect(chunksOf([], 6)).toEqual([]);
  });

  it('splits a list of single values (an IN list) only past the limit', () => {
    expect(chunksOf(Array(MAX_BIND_PARAMETERS).fill(0), 1)).toHaveLength(1);
    expect(chunksOf(Array(MAX_BIND_PARAMETERS + 1).fill(0), 1)).toHaveLength(2);
  });
});
