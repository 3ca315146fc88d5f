import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { IsId } from '../../common/ids/id';

/**
 * The `network_ssid` object of create and update, documented for OpenAPI. Its content
 * is checked by the service (network-ssid.fields.ts) so that every problem lands in one `errors`
 * list with the operation's code. Decisions:
 * - Booleans: is_enabled, nat, wna, is_hidden, is_isolate, acc_radius_enabled, acl_mac,
 *   captive_portal, wallgarden, overwrite_success_url, per_user_qos, enable_ssid_qos, wds_enabled
 *   (JSON booleans; "true"/"false", 1/0 and "1"/"0" also accepted; returned as booleans).
 * - Every other scalar field accepts a string or a number and is returned as a string.
 * - IPv4 fields: ip_address, subnet_mask, dhcp_range_start, dhcp_range_end, dns_primary,
 *   dns_secondary (dhcp_range_start not after dhcp_range_end).
 * - Non-negative integers: max_association, dhcp_lease_time, default_idle_timeout,
 *   default_interim_time.
 * - `null` or "" clears an optional field; on update, fields left out keep their value.
 * - dhcp_mappings entries keep IPADDR and MAC (MAC stored as AA:BB:CC:DD:EE:FF); dhcp_ranges
 *   entries keep START and END; v_lan_attributes keeps name, enable_dhcp_on_v_lan (boolean),
 *   v_lan_id (integer 1..4094) and id.
 */
export class NetworkSsidDto {
  /** The SSID id (update only, instead of the path or body `id`). */
  id?: number;
  /** 1 to 32 characters, unique within the network. Required on create. */
  ssid_name?: string;
  is_enabled?: boolean;
  /** `1` means router mode. */
  ssid_mode?: string;
  nat?: boolean;
  wna?: boolean;
  is_hidden?: boolean;
  is_isolate?: boolean;
  security_mode?: string;
  wpa_algorithm?: string;
  /** 8 to 63 printable ASCII characters. */
  wpa_key?: string;
  psk_type?: string;
  auth_radius_id?: string;
  acc_radius_enabled?: boolean;
  acc_radius_id?: string;
  acl_mac?: boolean;
  mac_filter_policy?: string;
  acl_mac_list?: string;
  captive_portal?: boolean;
  splash_url?: string;
  wallgarden?: boolean;
  walled_garden_range?: string;
  overwrite_success_url?: boolean;
  success_url?: string;
  /** IPv4 address. */
  dhcp_range_start?: string;
  /** IPv4 address, not before dhcp_range_start. */
  dhcp_range_end?: string;
  /** `2` means the DHCP server is enabled. */
  dhcp_relay_server?: string;
  /** Non-negative integer. */
  dhcp_lease_time?: string;
  /** IPv4 address. */
  ip_address?: string;
  /** IPv4 address. */
  subnet_mask?: string;
  per_user_qos?: boolean;
  enable_ssid_qos?: boolean;
  ssid_qos?: string;
  radio_band?: string;
  wds_enabled?: boolean;
  /** Non-negative integer. */
  max_association?: string;
  dns_mode?: string;
  /** IPv4 address. */
  dns_primary?: string;
  /** IPv4 address. */
  dns_secondary?: string;
  /** Non-negative integer. */
  default_idle_timeout?: string;
  /** Non-negative integer. */
  default_interim_time?: string;
  uplink_priority?: string;
  @ApiPropertyOptional({ type: 'array', items: {} })
  associated_aps_and_tags?: unknown[];
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', properties: { IPADDR: { type: 'string' }, MAC: { type: 'string' } } },
    example: [{ IPADDR: '192.168.1.10', MAC: 'AA:BB:CC:DD:EE:FF' }],
  })
  dhcp_mappings?: { IPADDR: string; MAC: string }[];
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', properties: { START: { type: 'string' }, END: { type: 'string' } } },
    example: [{ START: '192.168.1.100', END: '192.168.1.200' }],
  })
  dhcp_ranges?: { START: string; END: string }[];
  @ApiPropertyOptional({
    example: { name: 'guests', enable_dhcp_on_v_lan: true, v_lan_id: 20, id: 'v1' },
  })
  v_lan_attributes?: Record<string, unknown>;
}

export class ListNetworkSsidsQueryDto {
  /** Selects a network by name (case-insensitive); takes precedence over network_id. */
  @IsOptional()
  @IsString()
  network_name?: string;

  @IsOptional()
  @IsId()
  network_id?: number;
}

export class SsidIdParamDto {
  @IsId()
  id: number;
}

export class CreateNetworkSsidDto {
  @IsId()
  network_id: number;

  @ApiProperty({ type: NetworkSsidDto })
  @IsObject()
  network_ssid: Record<string, unknown>;
}

export class UpdateNetworkSsidDto {
  @ApiProperty({ type: NetworkSsidDto })
  @IsObject()
  network_ssid: Record<string, unknown>;
}

export class UpdateNetworkSsidByBodyIdDto extends UpdateNetworkSsidDto {
  /** The SSID id; `network_ssid.id` is used when absent. */
  @IsOptional()
  @IsId()
  id?: number;
}
