/**
 * Batched reads: the keys that many callers ask for in one turn of the event loop
 * are read by one statement, started on the next turn. Under light load a batch is one key,
 * read at once; under load one statement answers many requests, so the database and the socket
 * to it see one round trip where they saw dozens. Each caller's answer is what that statement
 * read, after its request arrived: as fresh as reading alone. A failed read rejects every caller
 * of its batch.
 */
export class BatchedReads<K, V> {
  private forming: Map<K, Waiter<V>[]> | null = null;

  /**
   * @param read reads the values of these keys (each once); a key it leaves out has none.
   * @param maxKeys the most keys one read takes; more wait for the next.
   * @param schedule runs the read of a batch later (setImmediate by default); the caller may bind
   *   it to a context of its own, so that no request's context reaches the read.
   */
  constructor(
    private readonly read: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxKeys = 500,
    private readonly schedule: (start: () => void) => void = (start) => setImmediate(start),
  ) {}

  /** The value of `key` (undefined when it has none), read with the other keys of this turn. */
  load(key: K): Promise<V | undefined> {
    if (!this.forming || this.forming.size >= this.maxKeys) {
      const batch = new Map<K, Waiter<V>[]>();
      this.forming = batch;
      this.schedule(() => void this.start(batch));
    }
    const batch = this.forming;
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = batch.get(key);
      if (waiters) {
        waiters.push({ resolve, reject });
      } else {
        batch.set(key, [{ resolve, reject }]);
      }
    });
  }

  private async start(batch: Map<K, Waiter<V>[]>): Promise<void> {
    if (this.forming === batch) {
      this.forming = null;
    }
    try {
      const values = await this.read([...batch.keys()]);
      for (const [key, waiters] of batch) {
        const value = values.get(key);
        waiters.forEach((waiter) => waiter.resolve(value));
      }
    } catch (error) {
      for (const waiters of batch.values()) {
        waiters.forEach((waiter) => waiter.reject(error));
      }
    }
  }
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}
