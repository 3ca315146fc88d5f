import { ApiProperty } from '@nestjs/swagger';
import { HardwarePartResponse } from '../../access-points/dto/access-points.response';
import { Bool, DateTime, Envelope, Int, Str } from '../../common/openapi/response-schema';
import { USER_ROLES } from '../../common/auth/auth-user';

export class OrganisationResponse {
  @Int()
  id: number;

  @Str()
  name: string;

  @Int({ minimum: 0 })
  allowed_device_count: number;
}

export class UserResponse {
  @Int()
  id: number;

  @Str()
  email: string;

  @Int()
  organisation_id: number;

  @ApiProperty({ enum: USER_ROLES })
  role: string;

  @Bool()
  super_admin: boolean;
}

export class IssuedTokenResponse {
  @Int()
  id: number;

  @Str({ description: 'The secret, shown once' })
  token: string;

  @DateTime({ nullable: true })
  expires_at: string | null;
}

export class CountResponse {
  @Int({ minimum: 0 })
  count: number;
}

export class UpgradeDataResponse {
  @Int()
  id: number;

  @Str()
  version: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Firmware location by hardware part number',
    example: { 'AP-100': 'https://firmware.example/ap-100-2.1.0.bin' },
  })
  url: Record<string, string>;

  @Int({ nullable: true, description: 'null for a global release' })
  organisation_id: number | null;

  @Bool()
  is_released: boolean;
}

export const OrganisationEnvelope = Envelope('OrganisationEnvelope', () => OrganisationResponse);
export const UserEnvelope = Envelope('UserEnvelope', () => UserResponse);
export const IssuedTokenEnvelope = Envelope('IssuedTokenEnvelope', () => IssuedTokenResponse);
export const HardwarePartEnvelope = Envelope('HardwarePartEnvelope', () => HardwarePartResponse);
export const CountEnvelope = Envelope('CountEnvelope', () => CountResponse);
export const UpgradeDataEnvelope = Envelope('UpgradeDataEnvelope', () => UpgradeDataResponse);
