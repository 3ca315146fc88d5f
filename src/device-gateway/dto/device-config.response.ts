import { UPLINK_SCHEMA } from '../../access-points/dto/access-points.response';
import { ApiProperty } from '@nestjs/swagger';
import { Of, Str } from '../../common/openapi/response-schema';

export class ConfigDeviceResponse {
  @Str({ example: '0A:00:00:00:00:01' })
  mac_id: string;

  @Str({
    nullable: true,
    description: "The device record's name (not the host name check-ins report)",
  })
  name: string | null;

  @Str({ nullable: true, description: "The operator's own name for the device (its label)" })
  label: string | null;
}

/** Spelled inline: OpenAPI 3.0's `nullable` does not reach into an `allOf: [$ref]`. */
const CONFIG_NETWORK_SCHEMA = {
  type: 'object',
  required: ['id', 'network_name', 'timezone'],
  properties: {
    id: { type: 'integer', example: 3 },
    network_name: { type: 'string', example: 'Lobby' },
    timezone: { type: 'string', example: 'Europe/Paris' },
  },
} as const;

/** The configuration a device runs. */
export class DeviceConfigResponse {
  @Str({
    description:
      'Names this answer (at most 64 characters; today the SHA-256 of its content); also in ETag',
    example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  })
  revision: string;

  @Of(() => ConfigDeviceResponse)
  device: ConfigDeviceResponse;

  @ApiProperty({
    ...(CONFIG_NETWORK_SCHEMA as object),
    nullable: true,
    description: 'null: the device is in no network',
  })
  network: { id: number; network_name: string; timezone: string } | null;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'location_network_id', 'ssid_name'],
      properties: {
        id: {
          type: 'integer',
          nullable: true,
          description: 'null: an SSID a configuration rollout adds, until it completes',
        },
        location_network_id: { type: 'integer' },
        ssid_name: { type: 'string' },
        wpa_key: { type: 'string', nullable: true },
      },
      additionalProperties: true,
    },
    description:
      "The SSIDs of the device's network by id, every field as SSID show returns it, wpa_key " +
      'included. A device of an opened stage of a configuration rollout is given the ' +
      "rollout's SSIDs instead: those it adds (id null) last, in the draft's order.",
  })
  ssids: Record<string, unknown>[];

  @ApiProperty({
    type: 'array',
    items: UPLINK_SCHEMA,
    description: "The device's live uplinks by id, as its record shows them",
  })
  uplinks: Record<string, unknown>[];
}
