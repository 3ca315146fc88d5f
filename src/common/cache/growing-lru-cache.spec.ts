import { growingLruCache } from './growing-lru-cache';

describe('growingLruCache', () => {
  it('keeps at most `entries` entries, evicting the least recently used', () => {
    const cache = growingLruCache<string, string>(3);
    for (const key of ['a', 'b', 'c']) {
      cache.set(key, key.toUpperCase());
    }
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('d', 'D');
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('passes the other options on (a time to live on its clock)', () => {
    let now = 1_000;
    const cache = growingLruCache<string, string>(10, {
      ttl: 100,
      ttlResolution: 0,
      perf: { now: () => now },
    });
    cache.set('a', 'A');
    now = 1_099;
    expect(cache.get('a')).toBe('A');
    now = 1_101;
    expect(cache.get('a')).toBeUndefined();
  });
});
