import { AsyncLocalStorage } from 'node:async_hooks';
import { ClsServiceManager } from 'nestjs-cls';

/**
 * The AsyncLocalStorage that carries a transaction to the repositories (nestjs-cls). On Node 20,
 * while any AsyncLocalStorage is enabled an async hook runs for every promise and socket write in
 * the process, on every request (about a tenth of the allocations and more of the CPU of
 * `/health`); nestjs-cls enables its own as soon as it is loaded, for a guard that this service
 * does not use. A transaction is the only context it carries here (UnitOfWork opens them all),
 * so it is switched off whenever no transaction is in flight in the process, and nestjs-cls's
 * `run` switches it on again for the next one. Node 24's AsyncContextFrame needs no hook at all.
 */
const storage = (
  ClsServiceManager.getClsService() as unknown as { als?: AsyncLocalStorage<unknown> }
).als;
/** Transactions in flight in this process (every UnitOfWork of every app shares the storage). */
let inFlight = 0;

storage?.disable();

/** Runs `open` (which opens a transaction through nestjs-cls) with the storage kept enabled. */
export async function inTransactionContext<T>(open: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await open();
  } finally {
    inFlight--;
    if (inFlight === 0) {
      storage?.disable();
    }
  }
}
