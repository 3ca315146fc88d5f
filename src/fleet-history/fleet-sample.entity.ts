import { Column, Entity, Index } from 'typeorm';
import { OrganisationRecord } from '../organisations/organisation-record';

/** `network_id` of the samples of a whole organisation. */
export const WHOLE_ORGANISATION = 0;

/**
 * One fleet history sample: at the start of an interval, an organisation's (or
 * one of its networks') devices, how many were UP and DOWN and the clients the UP ones last
 * reported. The unique key makes each sample exist once, whichever instance took it first.
 */
@Entity('fleet_samples')
@Index('UQ_fleet_samples_scope_at', ['organisation_id', 'network_id', 'at'], { unique: true })
@Index('IDX_fleet_samples_at', ['at'])
export class FleetSample extends OrganisationRecord {
  /** The network sampled; WHOLE_ORGANISATION (0) for the organisation's series. */
  @Column({ type: 'integer' })
  network_id: number;

  @Column({ type: Date })
  at: Date;

  @Column({ type: 'integer' })
  devices: number;

  @Column({ type: 'integer' })
  up: number;

  @Column({ type: 'integer' })
  down: number;

  @Column({ type: 'integer' })
  clients: number;
}
