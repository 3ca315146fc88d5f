import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { PaginationQueryDto } from '../common/pagination/pagination';
import { MeEnvelope, OrganisationsEnvelope } from './dto/teams.response';
import { MeService } from './me.service';

/** Who the caller is, and all their organisations: any authenticated user. */
@ApiTags('teams')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.Unauthenticated)
@Controller('v1')
export class MeController {
  constructor(private readonly me: MeService) {}

  @Get('me')
  @ApiOperation({
    operationId: 'show_me',
    summary: 'Who the token belongs to, the organisation it acts in, and all their memberships',
    description:
      'Any authenticated user. `organisation` and `role` are those of the membership the token ' +
      'acts in; `memberships` lists every one of the user’s, by organisation name then id.',
  })
  @ApiOkResponse({
    type: MeEnvelope,
    example: {
      data: {
        user: { id: 2, email: 'ops@example.com', super_admin: false },
        organisation: { id: 1, name: 'Acme' },
        role: 'admin',
        memberships: [
          { organisation: { id: 1, name: 'Acme' }, role: 'admin' },
          { organisation: { id: 4, name: 'Globex' }, role: 'member' },
        ],
      },
      status: 200,
    },
  })
  async show(@CurrentUser() user: AuthUser) {
    return ok(await this.me.me(user));
  }

  @Get('organisations')
  @ApiOperation({
    operationId: 'list_my_organisations',
    summary: 'Every organisation the user belongs to, with its devices, open alerts and rollouts',
    description:
      'Any authenticated user; every token of the user answers the same list. Sorted by name then ' +
      'id and paginated by `page` and `per_page`. The counts are those the organisation’s ' +
      'overview shows this user: a member counts the devices of the networks granted to them ' +
      'there, and the open alerts they may see there.',
  })
  @ApiOkResponse({
    type: OrganisationsEnvelope,
    example: {
      data: {
        organisations: [
          {
            id: 1,
            name: 'Acme',
            role: 'admin',
            devices: { total: 12, up: 11, down: 1 },
            alerts_open: 1,
            rollouts_running: 0,
          },
        ],
        meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
      },
      status: 200,
    },
  })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: PaginationQueryDto) {
    return ok(await this.me.organisations(user, query));
  }
}
