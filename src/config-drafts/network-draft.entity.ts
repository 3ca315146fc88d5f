import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { References } from '../database/references';
import { LocationNetwork } from '../networks/location-network.entity';
import { OrganisationRecord } from '../organisations/organisation-record';
import { SsidValues } from '../network-ssids/network-ssid.fields';

/** One SSID of a draft: its validated content, and the id of the SSID it keeps (null: new). */
export interface DraftSsid {
  id: number | null;
  values: SsidValues;
}

/** Who made a draft, as they were when they made it. */
export interface DraftAuthor {
  id: number;
  email: string;
}

/**
 * The SSIDs a network should have, prepared before they reach its devices: at most one per
 * network, replaced as a whole by each write, gone once published.
 */
@Entity('network_drafts')
@Index('UQ_network_drafts_network', ['location_network_id'], { unique: true })
@Index(['organisation_id'])
export class NetworkDraft extends OrganisationRecord {
  @Column({ type: 'integer' })
  location_network_id: number;

  @References(() => LocationNetwork, 'location_network_id', 'CASCADE')
  location_network?: LocationNetwork;

  /** The network's configuration version when the draft was last written. */
  @Column({ type: 'integer' })
  base_version: number;

  /** The draft's SSIDs, in the order they were given. Holds WPA keys: never logged. */
  @Column({ type: 'simple-json' })
  ssids: DraftSsid[];

  /** The user who first wrote it, as they were then. */
  @Column({ type: 'integer' })
  created_by_id: number;

  @Column({ type: 'varchar', length: 255 })
  created_by_email: string;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
