import { ApiProperty } from '@nestjs/swagger';
import { PageData } from '../../common/pagination/pagination.response';
import {
  AnyObject,
  ArrayOf,
  Data,
  DateTime,
  Envelope,
  Int,
  NullableObject,
  Of,
  Str,
} from '../../common/openapi/response-schema';
import { COMMAND_STATES, COMMAND_TYPES } from '../command-rules';

export class CommandResponse {
  @Int()
  id: number;

  @ApiProperty({ enum: COMMAND_TYPES })
  type: string;

  @AnyObject({
    description:
      'With its defaults: reboot `{}`, locate `{duration_seconds}`, ping `{host, count}`.',
  })
  params: Record<string, unknown>;

  @ApiProperty({
    enum: COMMAND_STATES,
    description: 'An open command past expires_at shows as expired.',
  })
  state: string;

  @ApiProperty({
    type: 'object',
    required: ['id', 'mac_id', 'name'],
    properties: {
      id: { type: 'integer' },
      mac_id: { type: 'string' },
      name: { type: 'string', nullable: true },
    },
  })
  device: { id: number; mac_id: string; name: string | null };

  @NullableObject(
    {
      type: 'object',
      required: ['id', 'email'],
      properties: { id: { type: 'integer' }, email: { type: 'string' } },
    },
    { description: 'Who asked for it' },
  )
  created_by: { id: number; email: string } | null;

  @DateTime()
  created_at: string;

  @DateTime({ nullable: true, description: 'Its first hand-out at a check-in.' })
  sent_at: string | null;

  @DateTime({ nullable: true })
  completed_at: string | null;

  @DateTime()
  expires_at: string;

  @Str({ nullable: true, maxLength: 65536 })
  output: string | null;

  @Str({ nullable: true, maxLength: 1000 })
  error: string | null;
}

const CommandData = Data('CommandData', { command: Of(() => CommandResponse) });
const CommandListData = Data('CommandListData', { commands: ArrayOf(() => CommandResponse) });
const CommandsPageData = PageData('CommandsPageData', 'commands', () => CommandResponse);

export const CommandEnvelope = Envelope('CommandEnvelope', () => CommandData);
export const CommandListEnvelope = Envelope('CommandListEnvelope', () => CommandListData);
export const CommandsPageEnvelope = Envelope('CommandsPageEnvelope', () => CommandsPageData);
