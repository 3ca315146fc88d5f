import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { PaginationQueryDto } from '../common/pagination/pagination';
import { ROLLOUT_EXAMPLE } from '../upgrades/dto/rollout.response';
import { RolloutsService } from '../upgrades/rollouts.service';
import { RolloutIdParamDto } from './dto/rollout.dto';
import { RolloutShowResponse, RolloutsResponse } from './dto/rollouts.response';

/**
 * Staged rollouts (list, show, halt, advance): role admin; another organisation's rollout answers
 * 404 1038.
 */
@ApiTags('rollouts')
@ApiBearerAuth()
@RequireRole('admin')
@Controller('v1/rollouts')
export class RolloutsController {
  constructor(private readonly rollouts: RolloutsService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_rollouts',
    summary: "List the organisation's rollouts, newest first",
    description:
      'Role admin. Paginated by `page` and `per_page` (docs/api.md#answers); newest first means id descending.',
  })
  @ApiOkResponse({
    type: RolloutsResponse,
    example: {
      data: {
        rollouts: [ROLLOUT_EXAMPLE],
        meta: { current: 1, previous: null, next: null, per_page: 100, pages: 1, count: 1 },
      },
      status: 200,
    },
  })
  @ApiErrorResponses(ApiErrorCode.Forbidden, ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: PaginationQueryDto) {
    return ok(await this.rollouts.list(user, query));
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'show_rollout',
    summary: 'Show a rollout: its stages, failure percentage and reverts',
    description: 'Role admin.',
  })
  @ApiOkResponse({
    type: RolloutShowResponse,
    example: { data: { rollout: ROLLOUT_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(
    ApiErrorCode.RolloutNotFound,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async show(@CurrentUser() user: AuthUser, @Param() params: RolloutIdParamDto) {
    return ok({ rollout: await this.rollouts.show(user, params.id) });
  }

  @Post(':id/halt')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'halt_rollout',
    summary: 'Halt a running rollout by hand',
    description:
      'Role admin. Same effects as a halt at the threshold: pending upgrades of the rollout are ' +
      'cancelled, upgrades in progress go on, and with auto_revert the done devices are reverted.',
  })
  @ApiOkResponse({
    type: RolloutShowResponse,
    example: {
      data: {
        rollout: {
          ...ROLLOUT_EXAMPLE,
          state: 'halted',
          finished_at: '2030-01-01T10:05:00.000Z',
        },
      },
      status: 200,
    },
  })
  @ApiErrorResponses(
    ApiErrorCode.RolloutNotFound,
    ApiErrorCode.RolloutNotRunning,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async halt(@CurrentUser() user: AuthUser, @Param() params: RolloutIdParamDto) {
    return ok({ rollout: await this.rollouts.halt(user, params.id) });
  }

  @Post(':id/advance')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'advance_rollout',
    summary: 'Open the waiting stage of a rollout now, without waiting for its soak time',
    description:
      'Role admin. Opens the next stage of a running rollout whose current stage has finished and ' +
      'whose next stage waits for `stage_wait_seconds` to pass (`next_stage_at`); answers 422 ' +
      '1039 when the rollout is not running or no stage is waiting.',
  })
  @ApiOkResponse({
    type: RolloutShowResponse,
    example: { data: { rollout: ROLLOUT_EXAMPLE }, status: 200 },
  })
  @ApiErrorResponses(
    ApiErrorCode.RolloutNotFound,
    ApiErrorCode.RolloutNotRunning,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async advance(@CurrentUser() user: AuthUser, @Param() params: RolloutIdParamDto) {
    return ok({ rollout: await this.rollouts.advance(user, params.id) });
  }
}
