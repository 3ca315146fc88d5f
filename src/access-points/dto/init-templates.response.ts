import { ApiProperty } from '@nestjs/swagger';
import { ArrayOf, Envelope, Int, Str } from '../../common/openapi/response-schema';

/** The answers of the uplink templates' routes (InitTemplatesController). */
export class InitTemplateResponse {
  @Int()
  id: number;

  @Str()
  name: string;

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      required: ['uplink_type'],
      properties: { uplink_type: { type: 'string', enum: ['1', '2', '3', '4'] } },
      additionalProperties: true,
    },
  })
  details: Record<string, unknown>[];
}

export class InitTemplatesData {
  @ArrayOf(() => InitTemplateResponse)
  init_templates: InitTemplateResponse[];
}

export const InitTemplateEnvelope = Envelope('InitTemplateEnvelope', () => InitTemplateResponse);
export const InitTemplatesEnvelope = Envelope('InitTemplatesEnvelope', () => InitTemplatesData);
