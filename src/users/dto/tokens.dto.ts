import { ApiProperty } from '@nestjs/swagger';
import { IsId, MAX_ID } from '../../common/ids/id';

/** `:id` of `DELETE /v1/tokens/:id`. */
export class TokenIdParamDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_ID, example: 1 })
  @IsId()
  id: number;
}

/** One of the caller's tokens as listed: never its secret or hash. */
export class OwnTokenDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ type: 'string', nullable: true, example: 'ci' })
  name: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', example: '2030-01-01T10:00:00.000Z' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null })
  expires_at: string | null;

  /** Kept to the minute. */
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2030-01-02T08:30:00.000Z',
  })
  last_used_at: string | null;
}

export class OwnTokenListDto {
  @ApiProperty({ type: [OwnTokenDto] })
  tokens: OwnTokenDto[];
}

/** `{data: {tokens}, status: 200}`. */
export class ListTokensResponseDto {
  @ApiProperty({ type: OwnTokenListDto })
  data: OwnTokenListDto;

  @ApiProperty({ type: 'integer', enum: [200], example: 200 })
  status: 200;
}

export class RevokedTokenDto {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ type: 'boolean', enum: [true], example: true })
  revoked: true;
}

/** `{data: {id, revoked: true}, status: 200}`. */
export class RevokeTokenResponseDto {
  @ApiProperty({ type: RevokedTokenDto })
  data: RevokedTokenDto;

  @ApiProperty({ type: 'integer', enum: [200], example: 200 })
  status: 200;
}
