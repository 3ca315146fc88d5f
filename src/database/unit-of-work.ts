import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * Runs a use case in one transaction: every repository call inside `run` joins it, and a thrown
 * error rolls everything back. better-sqlite3 has a single connection on which TypeORM would
 * interleave two transactions as savepoints, so on SQLite transactions are queued one at a time;
 * PostgreSQL runs them concurrently and the repositories take row locks where an invariant needs it.
 */
@Injectable()
export class UnitOfWork {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly serialise: boolean;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.serialise = dataSource.options.type === 'better-sqlite3';
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.txHost.isTransactionActive()) {
      return work();
    }
    const transaction = () => this.txHost.withTransaction(work);
    if (!this.serialise) {
      return transaction();
    }
    const result = this.queue.then(transaction, transaction);
    this.queue = result.catch(() => undefined);
    return result;
  }
}
