import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { PaginationQueryDto } from '../common/pagination/pagination';
import { MemberBodyDto, MemberIdParamDto } from './dto/teams.dto';
import { MemberEnvelope, MembersEnvelope } from './dto/teams.response';
import { MembersService } from './members.service';

const MEMBER_EXAMPLE = {
  user_id: 2,
  email: 'ops@example.com',
  role: 'member',
  created_at: '2030-01-01T10:00:00.000Z',
};

/** The organisation's members: role admin (a member: 403 1029). */
@ApiTags('teams')
@ApiBearerAuth()
@RequireRole('admin')
@ApiErrorResponses(ApiErrorCode.Unauthenticated, ApiErrorCode.Forbidden)
@Controller('v1/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_members',
    summary: "The organisation's members, by e-mail",
    description: 'Role admin. Paginated by `page` and `per_page`.',
  })
  @ApiOkResponse({
    type: MembersEnvelope,
    example: {
      data: {
        members: [MEMBER_EXAMPLE],
        meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
      },
      status: 200,
    },
  })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: PaginationQueryDto) {
    return ok(await this.members.list(user, query));
  }

  @Patch(':user_id')
  @ApiOperation({
    operationId: 'update_member',
    summary: "Change a member's role (applies to their tokens and sessions at once)",
    description:
      'Role admin. A user who is not a member of the organisation: 404 1054. Demoting the last ' +
      'admin: 422 1053, nothing changed. Records `member.updated` when the role changes.',
  })
  @ApiOkResponse({
    type: MemberEnvelope,
    example: { data: { member: MEMBER_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(
    ApiErrorCode.MemberNotFound,
    ApiErrorCode.NoAdminLeft,
    ApiErrorCode.InvalidParameter,
  )
  async update(
    @CurrentUser() user: AuthUser,
    @Param() params: MemberIdParamDto,
    @Body() body: MemberBodyDto,
  ) {
    return ok({ member: await this.members.changeRole(user, params.user_id, body.member) });
  }

  @Delete(':user_id')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'remove_member',
    summary: 'End a membership: its grants go, its tokens and sessions here stop at once',
    description:
      'Role admin; an admin may remove themselves unless they are the last admin (422 1053). A ' +
      'user who is not a member: 404 1054. The user’s other memberships are untouched. Records ' +
      '`member.removed`.',
  })
  @ApiOkResponse({
    type: MemberEnvelope,
    example: { data: { member: MEMBER_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(
    ApiErrorCode.MemberNotFound,
    ApiErrorCode.NoAdminLeft,
    ApiErrorCode.InvalidParameter,
  )
  async remove(@CurrentUser() user: AuthUser, @Param() params: MemberIdParamDto) {
    return ok({ member: await this.members.remove(user, params.user_id) });
  }
}
