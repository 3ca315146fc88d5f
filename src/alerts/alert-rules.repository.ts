import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { AlertRule } from './alert-rule.entity';
import { AlertRuleFields } from './alert-rules';

/** The alert_rules table; every query takes the organisation first. */
@Injectable()
export class AlertRulesRepository extends TransactionalRepository {
  private get repository() {
    return this.manager.getRepository(AlertRule);
  }

  list(orgId: number): Promise<AlertRule[]> {
    return this.repository.find({ where: { organisation_id: orgId }, order: { id: 'ASC' } });
  }

  find(orgId: number, id: number): Promise<AlertRule | null> {
    return this.repository.findOneBy({ organisation_id: orgId, id });
  }

  /** The rule, its row locked until the transaction ends. */
  lock(orgId: number, id: number): Promise<AlertRule | null> {
    const query = this.repository
      .createQueryBuilder('r')
      .where('r.organisation_id = :orgId AND r.id = :id', { orgId, id });
    return this.dialect.lockForUpdate(query).getOne();
  }

  count(orgId: number): Promise<number> {
    return this.repository.countBy({ organisation_id: orgId });
  }

  /** The organisations that have rules (those the evaluation visits). */
  async organisations(): Promise<number[]> {
    const rows = await this.repository
      .createQueryBuilder('r')
      .select('DISTINCT r.organisation_id', 'organisation_id')
      .orderBy('r.organisation_id', 'ASC')
      .getRawMany<{ organisation_id: number | string }>();
    return rows.map((row) => Number(row.organisation_id));
  }

  create(orgId: number, fields: AlertRuleFields, now: Date): Promise<AlertRule> {
    return this.repository.save(
      this.repository.create({ ...fields, organisation_id: orgId, active_since: now }),
    );
  }

  save(rule: AlertRule): Promise<AlertRule> {
    return this.repository.save(rule);
  }

  async delete(orgId: number, id: number): Promise<void> {
    await this.repository.delete({ organisation_id: orgId, id });
  }
}
