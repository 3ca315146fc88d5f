import { LRUCache } from 'lru-cache';

type GrowingOptions<K extends object | string | number, V extends object | string> = Omit<
  LRUCache.Options<K, V, unknown>,
  'max' | 'maxSize' | 'sizeCalculation'
>;

/**
 * An LRU cache of at most `entries` entries whose memory grows with its use. lru-cache's `max`
 * allocates its arrays for `max` entries when the cache is made: for the device credentials'
 * 200,000, 8 MB and about 15 ms of CPU at every application start (a tenth of a start in the
 * tests, which start the application some 150 times), however few devices check in. Counting
 * each entry as one unit of `maxSize` keeps the same bound and the same eviction order without
 * the up-front allocation.
 */
export function growingLruCache<K extends object | string | number, V extends object | string>(
  entries: number,
  options: GrowingOptions<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}
