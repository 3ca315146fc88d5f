import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect } from '../database/dialect';
import { Rollout } from '../firmware/rollout.entity';

export type NewRollout = Pick<
  Rollout,
  'version' | 'max_failure_percent' | 'auto_revert' | 'stages' | 'stage_wait_seconds'
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
        next_stage_at: null,
      }),
    );
  }

  /**
   * Reads these rollouts of the organisation and, where the database locks rows (PostgreSQL),
   * locks them until the transaction ends, in id order (so two transactions locking several never
   * deadlock): every stage transition is decided under this lock. One statement; none for none.
   */
  lock(orgId: number, ids: number[]): Promise<Rollout[]> {
    return this.lockByIds(orgId, ids);
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

  /**
   * The organisations with a rollout whose waiting stage is due at `now`, in id order: the soak
   * sweep's one statement, across organisations (it reads the partial index of waiting rollouts).
   */
  async organisationsWithDueStages(now: Date): Promise<number[]> {
    const rows = await this.repository
      .createQueryBuilder('r')
      .select('DISTINCT r.organisation_id', 'organisation_id')
      .where('r.next_stage_at IS NOT NULL')
      .andWhere('r.next_stage_at <= :now', { now: this.persisted('next_stage_at', now) })
      .orderBy('r.organisation_id', 'ASC')
      .getRawMany<{ organisation_id: number | string }>();
    return rows.map((row) => Number(row.organisation_id));
  }

  /**
   * The ids of the organisation's rollouts whose waiting stage is due at `now` (no lock: the
   * sweep locks them through its change and decides again under the lock).
   */
  async dueIds(orgId: number, now: Date): Promise<number[]> {
    const rows = await this.scoped(orgId, 'r')
      .select('r.id', 'id')
      .andWhere('r.next_stage_at IS NOT NULL')
      .andWhere('r.next_stage_at <= :now', { now: this.persisted('next_stage_at', now) })
      .orderBy('r.id', 'ASC')
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  countRunning(orgId: number): Promise<number> {
    return this.countScoped(orgId, { state: 'running' });
  }

  /** Writes what the bookkeeping decided (the row is locked by the caller). */
  async save(
    orgId: number,
    rollout: Pick<
      Rollout,
      'id' | 'state' | 'stages' | 'reverted' | 'not_reverted' | 'finished_at' | 'next_stage_at'
    >,
  ): Promise<void> {
    await this.repository.update(
      { organisation_id: orgId, id: rollout.id },
      {
        state: rollout.state,
        stages: rollout.stages,
        reverted: rollout.reverted,
        not_reverted: rollout.not_reverted,
        finished_at: rollout.finished_at,
        next_stage_at: rollout.next_stage_at,
      },
    );
  }
}
