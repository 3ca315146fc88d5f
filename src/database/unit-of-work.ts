import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from './dialect';
import { inTransactionContext } from './transaction-context';

/**
 * Runs a use case in one transaction: every repository call inside `run` joins it, and a thrown
 * error rolls everything back. Where the dialect serialises transactions (SQLite: one connection on
 * which TypeORM would interleave two transactions as savepoints) they are queued one at a time;
 * elsewhere (PostgreSQL) they run concurrently and the repositories take row locks where an
 * invariant needs it.
 */
@Injectable()
export class UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly serialise: boolean;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    dialect: Dialect,
  ) {
    this.serialise = dialect.serialisesTransactions;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.txHost.isTransactionActive()) {
      return work();
    }
    const transaction = () => inTransactionContext(() => this.txHost.withTransaction(work));
    if (!this.serialise) {
      return transaction();
    }
    const result = this.queue.then(transaction, transaction);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Runs `work` that sends ONE statement, which is its own transaction: committed when it
   * returns. Where transactions run concurrently (PostgreSQL) it runs outside any, saving the
   * BEGIN and COMMIT round trips; where they are serialised (SQLite's one connection, on which
   * a statement outside would join whichever transaction is open) it is queued as one by `run`.
   */
  runStatement<T>(work: () => Promise<T>): Promise<T> {
    return this.serialise || this.txHost.isTransactionActive() ? this.run(work) : work();
  }
}
