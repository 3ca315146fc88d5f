import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { GrantNetworkAccessDto } from './dto/grant-network-access.dto';
import {
  RevokeNetworkAccessDto,
  RevokeNetworkAccessResponseDto,
} from './dto/revoke-network-access.dto';
import { NetworkAccessService } from './network-access.service';
import { GrantEnvelope } from './dto/network-access.response';

/** Members' access to networks: role admin. */
@ApiTags('network access')
@ApiBearerAuth()
@Controller('v1/network_access')
export class NetworkAccessController {
  constructor(private readonly access: NetworkAccessService) {}

  @Post()
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'grant_network_access',
    description: 'Role admin. Replaces an existing grant of the user on the network.',
    summary: 'Grant a user full or read_only access to a network (replaces an existing grant)',
  })
  @ApiOkResponse({
    type: GrantEnvelope,
    example: {
      data: {
        id: 1,
        organisation_id: 1,
        user_id: 2,
        network_id: 3,
        level: 'read_only',
        created_at: '2025-01-01T00:00:00.000Z',
      },
      status: 200,
    },
  })
  @ApiErrorResponses(
    ApiErrorCode.Forbidden,
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.InvalidParameter,
  )
  async grant(@CurrentUser() user: AuthUser, @Body() body: GrantNetworkAccessDto) {
    return ok(await this.access.grant(user, body));
  }

  @Delete()
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'revoke_network_access',
    summary: "Revoke a user's access to a network (effective at the user's next request)",
    description:
      'Answers revoked: false when the user had no grant on the network. The network is checked ' +
      'first (404 1001), then the user (422 1030).',
  })
  @ApiOkResponse({
    type: RevokeNetworkAccessResponseDto,
    description: 'revoked: true when a grant was removed, false when there was none',
  })
  @ApiErrorResponses(
    ApiErrorCode.Unauthenticated,
    ApiErrorCode.Forbidden,
    ApiErrorCode.NetworkNotFound,
    ApiErrorCode.InvalidParameter,
  )
  async revoke(
    @CurrentUser() user: AuthUser,
    @Body() body: RevokeNetworkAccessDto,
  ): Promise<RevokeNetworkAccessResponseDto> {
    return ok(await this.access.revoke(user, body));
  }
}
