import { Column, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';

/** Who caused an event. */
export type EventActor =
  | { type: 'user'; id: number; email: string; via: 'api' | 'console' }
  | { type: 'cli' }
  | { type: 'device' }
  | { type: 'system' };

/**
 * One thing that happened, once. The device and network are kept as they were when
 * it happened (a renamed network, a removed device), so the record never changes. Ids are drawn
 * under the organisation's event lock (EventsRepository.append), which makes them ascend in
 * commit order within an organisation: the feed's `after` cursor never skips one.
 */
@Entity('events')
@Index('IDX_events_org_id', ['organisation_id', 'id'])
@Index('IDX_events_org_device', ['organisation_id', 'device_id', 'id'])
@Index('IDX_events_org_network', ['organisation_id', 'network_id', 'id'])
// A `type` or `mac_id` filter reads only the matching events: without these, a page of a type
// that is rare (or absent) or of one device's MAC read every event of the organisation, or the
// whole table (2 s a page at 10,000,000 events in the bench).
@Index('IDX_events_org_type', ['organisation_id', 'type', 'id'])
@Index('IDX_events_org_mac', ['organisation_id', 'device_mac', 'id'])
@Index('IDX_events_occurred', ['occurred_at'])
export class EventRecord extends OrganisationRecord {
  /** An integer on both databases (SQLite's AUTOINCREMENT needs one): 2,147,483,647 ids. */
  @Column({ type: 'varchar', length: 64 })
  type: string;

  @Column({ type: Date })
  occurred_at: Date;

  @Column({ type: 'integer', nullable: true })
  network_id: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  network_name: string | null;

  @Column({ type: 'integer', nullable: true })
  device_id: number | null;

  @Column({ type: 'varchar', length: 17, nullable: true })
  device_mac: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  device_name: string | null;

  @Column({ type: 'simple-json' })
  actor: EventActor;

  @Column({ type: 'simple-json' })
  data: Record<string, unknown>;
}
