import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { CommandBodyDto, CommandIdParamDto, CommandsQueryDto } from './dto/command.dto';
import { CommandEnvelope, CommandListEnvelope, CommandsPageEnvelope } from './dto/command.response';
import { CommandsService } from './commands.service';

/**
 * Remote commands: admins, and members on devices of networks where they have
 * `full` access. Another organisation's command answers 404 1044.
 */
@ApiTags('commands')
@ApiBearerAuth()
@Controller('v1/access_points/commands')
export class CommandsController {
  constructor(private readonly commands: CommandsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_commands',
    summary: 'Queue a command for each target device, handed out at its next check-in',
    description:
      'Targets are `AP:<device id>`, `network:<network id>` (its devices) or `tag:<tag id>` (the ' +
      'devices with the tag); unknown ones answer 422 ' +
      '1030 naming them, and nothing is queued. A new command replaces a device’s queued one of ' +
      'its type (command.cancelled). More than 10 queued or sent for a device: 422 1046. ' +
      'Members: a network they have no grant on, its devices and the devices in no network ' +
      'answer as unknown targets do; devices of a `read_only` grant: 403 1029.',
  })
  @ApiOkResponse({ type: CommandListEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.Forbidden,
    ApiErrorCode.InvalidParameter,
    ApiErrorCode.LimitReached,
  )
  async create(@CurrentUser() user: AuthUser, @Body() body: CommandBodyDto) {
    return ok({ commands: await this.commands.create(user, body.command) });
  }

  @Get()
  @ApiOperation({
    operationId: 'list_commands',
    summary: 'Commands, newest first',
    description:
      'Paginated by `page` and `per_page` (docs/api.md#answers); filters: mac_id, state, type.',
  })
  @ApiOkResponse({ type: CommandsPageEnvelope })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter)
  async list(@CurrentUser() user: AuthUser, @Query() query: CommandsQueryDto) {
    return ok(await this.commands.list(user, query));
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'show_command',
    summary: 'Show a command',
    description: 'Its state as of now.',
  })
  @ApiOkResponse({ type: CommandEnvelope })
  @ApiErrorResponses(ApiErrorCode.CommandNotFound, ApiErrorCode.InvalidParameter)
  async show(@CurrentUser() user: AuthUser, @Param() params: CommandIdParamDto) {
    return ok({ command: await this.commands.show(user, params.id) });
  }

  @Delete(':id')
  @ApiOperation({
    operationId: 'cancel_command',
    summary: 'Cancel a queued command',
    description: 'Only a queued one (not yet handed out): else 422 1045.',
  })
  @ApiOkResponse({ type: CommandEnvelope })
  @ApiErrorResponses(
    ApiErrorCode.CommandNotFound,
    ApiErrorCode.CommandNotQueued,
    ApiErrorCode.InvalidParameter,
  )
  async cancel(@CurrentUser() user: AuthUser, @Param() params: CommandIdParamDto) {
    return ok({ command: await this.commands.cancel(user, params.id) });
  }
}
