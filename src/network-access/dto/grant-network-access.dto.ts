import { IsIn } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { ACCESS_LEVELS, AccessLevel } from '../../networks/network-access-grant.entity';

/** `POST /v1/network_access` body. */
export class GrantNetworkAccessDto {
  /** A user of the caller's organisation. */
  @IsId()
  user_id: number;

  /** A network of the caller's organisation. */
  @IsId()
  network_id: number;

  @IsIn(ACCESS_LEVELS)
  level: AccessLevel;
}
