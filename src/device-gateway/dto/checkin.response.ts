import { ApiProperty } from '@nestjs/swagger';
import { Int, NullableObject } from '../../common/openapi/response-schema';

const CONFIG_HINT = {
  type: 'object',
  required: ['revision', 'url'],
  properties: {
    revision: { type: 'string', description: "The device's current configuration revision" },
    url: { type: 'string', example: '/device/v1/config' },
  },
};

const UPGRADE_HINT = {
  type: 'object',
  required: ['id', 'version', 'url', 'save_prev_config'],
  properties: {
    id: { type: 'integer' },
    version: { type: 'string', example: '2.1.0' },
    url: {
      type: 'string',
      nullable: true,
      description: "The firmware location for the device's hardware part number",
    },
    save_prev_config: { type: 'boolean' },
  },
};

/** 200 of POST /device/v1/checkin. */
export class CheckinResponse {
  @Int({ example: 200 })
  status: number;

  @Int({ example: 60, description: 'Seconds until the next check-in' })
  checkin_interval: number;

  @NullableObject(CONFIG_HINT, {
    description: 'Set when the reported config_revision is not the current one',
  })
  config: { revision: string; url: string } | null;

  @NullableObject(UPGRADE_HINT, {
    description: 'The upgrade in progress, else the due pending upgrade, else null',
  })
  upgrade: { id: number; version: string; url: string | null; save_prev_config: boolean } | null;

  @ApiProperty({
    type: 'array',
    description:
      'Its queued and sent commands, oldest first; handed again until it reports ' +
      'them in `command_results`. Empty when none.',
    items: {
      type: 'object',
      required: ['id', 'type', 'params'],
      properties: {
        id: { type: 'integer' },
        type: { type: 'string', enum: ['reboot', 'locate', 'ping'] },
        params: { type: 'object', additionalProperties: true },
      },
    },
  })
  commands: { id: number; type: string; params: Record<string, unknown> }[];
}
