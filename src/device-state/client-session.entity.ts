import { Column, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';

/**
 * One Wi-Fi client associated with one device without interruption. A row is written when the
 * session starts, when its SSID, band, address or host name change, and when it ends: while it
 * is open, its signal, rates, bytes and channel live in the stations of its device's heartbeat
 * record (rewritten by each check-in in the one row it writes anyway), and they are copied here
 * when it ends. The device and network are kept as they were (a removed device's sessions stay).
 */
@Entity('client_sessions')
// At most one open session per client and organisation, whatever the number of instances.
@Index('UQ_client_sessions_open', ['organisation_id', 'client_mac'], {
  unique: true,
  where: '"ended_at" IS NULL',
})
// A client's sessions, newest first.
@Index('IDX_client_sessions_client', ['organisation_id', 'client_mac', 'started_at', 'id'])
// A device's open sessions (its check-ins, DOWN, removal).
@Index('IDX_client_sessions_device_open', ['device_id'], { where: '"ended_at" IS NULL' })
// The retention delete.
@Index('IDX_client_sessions_ended', ['ended_at'])
// The client search's trigram indexes (PostgreSQL only, written by hand in its migration: an
// operator class on an expression), which the schema's comparison leaves alone.
@Index('IDX_client_sessions_search_mac', { synchronize: false })
@Index('IDX_client_sessions_search_hostname', { synchronize: false })
@Index('IDX_client_sessions_search_ip', { synchronize: false })
export class ClientSession extends OrganisationRecord {
  /** The client's MAC, stored as device MACs are (`AA:BB:CC:DD:EE:FF`). */
  @Column({ type: 'varchar', length: 17 })
  client_mac: string;

  /** The device it is associated with (no foreign key: a removed device's sessions stay). */
  @Column({ type: 'integer' })
  device_id: number;

  @Column({ type: 'varchar', length: 17 })
  device_mac_id: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  device_name: string | null;

  /** The device's network when the session started. */
  @Column({ type: 'integer', nullable: true })
  network_id: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  network_name: string | null;

  @Column({ type: 'varchar', length: 32 })
  ssid: string;

  @Column({ type: 'varchar', length: 3 })
  band: string;

  @Column({ type: 'integer', nullable: true })
  channel: number | null;

  @Column({ type: 'integer', nullable: true })
  rssi: number | null;

  @Column({ type: 'integer', nullable: true })
  rssi_min: number | null;

  @Column({ type: 'bigint', nullable: true })
  tx_rate_kbps: number | string | null;

  @Column({ type: 'bigint', nullable: true })
  rx_rate_kbps: number | string | null;

  @Column({ type: 'bigint', nullable: true })
  tx_bytes: number | string | null;

  @Column({ type: 'bigint', nullable: true })
  rx_bytes: number | string | null;

  @Column({ type: 'varchar', length: 45, nullable: true })
  ip: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  hostname: string | null;

  @Column({ type: Date })
  started_at: Date;

  /** Written when the session ends; while open, its device's last check-in with stations. */
  @Column({ type: Date })
  last_seen_at: Date;

  @Column({ type: Date, nullable: true })
  ended_at: Date | null;

  /** The start of the run of sessions joined by roams that this one continues. */
  @Column({ type: Date })
  run_started_at: Date;

  /** The device of the session this one ended by a roam. */
  @Column({ type: 'integer', nullable: true })
  roamed_from_id: number | null;

  @Column({ type: 'varchar', length: 17, nullable: true })
  roamed_from_mac_id: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  roamed_from_name: string | null;
}
