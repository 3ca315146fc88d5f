/**
 * Group commit: many callers' items written by one statement, each caller answered only once
 * the write that holds its item has committed (acknowledge only what is durable).
 *
 * An item joins the batch being formed. When no write is in flight, the batch starts on the next
 * turn of the event loop (so items that arrived in the same turn, the requests parsed together,
 * join it); while one is in flight, items gather and their batch starts the moment it ends. Under
 * light load a batch is one item written at once; under load batches grow by themselves, and the
 * number of writes a second stays near what one write's round trip allows, a batch holding at
 * most `maxItems` (what one statement takes; the rest form the next batches). A failed write
 * rejects every caller of its batch (none was answered), and the next batch is tried anew.
 */
export class GroupCommit<T, R = void> {
  /** The batches not started yet, oldest first; only the last one takes new items. */
  private forming: Batch<T, R>[] = [];
  private writing: Promise<void> | null = null;
  private scheduled = false;

  /**
   * @param write writes one batch (the items in the order they came); it resolves once they are
   *   committed, with what every caller of the batch is answered (the rows it wrote, say).
   * @param maxItems the most items one batch holds.
   * @param schedule runs the start of a batch later (setImmediate by default); the caller may bind
   *   it to a context of its own, so that no request's context reaches the write.
   */
  constructor(
    private readonly write: (items: T[]) => Promise<R>,
    private readonly maxItems = Number.MAX_SAFE_INTEGER,
    private readonly schedule: (start: () => void) => void = (start) => setImmediate(start),
  ) {}

  /**
   * Resolves once `item` is committed, with the write's result; rejects with the write's error if
   * its batch failed.
   */
  submit(item: T): Promise<R> {
    let batch = this.forming.at(-1);
    if (!batch || batch.items.length >= this.maxItems) {
      batch = new Batch<T, R>();
      this.forming.push(batch);
    }
    batch.items.push(item);
    if (!this.writing && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => {
        this.scheduled = false;
        this.start();
      });
    }
    return batch.committed;
  }

  /** How many items wait for a write that has not started. */
  get waiting(): number {
    return this.forming.reduce((sum, batch) => sum + batch.items.length, 0);
  }

  /** Resolves once every item submitted so far has been written or has failed. */
  async settled(): Promise<void> {
    while (this.writing || this.forming.length > 0) {
      if (!this.writing) {
        this.start();
      }
      await this.writing?.catch(() => undefined);
    }
  }

  private start(): void {
    if (this.writing || this.forming.length === 0) {
      return;
    }
    const batch = this.forming.shift()!;
    this.writing = this.write(batch.items).then(
      (result) => batch.resolve(result),
      (error: unknown) => batch.reject(error),
    );
    void this.writing.finally(() => {
      this.writing = null;
      this.start();
    });
  }
}

class Batch<T, R> {
  readonly items: T[] = [];
  resolve!: (result: R) => void;
  reject!: (error: unknown) => void;
  readonly committed = new Promise<R>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });

  constructor() {
    // A batch nobody awaits any more (its callers gone) must not crash the process.
    this.committed.catch(() => undefined);
  }
}
