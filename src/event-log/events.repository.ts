import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { persistedValue } from '../database/persisted-value';
import { Dialect } from '../database/dialect';
import { EventActor, EventRecord } from './event.entity';
import { EventType } from './event-types';

/** The device an event concerns, as it is when the event happens. */
export interface EventDevice {
  id: number;
  mac_id: string;
  name: string | null;
}

/** The network an event concerns, as it is when the event happens. */
export interface EventNetwork {
  id: number;
  network_name: string;
}

/** An event to record. */
export interface NewEvent {
  type: EventType;
  occurred_at: Date;
  network: EventNetwork | null;
  device: EventDevice | null;
  actor: EventActor;
  data: Record<string, unknown>;
}

/** Which of an organisation's events a read takes. */
export interface EventQuery {
  /** Only these types (a `type` filter, families expanded). */
  types?: string[];
  /** Only the events of the device with this MAC (also after it left the organisation). */
  mac?: string;
  networkId?: number;
  /** Only the events of these networks (a member's readable ones; no event without a network). */
  networkIds?: number[];
  /** `since` ≤ occurred_at < `until`. */
  since?: Date;
  until?: Date;
  /** The feed: ids above this, ascending. Else newest first, below `before` when given. */
  after?: number;
  before?: number;
  /** With `after`: ids up to this one only. */
  upTo?: number;
  limit: number;
}

/**
 * The events table's reads. Events are written only by a change (fleet-change/: `Change.record`,
 * written by its EventWriter last, under the organisation's event-order lock).
 */
@Injectable()
export class EventsRepository {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
  ) {}

  private get repository() {
    return this.txHost.tx.getRepository(EventRecord);
  }

  /** The ids and types of the organisation's `take` newest events (the writer's fan-out). */
  newest(orgId: number, take: number): Promise<{ id: number; type: string }[]> {
    return this.repository.find({
      select: { id: true, type: true },
      where: { organisation_id: orgId },
      order: { id: 'DESC' },
      take,
    });
  }

  /** The organisation's events matching the query: by id ascending with `after`, else descending. */
  list(orgId: number, query: EventQuery): Promise<EventRecord[]> {
    const q = this.repository
      .createQueryBuilder('e')
      .where('e.organisation_id = :orgId', { orgId })
      .take(query.limit);
    if (query.types?.length === 1) {
      // One type: an equality, which PostgreSQL reads from IDX_events_org_type in id order
      // (a list it reads type by type, then sorts).
      q.andWhere('e.type = :type', { type: query.types[0] });
    } else if (query.types) {
      const list = this.dialect.textsParameter('types', query.types);
      q.andWhere(list.condition('e.type'), { types: list.value });
    }
    if (query.mac !== undefined) {
      q.andWhere('e.device_mac = :mac', { mac: query.mac });
    }
    if (query.networkId !== undefined) {
      q.andWhere('e.network_id = :networkId', { networkId: query.networkId });
    }
    if (query.networkIds !== undefined) {
      const list = this.dialect.idsParameter('networkIds', query.networkIds);
      q.andWhere(list.condition('e.network_id'), { networkIds: list.value });
    }
    if (query.since !== undefined) {
      q.andWhere('e.occurred_at >= :since', { since: this.persisted(query.since) });
    }
    if (query.until !== undefined) {
      q.andWhere('e.occurred_at < :until', { until: this.persisted(query.until) });
    }
    if (query.after !== undefined) {
      q.andWhere('e.id > :after', { after: query.after }).orderBy('e.id', 'ASC');
      if (query.upTo !== undefined) {
        q.andWhere('e.id <= :upTo', { upTo: query.upTo });
      }
    } else {
      if (query.before !== undefined) {
        q.andWhere('e.id < :before', { before: query.before });
      }
      q.orderBy('e.id', 'DESC');
    }
    return q.getMany();
  }

  /**
   * The device's up/down events that shape its availability over [since, until): those inside,
   * and the last one before `since` (the state the window starts in), oldest first; and whether
   * the device has any kept up/down event before `since` at all.
   */
  async transitionsOf(
    orgId: number,
    deviceId: number,
    since: Date,
    until: Date,
  ): Promise<EventRecord[]> {
    const transitions = () =>
      this.repository
        .createQueryBuilder('e')
        .where('e.organisation_id = :orgId', { orgId })
        .andWhere('e.device_id = :deviceId', { deviceId })
        .andWhere("e.type IN ('device.up', 'device.down')");
    const before = await transitions()
      .andWhere('e.occurred_at < :since', { since: this.persisted(since) })
      .orderBy('e.occurred_at', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .take(1)
      .getMany();
    const inside = await transitions()
      .andWhere('e.occurred_at >= :since', { since: this.persisted(since) })
      .andWhere('e.occurred_at < :until', { until: this.persisted(until) })
      .orderBy('e.occurred_at', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .getMany();
    return [...before, ...inside];
  }

  /** The organisation's greatest event id (0 for none). */
  async lastId(orgId: number): Promise<number> {
    const row = await this.repository
      .createQueryBuilder('e')
      .select('MAX(e.id)', 'last')
      .where('e.organisation_id = :orgId', { orgId })
      .getRawOne<{ last: number | string | null }>();
    return Number(row?.last ?? 0);
  }

  /** Deletes the events that happened before `cutoff` (retention): one statement. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    const result = await this.repository
      .createQueryBuilder()
      .delete()
      .where('occurred_at < :cutoff', { cutoff: this.persisted(cutoff) })
      .execute();
    return result.affected ?? 0;
  }

  private persisted(at: Date): unknown {
    return persistedValue(this.txHost.tx, EventRecord, 'occurred_at', at);
  }
}
