import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { Brackets, SelectQueryBuilder } from 'typeorm';
import { hydratedValue, persistedValue } from '../database/persisted-value';
import { Heartbeat } from '../device-state/heartbeat.entity';

/** A device in a rule's scope whose condition holds, with the time it has held since. */
export interface ConditionRow {
  device_id: number;
  /** device_down: its last heartbeat; clients_above: its last check-in. */
  at: Date;
  clients: number | null;
}

/**
 * What the alert evaluation (alerts/) reads across owners' tables: the devices'
 * recorded state (heartbeats) in a rule's scope (the devices' networks) without an open alert of
 * the rule (alerts), the open clients_above alerts whose device no longer holds the condition,
 * and the networks of a halted rollout's devices (upgrades). Read-only; every query takes the
 * organisation first.
 */
@Injectable()
export class AlertConditionsRepository extends TransactionalRepository {
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
  ): Promise<{ alertId: number; checkedInAt: Date | null; up: boolean }[]> {
    const rows = await this.manager
      .createQueryBuilder()
      .select('a.id', 'alert_id')
      .addSelect('h.checked_in_at', 'checked_in_at')
      .addSelect('h.up', 'up')
      .from('alerts', 'a')
      .innerJoin('alert_rules', 'r', 'r.id = a.alert_rule_id')
      .leftJoin(
        Heartbeat,
        'h',
        'h.device_id = a.device_id AND h.organisation_id = a.organisation_id',
      )
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
      .getRawMany<{ alert_id: number | string; checked_in_at: unknown; up: unknown }>();
    return rows.map((row) => ({
      alertId: Number(row.alert_id),
      checkedInAt:
        row.checked_in_at === null || row.checked_in_at === undefined
          ? null
          : (hydratedValue(this.manager, Heartbeat, 'checked_in_at', row.checked_in_at) as Date),
      up: row.up === true || row.up === 1,
    }));
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
      // received_at or checked_in_at: Date columns, hydrated alike.
      at: hydratedValue(this.manager, Heartbeat, 'received_at', row.at) as Date,
      clients: row.clients === null ? null : Number(row.clients),
    }));
  }

  private persisted(property: 'up' | 'received_at', value: unknown): unknown {
    return persistedValue(this.manager, Heartbeat, property, value);
  }
}
