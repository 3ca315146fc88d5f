import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { insertRecords } from '../database/insert-records';
import { EventFanOut } from '../event-log/event-fan-out';
import { EventRecord } from '../event-log/event.entity';
import { EventsRepository, NewEvent } from '../event-log/events.repository';

/** The columns an event writes, in the order of the writer's rows. */
const EVENT_COLUMNS = [
  'organisation_id',
  'type',
  'occurred_at',
  'network_id',
  'network_name',
  'device_id',
  'device_mac',
  'device_name',
  'actor',
  'data',
] as const;

/**
 * The one writer of the events table: provided only inside FleetChangeModule, called only by
 * ChangeRunner as the last statements of a change. It writes a change's events in its
 * transaction under the organisation's event-order lock (Dialect.lockEventOrder), so that within
 * an organisation ids ascend in commit order and a poller following `after` never skips one
 * (ARCHITECTURE.md, Events).
 */
@Injectable()
export class EventWriter {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
    private readonly fanOuts: EventFanOut,
    private readonly events: EventsRepository,
  ) {}

  /**
   * Records these events of the organisation in the caller's transaction (which must be one):
   * the event-order lock, then ONE insert whatever their number (insertRecords), then what
   * follows them (the webhook deliveries).
   */
  async append(orgId: number, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) {
      return;
    }
    await this.dialect.lockEventOrder(this.txHost.tx, orgId);
    await insertRecords(
      this.txHost.tx,
      this.dialect,
      EventRecord,
      EVENT_COLUMNS,
      events.map((event) => [
        orgId,
        event.type,
        event.occurred_at,
        event.network?.id ?? null,
        event.network?.network_name ?? null,
        event.device?.id ?? null,
        event.device?.mac_id ?? null,
        event.device?.name ?? null,
        event.actor,
        event.data,
      ]),
    );
    // Their ids and types are read only when something wants them, as the organisation's
    // newest: all this transaction's, under the event-order lock.
    const types = [...new Set(events.map((event) => event.type))];
    await this.fanOuts.fanOut(orgId, types, () => this.events.newest(orgId, events.length));
  }
}
