import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { References } from '../database/references';
import { OrganisationScoped } from '../organisations/organisation-record';
import { LocationNetwork } from '../networks/location-network.entity';

/** An SSID of a location network. */
@Entity('network_ssids')
@Index('UQ_network_ssids_network_name', ['location_network_id', 'ssid_name'], { unique: true })
@Index(['organisation_id'])
export class NetworkSsid extends OrganisationScoped {
  @Column({ type: 'integer' })
  location_network_id: number;

  @References(() => LocationNetwork, 'location_network_id', 'CASCADE')
  location_network?: LocationNetwork;

  @Column({ type: 'varchar', length: 32 })
  ssid_name: string;

  /** The scalar fields of an SSID other than ssid_name, as validated (strings and booleans). */
  @Column({ type: 'simple-json' })
  settings: Record<string, string | boolean | null>;

  @Column({ type: 'simple-json', nullable: true })
  associated_aps_and_tags: unknown[] | null;

  @Column({ type: 'simple-json', nullable: true })
  dhcp_mappings: { IPADDR: string; MAC: string }[] | null;

  @Column({ type: 'simple-json', nullable: true })
  dhcp_ranges: { START: string; END: string }[] | null;

  @Column({ type: 'simple-json', nullable: true })
  v_lan_attributes: Record<string, unknown> | null;

  @CreateDateColumn()
  created_at: Date;

  @UpdateDateColumn()
  updated_at: Date;
}
