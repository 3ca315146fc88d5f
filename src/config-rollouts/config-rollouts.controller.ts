import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { ConfigRolloutsService } from './config-rollouts.service';
import {
  ConfigRolloutDevicesQueryDto,
  ConfigRolloutIdParamDto,
  ConfigRolloutsQueryDto,
} from './dto/config-rollout.dto';
import {
  ConfigRolloutDevicesEnvelope,
  ConfigRolloutEnvelope,
  ConfigRolloutsEnvelope,
} from './dto/config-rollout.response';

const READ = 'Either grant on its network (admins read every network).';
const WRITE = 'Needs full access to its network (admins have it); read_only: 403 1029.';

/** Configuration rollouts: staged publishes of a network's draft. */
@ApiTags('configuration rollouts')
@ApiBearerAuth()
@Controller('v1/config_rollouts')
export class ConfigRolloutsController {
  constructor(private readonly rollouts: ConfigRolloutsService) {}

  @Get()
  @ApiOperation({
    operationId: 'list_config_rollouts',
    summary: 'List the configuration rollouts, newest first',
    description:
      `${READ} Only those of networks the caller may read; filters \`network_id\` and ` +
      '`state`; paginated by `page` and `per_page`.',
  })
  @ApiOkResponse({ type: ConfigRolloutsEnvelope })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: ConfigRolloutsQueryDto) {
    return ok(await this.rollouts.list(user, query));
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'show_config_rollout',
    summary: 'Show a configuration rollout: its stages, failure percentage and reverts',
    description: READ,
  })
  @ApiOkResponse({ type: ConfigRolloutEnvelope })
  @ApiErrorResponses(ApiErrorCode.ConfigRolloutNotFound, ApiErrorCode.InvalidParameter)
  async show(@CurrentUser() user: AuthUser, @Param() params: ConfigRolloutIdParamDto) {
    return ok({ config_rollout: await this.rollouts.show(user, params.id) });
  }

  @Get(':id/devices')
  @ApiOperation({
    operationId: 'list_config_rollout_devices',
    summary: "A configuration rollout's devices and their outcomes",
    description:
      `${READ} Ordered by stage, then the rollout's order (UP devices first, each group by ` +
      'id); devices that left the network are not listed. Filter `outcome` (one of pending, ' +
      'waiting, succeeded, failed, skipped); paginated by `page` and `per_page`.',
  })
  @ApiOkResponse({ type: ConfigRolloutDevicesEnvelope })
  @ApiErrorResponses(ApiErrorCode.ConfigRolloutNotFound, ApiErrorCode.InvalidParameter)
  async devices(
    @CurrentUser() user: AuthUser,
    @Param() params: ConfigRolloutIdParamDto,
    @Query() query: ConfigRolloutDevicesQueryDto,
  ) {
    return ok(await this.rollouts.devices(user, params.id, query));
  }

  @Post(':id/halt')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'halt_config_rollout',
    summary: 'Halt a running configuration rollout by hand',
    description:
      `${WRITE} Stages not opened never open; with auto_revert the devices of the opened ` +
      "stages are given the network's configuration again. Not running: 422 1039.",
  })
  @ApiOkResponse({ type: ConfigRolloutEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.ConfigRolloutNotFound,
    ApiErrorCode.RolloutNotRunning,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async halt(@CurrentUser() user: AuthUser, @Param() params: ConfigRolloutIdParamDto) {
    return ok({ config_rollout: await this.rollouts.halt(user, params.id) });
  }

  @Post(':id/revert')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'revert_config_rollout',
    summary: "Give the devices of a halted rollout the network's configuration again",
    description:
      `${WRITE} The devices of its opened stages, listed in \`reverted\`. Not halted, or ` +
      'reverted already: 422 1039.',
  })
  @ApiOkResponse({ type: ConfigRolloutEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.ConfigRolloutNotFound,
    ApiErrorCode.RolloutNotRunning,
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
  )
  async revert(@CurrentUser() user: AuthUser, @Param() params: ConfigRolloutIdParamDto) {
    return ok({ config_rollout: await this.rollouts.revert(user, params.id) });
  }
}
