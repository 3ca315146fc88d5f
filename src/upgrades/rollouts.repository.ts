import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect } from '../database/dialect';
import { Rollout } from '../firmware/rollout.entity';

export type NewRollout = Pick<
  Rollout,
  'version' | 'max_failure_percent' | 'auto_revert' | 'stages'
>;

/** Rollouts of an organisation. */
@Injectable()
export class RolloutsRepository extends TenantRepository<Rollout> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Rollout, dialect);
  }

  create(orgId: number, fields: NewRollout): Promise<Rollout> {
    return this.repository.save(
      this.repository.create({
        ...fields,
        organisation_id: orgId,
        state: 'running',
        reverted: [],
        not_reverted: [],
        finished_at: null,
      }),
    );
  }

  /**
   * Reads these rollouts of the organisation and, where the database locks rows (PostgreSQL),
   * locks them until the transaction ends, in id order (so two transactions locking several never
   * deadlock): every stage transition is decided under this lock. One statement; none for none.
   */
  lock(orgId: number, ids: number[]): Promise<Rollout[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.idsParameter('rolloutIds', ids);
    const query = this.scoped(orgId, 'r')
      .andWhere(list.condition('r.id'), { rolloutIds: list.value })
      .orderBy('r.id', 'ASC');
    return this.dialect.lockForUpdate(query).getMany();
  }

  /** These rollouts of the organisation, without a lock (one statement; none for none). */
  findMany(orgId: number, ids: number[]): Promise<Rollout[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    const list = this.dialect.idsParameter('rolloutIds', ids);
    return this.scoped(orgId, 'r')
      .andWhere(list.condition('r.id'), { rolloutIds: list.value })
      .orderBy('r.id', 'ASC')
      .getMany();
  }

  /** A page of the organisation's rollouts, newest (highest id) first, and their total. */
  page(orgId: number, offset: number, limit: number): Promise<[Rollout[], number]> {
    return this.scoped(orgId, 'r')
      .orderBy('r.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
  }

  countRunning(orgId: number): Promise<number> {
    return this.countScoped(orgId, { state: 'running' });
  }

  /** Writes what the bookkeeping decided (the row is locked by the caller). */
  async save(
    orgId: number,
    rollout: Pick<Rollout, 'id' | 'state' | 'stages' | 'reverted' | 'not_reverted' | 'finished_at'>,
  ): Promise<void> {
    await this.repository.update(
      { organisation_id: orgId, id: rollout.id },
      {
        state: rollout.state,
        stages: rollout.stages,
        reverted: rollout.reverted,
        not_reverted: rollout.not_reverted,
        finished_at: rollout.finished_at,
      },
    );
  }
}
