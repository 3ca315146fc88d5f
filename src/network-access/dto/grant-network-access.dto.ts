import { Type } from 'class-transformer';
import { IsIn, IsInt } from 'class-validator';
import { ACCESS_LEVELS, AccessLevel } from '../network-access-grant.entity';

/** `POST /v1/network_access` body (CONTRACT 5). */
export class GrantNetworkAccessDto {
  /** A user of the caller's organisation. */
  @Type(() => Number)
  @IsInt()
  user_id: number;

  /** A network of the caller's organisation. */
  @Type(() => Number)
  @IsInt()
  network_id: number;

  @IsIn(ACCESS_LEVELS)
  level: AccessLevel;
}
