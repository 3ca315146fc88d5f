import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { In, SelectQueryBuilder } from 'typeorm';
import { persistedValue } from '../database/persisted-value';
import { Alert } from './alert.entity';
import { AlertCursor } from './alert-cursor.entity';
import { AlertType } from './alert-rules';

/** Which of an organisation's alerts a read takes (GET /v1/alerts). */
export interface AlertQuery {
  state?: 'open' | 'resolved';
  alertRuleId?: number;
  mac?: string;
  networkId?: number;
  /** A member's readable networks: alerts of other networks, or of none, are left out. */
  networkIds?: number[];
  /** Open alerts before resolved ones (the console's list), then newest first. */
  openFirst?: boolean;
  skip: number;
  take: number;
}

/** A new alert as the evaluation decides it. */
export type AlertOpening = Omit<
  Alert,
  'id' | 'organisation_id' | 'acknowledged_by' | 'acknowledged_by_email' | 'acknowledged_at'
>;

/**
 * The alerts, their per-organisation cursor and lock, and the clients_above watches; every
 * query takes the organisation first. The alert transitions run under the organisation's
 * cursor row (lockCursor), which makes each one happen once whatever the number of instances.
 */
@Injectable()
export class AlertsRepository extends TransactionalRepository {
  private get alerts() {
    return this.manager.getRepository(Alert);
  }

