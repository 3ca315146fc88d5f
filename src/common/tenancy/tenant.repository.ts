import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import {
  EntityTarget,
  FindManyOptions,
  FindOptionsWhere,
  ObjectLiteral,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import { Dialect } from '../../database/dialect';
import { TransactionalRepository } from '../../database/transactional-repository';
import { persistedValue } from '../../database/persisted-value';

export type Tx = TransactionHost<TransactionalAdapterTypeOrm>;

export interface TenantOwned extends ObjectLiteral {
  organisation_id: number | null;
}

/**
 * Base of every repository of organisation-owned records. Its query helpers all take the
 * organisation first and add it to the WHERE clause themselves, so a subclass cannot load a
 * record by id alone without going out of its way.
 */
export abstract class TenantRepository<T extends TenantOwned> extends TransactionalRepository {
  protected constructor(
    txHost: Tx,
    private readonly entity: EntityTarget<T>,
    dialect: Dialect,
  ) {
    super(txHost, dialect);
  }

  /** The raw repository: only for inserts and for queries that already carry the organisation. */
  protected get repository(): Repository<T> {
    return this.manager.getRepository(this.entity);
  }

  /** A value in the form the entity's column stores it, for a raw condition or statement. */
  protected persisted(property: keyof T, value: unknown): unknown {
    return persistedValue(this.manager, this.entity, property, value);
  }

  /**
   * Reads these records of the organisation and, where the database locks rows (PostgreSQL),
   * locks them until the transaction ends, in id order, so that two transactions locking several
   * never deadlock. One statement; none for none.
   */
  protected lockByIds(orgId: number, ids: number[]): Promise<T[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.idsParameter('lockedIds', ids);
    const query = this.scoped(orgId, 'r')
      .andWhere(list.condition('r.id'), { lockedIds: list.value })
      .orderBy('r.id', 'ASC');
    return this.dialect.lockForUpdate(query).getMany();
  }

  /** A query builder already restricted to the organisation's rows. */
  protected scoped(orgId: number, alias: string): SelectQueryBuilder<T> {
    return this.repository
      .createQueryBuilder(alias)
      .where(`${alias}.organisation_id = :orgId`, { orgId });
  }

  /** `where` with the organisation added (to each alternative when it is an array). */
  protected whereOf(orgId: number, where?: FindOptionsWhere<T> | FindOptionsWhere<T>[]) {
    const own = { organisation_id: orgId } as FindOptionsWhere<T>;
    if (Array.isArray(where)) {
      return where.length > 0 ? where.map((w) => ({ ...w, ...own })) : [own];
    }
    return { ...(where ?? {}), ...own };
  }

  protected findScoped(orgId: number, options: FindManyOptions<T> = {}): Promise<T[]> {
    return this.repository.find({ ...options, where: this.whereOf(orgId, options.where) });
  }

  protected findOneScoped(orgId: number, options: FindManyOptions<T> = {}): Promise<T | null> {
    return this.repository.findOne({ ...options, where: this.whereOf(orgId, options.where) });
  }

  protected countScoped(orgId: number, where?: FindOptionsWhere<T>): Promise<number> {
    return this.repository.count({ where: this.whereOf(orgId, where) });
  }

  /** The organisation's record with this id, or null (also for another organisation's id). */
  findById(orgId: number, id: number): Promise<T | null> {
    return this.findOneScoped(orgId, { where: { id } as unknown as FindOptionsWhere<T> });
  }

  /**
   * Which of these ids are records of the organisation: one statement, none for an empty list.
   * Lets another module check ids it was sent against the owner.
   */
  async ownIds(orgId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) {
      return new Set();
    }
    const list = this.dialect.idsParameter('ids', ids);
    const rows = await this.scoped(orgId, 'r')
      .select('r.id', 'id')
      .andWhere(list.condition('r.id'), { ids: list.value })
      .getRawMany<{ id: number }>();
    return new Set(rows.map((row) => Number(row.id)));
  }
}
