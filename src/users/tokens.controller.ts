import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { ListTokensResponseDto, RevokeTokenResponseDto, TokenIdParamDto } from './dto/tokens.dto';
import { TokensService } from './tokens.service';

/** The caller's own access tokens: any authenticated user, member or admin. */
@ApiTags('tokens')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.Unauthenticated)
@Controller('v1/tokens')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_tokens',
    summary: 'List your own access tokens that are not revoked (expired ones included)',
    description: 'Never answers a secret or hash. last_used_at is kept to the minute.',
  })
  @ApiOkResponse({ type: ListTokensResponseDto, description: "The caller's tokens" })
  async list(@CurrentUser() user: AuthUser): Promise<ListTokensResponseDto> {
    return ok({ tokens: await this.tokens.listOwn(user) });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'revoke_token',
    summary: 'Revoke one of your own access tokens (refused from the next request on)',
    description:
      "Any signed-in user may revoke their own tokens, the one in use included. Another user's " +
      'token, an unknown id or an already revoked one answers 404 1041.',
  })
  @ApiOkResponse({ type: RevokeTokenResponseDto, description: 'The token is revoked' })
  @ApiErrorResponses(ApiErrorCode.TokenNotFound, ApiErrorCode.InvalidParameter)
  async revoke(
    @CurrentUser() user: AuthUser,
    @Param() params: TokenIdParamDto,
  ): Promise<RevokeTokenResponseDto> {
    return ok(await this.tokens.revokeOwn(user, params.id));
  }
}
