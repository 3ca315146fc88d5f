import { ApiProperty } from '@nestjs/swagger';
import { DateTime, Envelope, Int } from '../../common/openapi/response-schema';
import { ACCESS_LEVELS } from '../../networks/network-access-grant.entity';

export class GrantResponse {
  @Int()
  id: number;

  @Int()
  organisation_id: number;

  @Int()
  user_id: number;

  @Int()
  network_id: number;

  @ApiProperty({ enum: ACCESS_LEVELS })
  level: string;

  @DateTime()
  created_at: string;
}

export const GrantEnvelope = Envelope('GrantEnvelope', () => GrantResponse);
