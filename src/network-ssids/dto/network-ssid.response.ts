import { ApiProperty } from '@nestjs/swagger';
import { ArrayOf, Data, Envelope, Int, Of, Str } from '../../common/openapi/response-schema';
import { BOOLEAN_FIELDS, SCALAR_FIELDS } from '../network-ssid.fields';

/** An SSID record (network-ssid.view.ts): every field of an SSID, absent ones null. */
export class NetworkSsidResponse {
  @Int()
  id: number;

  @Int()
  location_network_id: number;

  @Str()
  ssid_name: string;

  @ApiProperty({ type: 'array', items: {}, nullable: true })
  associated_aps_and_tags: unknown[] | null;

  @ApiProperty({
    type: 'array',
    nullable: true,
    items: {
      type: 'object',
      properties: { IPADDR: { type: 'string' }, MAC: { type: 'string' } },
      additionalProperties: true,
    },
  })
  dhcp_mappings: Record<string, unknown>[] | null;

  @ApiProperty({
    type: 'array',
    nullable: true,
    items: {
      type: 'object',
      properties: { START: { type: 'string' }, END: { type: 'string' } },
      additionalProperties: true,
    },
  })
  dhcp_ranges: Record<string, unknown>[] | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    example: { name: 'guests', enable_dhcp_on_v_lan: true, v_lan_id: 20, id: 'v1' },
  })
  v_lan_attributes: Record<string, unknown> | null;
}

// The scalar fields, from the one list the validation and the view use.
for (const field of BOOLEAN_FIELDS) {
  ApiProperty({ type: 'boolean', nullable: true })(NetworkSsidResponse.prototype, field);
}
const booleans: readonly string[] = BOOLEAN_FIELDS;
for (const field of SCALAR_FIELDS.filter((name) => !booleans.includes(name))) {
  ApiProperty({
    type: 'string',
    nullable: true,
    // A read_only member never receives the WPA key.
    ...(field === 'wpa_key'
      ? { required: false, description: 'Absent for read_only members' }
      : {}),
  })(NetworkSsidResponse.prototype, field);
}

const NetworkSsidsData = Data('NetworkSsidsData', {
  network_ssids: ArrayOf(() => NetworkSsidResponse),
});
const NetworkSsidData = Data('NetworkSsidData', { network_ssid: Of(() => NetworkSsidResponse) });

export const NetworkSsidsEnvelope = Envelope('NetworkSsidsEnvelope', () => NetworkSsidsData);
export const NetworkSsidEnvelope = Envelope('NetworkSsidEnvelope', () => NetworkSsidData);

export class SsidRefResponse {
  @Int()
  id: number;

  @Str()
  ssid_name: string;
}

/** create, update, update_network_ssid and destroy: `{msg, data: {id, ssid_name}}`, no status. */
export class SsidWriteResponse {
  @Str()
  msg: string;

  @Of(() => SsidRefResponse)
  data: SsidRefResponse;
}
