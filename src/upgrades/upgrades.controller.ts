import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ok, okWithMessage } from '../common/http/envelope';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses, statusMessage } from '../common/openapi/api-error-responses';
import { UpgradeBodyDto, UpgradeListQueryDto } from './dto/upgrade.dto';
import {
  UpgradeDeletedResponse,
  UpgradeListResponse,
  UpgradeShowResponse,
  UpgradeWriteResponse,
} from './dto/upgrade.response';
import { StatusMessageValidationInterceptor } from './status-message-validation.interceptor';
import { UpgradeId } from './upgrade-id.param';
import { UpgradesService } from './upgrades.service';

const UPGRADE_EXAMPLE = {
  id: 1,
  version: '2.1.0',
  upgrade_type: 'automatic',
  schedule_type: 'now',
  schedule_at: null,
  time_zone: null,
  save_prev_config: false,
  aps: ['AP:7'],
  status: 'pending',
  progress: null,
  error: null,
  started_at: null,
  completed_at: null,
  previous_version: null,
  rollout_id: null,
  revert_of: null,
  device_id: 7,
  mac_id: 'AA:BB:CC:DD:EE:FF',
  organisation_id: 3,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};
const written = (message: string) =>
  ApiOkResponse({
    type: UpgradeWriteResponse,
    example: { message, status: 200, data: { upgrades: [UPGRADE_EXAMPLE] } },
  });

/**
 * `:id` of /upgrades/:id (read by @UpgradeId(), which swagger cannot see). The document lists the
 * `.json` form of these paths on its own (upgrades.openapi.ts).
 */
const UpgradeIdParam = () =>
  ApiParam({
    name: 'id',
    description: 'Upgrade id',
    schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
  });
const NOT_FOUND = statusMessage(404, 'Upgrade not found');
const INVALID = statusMessage(422, 'Invalid upgrade: validation messages, or the reason');
const NOT_AN_ID = statusMessage(422, 'id must be an integer number');

/** PUT and PATCH /upgrades/:id are the same operation. */
const UpdateUpgradeRoute = (operationId: string) =>
  applyDecorators(
    HttpCode(200),
    RequireRole('admin'),
    UpgradeIdParam(),
    ApiOperation({
      operationId,
      summary: 'Replace the attributes of a pending upgrade',
      description:
        'Role admin. Only a pending upgrade can be updated; with `aps` the per-device rule of ' +
        'create applies. Errors answer `{message, status}`.',
    }),
    written('Upgrade updated successfully'),
    ApiErrorResponses(
      NOT_FOUND,
      statusMessage(422, 'Only a pending upgrade can be updated, or invalid attributes'),
      ApiErrorCode.Forbidden,
    ),
  );

/**
 * Firmware upgrades, JSON variant (no /v1 prefix). Every error answers
 * `{message, status}` with the same HTTP status, validation failures included.
 */
@ApiTags('upgrades')
@ApiBearerAuth()
@UseInterceptors(StatusMessageValidationInterceptor)
@Controller()
export class UpgradesController {
  constructor(private readonly upgrades: UpgradesService) {}

  @Get(['upgrades', 'upgrades.json'])
  @ApiOperation({
    operationId: 'list_upgrades',
    description: 'Any member. Errors answer `{message, status}`.',
    summary:
      "List the organisation's upgrades (optionally only the one with id, in one status, of one rollout or of one device)",
  })
  @ApiOkResponse({
    type: UpgradeListResponse,
    example: { data: { upgrades: [UPGRADE_EXAMPLE] } },
  })
  @ApiErrorResponses(INVALID)
  async list(@CurrentUser() user: AuthUser, @Query() query: UpgradeListQueryDto) {
    return { data: { upgrades: await this.upgrades.list(user, query) } };
  }

  @Get('upgrades/:id')
  @UpgradeIdParam()
  @ApiOperation({
    operationId: 'show_upgrade',
    description: 'Any member. Errors answer `{message, status}`.',
    summary: 'Show an upgrade',
  })
  @ApiOkResponse({ type: UpgradeShowResponse, example: { data: { upgrades: UPGRADE_EXAMPLE } } })
  @ApiErrorResponses(NOT_FOUND, NOT_AN_ID)
  async show(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    return { data: { upgrades: await this.upgrades.show(user, id) } };
  }

  @Post(['upgrades', 'upgrades.json'])
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({
    operationId: 'create_upgrade',
    description:
      'Role admin. `aps` entries are `AP:<device id>`, `network:<network id>` or `tag:<tag id>`; one pending upgrade per device: one it already has is updated. ' +
      'With `rollout` the written upgrades form a staged rollout (docs/firmware.md#staged-rollouts), returned as `data.rollout`: devices UP first, then the rest, each by id; stage k holds positions ceil(N×p(k−1)/100) to ceil(N×p(k)/100); stage 1 opens at once. Errors answer `{message, status}`.',
    summary: 'Create a pending upgrade for every targeted device',
  })
  @written('Upgrade created successfully')
  @ApiErrorResponses(
    statusMessage(422, 'Version 2.1.0 has no firmware for the hardware of devices: …'),
    ApiErrorCode.Forbidden,
  )
  async create(@CurrentUser() user: AuthUser, @Body() body: UpgradeBodyDto) {
    const { message, upgrades, rollout } = await this.upgrades.create(user, body.upgrade);
    return okWithMessage(message, rollout ? { upgrades, rollout } : { upgrades });
  }

  @Put('upgrades/:id')
  @UpdateUpgradeRoute('update_upgrade')
  async replace(
    @CurrentUser() user: AuthUser,
    @UpgradeId() id: number,
    @Body() body: UpgradeBodyDto,
  ) {
    const { message, upgrades, rollout } = await this.upgrades.update(user, id, body.upgrade);
    return okWithMessage(message, rollout ? { upgrades, rollout } : { upgrades });
  }

  @Patch('upgrades/:id')
  @UpdateUpgradeRoute('patch_upgrade')
  update(@CurrentUser() user: AuthUser, @UpgradeId() id: number, @Body() body: UpgradeBodyDto) {
    return this.replace(user, id, body);
  }

  @Delete('upgrades/:id')
  @HttpCode(200)
  @RequireRole('admin')
  @UpgradeIdParam()
  @ApiOperation({
    operationId: 'destroy_upgrade',
    description:
      'Role admin. Only a pending upgrade can be deleted. Errors answer `{message, status}`.',
    summary: 'Delete a pending upgrade',
  })
  @ApiOkResponse({ type: UpgradeDeletedResponse, example: { data: {}, status: 200 } })
  @ApiErrorResponses(
    NOT_FOUND,
    statusMessage(422, 'Only a pending upgrade can be deleted'),
    ApiErrorCode.Forbidden,
  )
  async destroy(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    await this.upgrades.destroy(user, id);
    return ok({});
  }
}