  /** Creates the organisation's cursor at its newest event unless it has one. */
  async ensureCursor(orgId: number, lastEventId: number): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(AlertCursor)
      .values({ organisation_id: orgId, last_event_id: lastEventId })
      .orIgnore()
      .updateEntity(false)
      .execute();
  }

  /** Locks the organisation's cursor row until the transaction ends, waiting for its holder. */
  async lockCursor(orgId: number): Promise<void> {
    await this.dialect.lockForUpdate(this.cursorQuery(orgId)).getOne();
  }

  /**
   * The organisation's cursor, its row locked until the transaction ends; null when another
   * instance holds it (that one is evaluating the organisation now).
   */
  tryLockCursor(orgId: number): Promise<AlertCursor | null> {
    return this.dialect.lockSkippingLocked(this.cursorQuery(orgId)).getOne();
  }

  private cursorQuery(orgId: number) {
    return this.manager
      .getRepository(AlertCursor)
      .createQueryBuilder('c')
      .where('c.organisation_id = :orgId', { orgId });
  }

  async moveCursor(orgId: number, lastEventId: number): Promise<void> {
    await this.manager
      .getRepository(AlertCursor)
      .update({ organisation_id: orgId }, { last_event_id: lastEventId });
  }

  /**
   * Writes these openings (each resolved too when `resolved_at` is set) and returns them; an
   * alert opens unacknowledged.
   */
  async insert(orgId: number, openings: AlertOpening[]): Promise<Alert[]> {
    const saved: Alert[] = [];
    for (const opening of openings) {
      saved.push(
        await this.alerts.save(
          this.alerts.create({
            ...opening,
            organisation_id: orgId,
            acknowledged_by: null,
            acknowledged_by_email: null,
            acknowledged_at: null,
          }),
        ),
      );
    }
    return saved;
  }

  /** Resolves these open alerts at `at`; returns those it resolved. */
  async resolve(orgId: number, ids: number[], at: Date): Promise<Alert[]> {
    if (ids.length === 0) {
      return [];
    }
    const open = await this.alerts.findBy({ organisation_id: orgId, id: In(ids), state: 'open' });
    if (open.length > 0) {
      await this.alerts.update(
        { organisation_id: orgId, id: In(open.map((alert) => alert.id)), state: 'open' },
        { state: 'resolved', resolved_at: at },
      );
    }
    return open.map((alert) => Object.assign(alert, { state: 'resolved', resolved_at: at }));
  }

  /** The organisation's open alerts of these devices, rule or type (or all, with none). */
  openOf(
    orgId: number,
    of: { deviceIds?: number[]; ruleId?: number; type?: AlertType } = {},
  ): Promise<Alert[]> {
    const query = this.alerts
      .createQueryBuilder('a')
      .where('a.organisation_id = :orgId AND a.state = :open', { orgId, open: 'open' });
    if (of.deviceIds) {
      if (of.deviceIds.length === 0) {
        return Promise.resolve([]);
      }
      this.withIds(query, 'a.device_id', 'deviceIds', of.deviceIds);
    }
    if (of.ruleId !== undefined) {
      query.andWhere('a.alert_rule_id = :ruleId', { ruleId: of.ruleId });
    }
    if (of.type !== undefined) {
      query.andWhere('a.type = :type', { type: of.type });
    }
    return query.orderBy('a.id', 'ASC').getMany();
  }

  /** The open alerts of the organisation's networks with these ids. */
  openInNetworks(orgId: number, networkIds: number[]): Promise<Alert[]> {
    if (networkIds.length === 0) {
      return Promise.resolve([]);
    }
    const query = this.alerts
      .createQueryBuilder('a')
      .where('a.organisation_id = :orgId AND a.state = :open', { orgId, open: 'open' });
    return this.withIds(query, 'a.network_id', 'networkIds', networkIds).getMany();
  }

  find(orgId: number, id: number): Promise<Alert | null> {
    return this.alerts.findOneBy({ organisation_id: orgId, id });
  }

  /**
   * Records `user` as the acknowledger of the organisation's open alert `id` unless someone
   * already is: one conditional update, so that of two acknowledgements at once one is recorded
   * (the other's update finds the row acknowledged and changes nothing). True when this one was.
   */
  async acknowledge(
    orgId: number,
    id: number,
    user: { id: number; email: string },
    at: Date,
  ): Promise<boolean> {
    const result = await this.alerts
      .createQueryBuilder()
      .update(Alert)
      .set({ acknowledged_by: user.id, acknowledged_by_email: user.email, acknowledged_at: at })
      .where('organisation_id = :orgId AND id = :id AND state = :open', { orgId, id, open: 'open' })
      .andWhere('acknowledged_by IS NULL')
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** A page of the organisation's alerts for the query, newest first, and how many match. */
  page(orgId: number, query: AlertQuery): Promise<[Alert[], number]> {
    const q = this.alerts.createQueryBuilder('a').where('a.organisation_id = :orgId', { orgId });
    if (query.state) {
      q.andWhere('a.state = :state', { state: query.state });
    }
    if (query.alertRuleId !== undefined) {
      q.andWhere('a.alert_rule_id = :ruleId', { ruleId: query.alertRuleId });
    }
    if (query.mac !== undefined) {
      q.andWhere('a.device_mac = :mac', { mac: query.mac });
    }
    if (query.networkId !== undefined) {
      q.andWhere('a.network_id = :networkId', { networkId: query.networkId });
    }
    if (query.networkIds) {
      if (query.networkIds.length === 0) {
        return Promise.resolve([[], 0]);
      }
      this.withIds(q, 'a.network_id', 'networkIds', query.networkIds);
    }
    if (query.openFirst) {
      q.orderBy('a.state', 'ASC'); // 'open' sorts before 'resolved'
    }
    return q.addOrderBy('a.id', 'DESC').skip(query.skip).take(query.take).getManyAndCount();
  }

  /** The organisation's open alerts; with `networkIds` (a member's), of those networks only. */
  countOpen(orgId: number, networkIds?: number[]): Promise<number> {
    const q = this.alerts
      .createQueryBuilder('a')
      .where('a.organisation_id = :orgId AND a.state = :open', { orgId, open: 'open' });
    if (networkIds) {
      if (networkIds.length === 0) {
        return Promise.resolve(0);
      }
      this.withIds(q, 'a.network_id', 'networkIds', networkIds);
    }
    return q.getCount();
  }

  /** The organisation's open alerts counted by the network they were opened in: one statement. */
  async countOpenByNetwork(orgId: number): Promise<Map<number, number>> {
    const rows: { network_id: number | string; open: number | string }[] = await this.alerts
      .createQueryBuilder('a')
      .select('a.network_id', 'network_id')
      .addSelect('COUNT(*)', 'open')
      .where('a.organisation_id = :orgId AND a.state = :open', { orgId, open: 'open' })
      .andWhere('a.network_id IS NOT NULL')
      .groupBy('a.network_id')
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.network_id), Number(row.open)]));
  }

  /** Deletes the alerts resolved before `cutoff` (retention). */
  async deleteResolvedBefore(cutoff: Date): Promise<void> {
    await this.alerts
      .createQueryBuilder()
      .delete()
      .where('state = :resolved AND resolved_at < :cutoff', {
        resolved: 'resolved',
        cutoff: persistedValue(this.manager, Alert, 'resolved_at', cutoff),
      })
      .execute();
  }

  /** `query` with `column` among `ids`, bound as one parameter whatever their number. */
  private withIds<T extends object>(
    query: SelectQueryBuilder<T>,
    column: string,
    name: string,
    ids: number[],
  ): SelectQueryBuilder<T> {
    const list = this.dialect.idsParameter(name, ids);
    return query.andWhere(list.condition(column), { [name]: list.value });
  }
}
