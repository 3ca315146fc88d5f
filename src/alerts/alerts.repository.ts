import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Brackets, In, SelectQueryBuilder } from 'typeorm';
import { Dialect } from '../database/dialect';
import { persistedValue } from '../database/persisted-value';
import { Heartbeat } from '../device-state/heartbeat.entity';
import { Alert } from './alert.entity';
import { AlertCursor } from './alert-cursor.entity';
import { AlertWatch } from './alert-watch.entity';

/** Which of an organisation's alerts a read takes (GET /v1/alerts). */
export interface AlertQuery {
  state?: 'open' | 'resolved';
  alertRuleId?: number;
  mac?: string;
  networkId?: number;
  /** A member's readable networks: alerts of other networks, or of none, are left out. */
  networkIds?: number[];
  skip: number;
  take: number;
}

/** A device in a rule's scope whose condition holds, with the time it has held since. */
export interface ConditionRow {
  device_id: number;
  /** device_down: its last heartbeat; clients_above: its last check-in. */
  at: Date;
  clients: number | null;
}

/**
 * The alerts, their per-organisation cursor and lock, and the clients_above watches; every
 * query takes the organisation first. The alert transitions run under the organisation's
 * cursor row (lockCursor), which makes each one happen once whatever the number of instances.
 */
@Injectable()
export class AlertsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get manager() {
    return this.txHost.tx;
  }

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

  /**
   * The organisation's cursor, its row locked until the transaction ends; with `skip`, null when
   * another instance holds it (that one is evaluating the organisation now).
   */
  lockCursor(orgId: number, skip: boolean): Promise<AlertCursor | null> {
    const query = this.manager
      .getRepository(AlertCursor)
      .createQueryBuilder('c')
      .where('c.organisation_id = :orgId', { orgId });
    return (
      skip ? this.dialect.lockSkippingLocked(query) : this.dialect.lockForUpdate(query)
    ).getOne();
  }

  async moveCursor(orgId: number, lastEventId: number): Promise<void> {
    await this.manager
      .getRepository(AlertCursor)
      .update({ organisation_id: orgId }, { last_event_id: lastEventId });
  }

  /** Writes these openings (each resolved too when `resolved_at` is set) and returns them. */
  async insert(orgId: number, openings: Omit<Alert, 'id' | 'organisation_id'>[]): Promise<Alert[]> {
    const saved: Alert[] = [];
    for (const opening of openings) {
      saved.push(
        await this.alerts.save(this.alerts.create({ ...opening, organisation_id: orgId })),
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

  /** The organisation's open alerts of these devices or networks (or all, with neither). */
  openOf(orgId: number, of: { deviceIds?: number[]; ruleId?: number } = {}): Promise<Alert[]> {
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

  /**
   * Devices of the organisation in scope (`networkIds` empty: all) that the sweep recorded DOWN
   * with a last heartbeat at or before `cutoff`, and no open alert of the rule.
   */
  downSince(
    orgId: number,
    ruleId: number,
    networkIds: number[],
    cutoff: Date,
  ): Promise<ConditionRow[]> {
    const query = this.heartbeatsInScope(orgId, ruleId, networkIds)
      .andWhere('h.up = :down', { down: this.persisted('up', false) })
      .andWhere('h.silent_since IS NOT NULL')
      .andWhere('h.received_at <= :cutoff', { cutoff: this.persisted('received_at', cutoff) });
    return this.conditionRows(query, 'h.received_at');
  }

  /** Devices in scope recorded UP whose last check-in reported more than `threshold` clients. */
  clientsAbove(
    orgId: number,
    ruleId: number,
    networkIds: number[],
    threshold: number,
  ): Promise<ConditionRow[]> {
    const query = this.heartbeatsInScope(orgId, ruleId, networkIds)
      .andWhere('h.up = :up', { up: this.persisted('up', true) })
      .andWhere('h.clients > :threshold', { threshold });
    return this.conditionRows(query, 'h.checked_in_at');
  }

  /**
   * The open clients_above alerts whose device no longer holds the condition: recorded DOWN, its
   * last check-in at or below the rule's threshold, or gone from the organisation.
   */
  async clientsFallen(
    orgId: number,
  ): Promise<{ alert: Alert; checkedInAt: Date | null; up: boolean }[]> {
    const rows = await this.alerts
      .createQueryBuilder('a')
      .innerJoin('alert_rules', 'r', 'r.id = a.alert_rule_id')
      .leftJoin(
        Heartbeat,
        'h',
        'h.device_id = a.device_id AND h.organisation_id = a.organisation_id',
      )
      .addSelect('h.checked_in_at', 'h_checked_in_at')
      .addSelect('h.up', 'h_up')
      .where('a.organisation_id = :orgId AND a.state = :open AND a.type = :type', {
        orgId,
        open: 'open',
        type: 'clients_above',
      })
      .andWhere(
        new Brackets((q) =>
          q
            .where('h.device_id IS NULL')
            .orWhere('h.up = :down', { down: this.persisted('up', false) })
            .orWhere('h.clients IS NULL')
            .orWhere('h.clients <= r.threshold'),
        ),
      )
      .getRawAndEntities();
    return rows.entities.map((alert, i) => {
      const raw = rows.raw[i] as { h_checked_in_at: unknown; h_up: unknown };
      const at = raw.h_checked_in_at;
      return {
        alert,
        checkedInAt: at === null || at === undefined ? null : this.hydratedDate(at),
        up: raw.h_up === true || raw.h_up === 1,
      };
    });
  }

  /**
   * The networks (null: none) of the devices of each of these rollouts (rollout_halted's scope),
   * in one statement: a read across upgrades and devices that only the evaluation needs.
   */
  async rolloutNetworks(
    orgId: number,
    rolloutIds: number[],
  ): Promise<Map<number, (number | null)[]>> {
    const networks = new Map<number, (number | null)[]>();
    if (rolloutIds.length === 0) {
      return networks;
    }
    const list = this.dialect.idsParameter('rolloutIds', rolloutIds);
    const rows = await this.manager
      .createQueryBuilder()
      .select('u.rollout_id', 'rollout_id')
      .addSelect('d.location_network_id', 'network_id')
      .distinct(true)
      .from('upgrades', 'u')
      .innerJoin('devices', 'd', 'd.id = u.device_id AND d.organisation_id = u.organisation_id')
      .where('u.organisation_id = :orgId', { orgId })
      .andWhere(list.condition('u.rollout_id'), { rolloutIds: list.value })
      .getRawMany<{ rollout_id: number | string; network_id: number | string | null }>();
    for (const row of rows) {
      const id = Number(row.rollout_id);
      networks.set(id, [
        ...(networks.get(id) ?? []),
        row.network_id === null ? null : Number(row.network_id),
      ]);
    }
    return networks;
  }

  watchesOf(orgId: number, ruleId: number): Promise<AlertWatch[]> {
    return this.manager
      .getRepository(AlertWatch)
      .findBy({ organisation_id: orgId, alert_rule_id: ruleId });
  }

  async watch(orgId: number, ruleId: number, deviceIds: number[], since: Date): Promise<void> {
    if (deviceIds.length > 0) {
      await this.manager.getRepository(AlertWatch).insert(
        deviceIds.map((device_id) => ({
          organisation_id: orgId,
          alert_rule_id: ruleId,
          device_id,
          since,
        })),
      );
    }
  }

  async unwatch(orgId: number, ruleId: number, deviceIds: number[]): Promise<void> {
    if (deviceIds.length > 0) {
      await this.manager
        .getRepository(AlertWatch)
        .delete({ organisation_id: orgId, alert_rule_id: ruleId, device_id: In(deviceIds) });
    }
  }

  async unwatchRule(orgId: number, ruleId: number): Promise<void> {
    await this.manager
      .getRepository(AlertWatch)
      .delete({ organisation_id: orgId, alert_rule_id: ruleId });
  }

  find(orgId: number, id: number): Promise<Alert | null> {
    return this.alerts.findOneBy({ organisation_id: orgId, id });
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
    return q.orderBy('a.id', 'DESC').skip(query.skip).take(query.take).getManyAndCount();
  }

  countOpen(orgId: number): Promise<number> {
    return this.alerts.countBy({ organisation_id: orgId, state: 'open' });
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

  private heartbeatsInScope(
    orgId: number,
    ruleId: number,
    networkIds: number[],
  ): SelectQueryBuilder<Heartbeat> {
    const query = this.manager
      .getRepository(Heartbeat)
      .createQueryBuilder('h')
      .innerJoin('devices', 'd', 'd.id = h.device_id AND d.organisation_id = h.organisation_id')
      .where('h.organisation_id = :orgId', { orgId })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM "alerts" a WHERE a."alert_rule_id" = :ruleId AND a."subject_id" = h."device_id" AND a."state" = 'open')`,
        { ruleId },
      );
    if (networkIds.length > 0) {
      this.withIds(query, 'd.location_network_id', 'networkIds', networkIds);
    }
    return query;
  }

  private async conditionRows(
    query: SelectQueryBuilder<Heartbeat>,
    at: string,
  ): Promise<ConditionRow[]> {
    const rows = await query
      .select('h.device_id', 'device_id')
      .addSelect(at, 'at')
      .addSelect('h.clients', 'clients')
      .getRawMany<{ device_id: number | string; at: unknown; clients: number | string | null }>();
    return rows.map((row) => ({
      device_id: Number(row.device_id),
      at: this.hydratedDate(row.at),
      clients: row.clients === null ? null : Number(row.clients),
    }));
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

  private persisted(property: 'up' | 'received_at', value: unknown): unknown {
    return persistedValue(this.manager, Heartbeat, property, value);
  }

  private hydratedDate(raw: unknown): Date {
    if (raw instanceof Date) {
      return raw;
    }
    // SQLite keeps dates as UTC text without a zone.
    const text = String(raw);
    return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
  }
}
