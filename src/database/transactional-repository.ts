import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Dialect } from './dialect';

/**
 * Base of the repositories: their statements run in the caller's transaction when there is one
 * (nestjs-cls transactional, UnitOfWork), else on the default connection, and say what differs
 * between SQLite and PostgreSQL through the dialect. A repository that needs nothing else has no
 * constructor of its own.
 */
@Injectable()
export abstract class TransactionalRepository {
  constructor(
    protected readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    protected readonly dialect: Dialect,
  ) {}

  /** The entity manager of the current transaction, or the default one. */
  protected get manager(): EntityManager {
    return this.txHost.tx;
  }
}
