import { ApiProperty } from '@nestjs/swagger';
import { IsId, MAX_ID } from '../../common/ids/id';

/** `DELETE /v1/network_access` body. */
export class RevokeNetworkAccessDto {
  /** A user of the caller's organisation. */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 2 })
  @IsId()
  user_id: number;

  /** A network of the caller's organisation. */
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 3 })
  @IsId()
  network_id: number;
}

export class RevokedGrantDto {
  /** False when the user had no grant on the network. */
  @ApiProperty({ example: true })
  revoked: boolean;
}

/** `{data: {revoked}, status: 200}`. */
export class RevokeNetworkAccessResponseDto {
  @ApiProperty({ type: RevokedGrantDto })
  data: RevokedGrantDto;

  @ApiProperty({ type: 'integer', enum: [200], example: 200 })
  status: 200;
}
