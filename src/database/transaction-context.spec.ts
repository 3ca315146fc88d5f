import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { ClsServiceManager } from 'nestjs-cls';
import { inTransactionContext } from './transaction-context';

const cls = ClsServiceManager.getClsService();
/** Node's own flag: whether the storage (and the async hook it needs on Node 20) is on. */
const enabled = () =>
  (cls as unknown as { als: AsyncLocalStorage<unknown> & { enabled?: boolean } }).als.enabled ===
  true;

/** A context as UnitOfWork opens it: `run` by nestjs-cls, holding a value across awaits. */
function context(value: string, until: Promise<void>) {
  return inTransactionContext(() =>
    cls.run(async () => {
      cls.set('tx', value);
      await tick();
      await until;
      await tick();
      return cls.get<string>('tx');
    }),
  );
}

describe('the transactions context storage', () => {
  it('is off while no transaction runs', () => {
    expect(enabled()).toBe(false);
    expect(cls.isActive()).toBe(false);
  });

  it('carries each transaction across awaits, and is off again once the last one ends', async () => {
    let endFirst!: () => void;
    let endSecond!: () => void;
    const first = context('first', new Promise<void>((resolve) => (endFirst = resolve)));
    const second = context('second', new Promise<void>((resolve) => (endSecond = resolve)));
    await tick();
    expect(enabled()).toBe(true);
    endFirst();
    await expect(first).resolves.toBe('first');
    // the other transaction still sees its own context after the first one ended
    expect(enabled()).toBe(true);
    endSecond();
    await expect(second).resolves.toBe('second');
    expect(enabled()).toBe(false);
    expect(cls.isActive()).toBe(false);
  });

  it('is off again after a transaction that fails', async () => {
    await expect(
      inTransactionContext(() => cls.run(() => Promise.reject(new Error('rolled back')))),
    ).rejects.toThrow('rolled back');
    expect(enabled()).toBe(false);
    await expect(context('again', Promise.resolve())).resolves.toBe('again');
  });
});
