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
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { UpgradeBodyDto, UpgradeListQueryDto } from './dto/upgrade.dto';
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
  device_id: 7,
  mac_id: 'AA:BB:CC:DD:EE:FF',
  organisation_id: 3,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};
const statusMessage = (status: number, message: string) => ({
  status,
  description: message,
  schema: { example: { message, status } },
});
const written = (message: string) => ({
  status: 200,
  schema: { example: { message, status: 200, data: { upgrades: [UPGRADE_EXAMPLE] } } },
});

/** PUT and PATCH /upgrades/:id are the same operation. */
const UpdateUpgradeRoute = () =>
  applyDecorators(
    HttpCode(200),
    RequireRole('admin'),
    ApiOperation({ summary: 'Replace the attributes of a pending upgrade' }),
    ApiResponse(written('Upgrade updated successfully')),
    ApiResponse(statusMessage(404, 'Upgrade not found')),
    ApiResponse(statusMessage(422, 'Only a pending upgrade can be updated')),
    ApiErrorResponses(ApiErrorCode.Forbidden),
  );

/**
 * Firmware upgrades, JSON variant (SPEC 4.4; no /v1 prefix, SPEC 9). Every error answers
 * `{message, status}` with the same HTTP status, validation failures included.
 */
@ApiTags('upgrades')
@ApiBearerAuth()
@ApiErrorResponses(ApiErrorCode.Unauthenticated)
@UseInterceptors(StatusMessageValidationInterceptor)
@Controller()
export class UpgradesController {
  constructor(private readonly upgrades: UpgradesService) {}

  @Get(['upgrades', 'upgrades.json'])
  @ApiOperation({ summary: "List the organisation's upgrades (optionally only the one with id)" })
  @ApiResponse({ status: 200, schema: { example: { data: { upgrades: [UPGRADE_EXAMPLE] } } } })
  async list(@CurrentUser() user: AuthUser, @Query() query: UpgradeListQueryDto) {
    return { data: { upgrades: await this.upgrades.list(user, query.id) } };
  }

  @Get('upgrades/:id')
  @ApiOperation({ summary: 'Show an upgrade (also /upgrades/:id.json)' })
  @ApiResponse({ status: 200, schema: { example: { data: { upgrades: UPGRADE_EXAMPLE } } } })
  @ApiResponse(statusMessage(404, 'Upgrade not found'))
  async show(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    return { data: { upgrades: await this.upgrades.show(user, id) } };
  }

  @Post(['upgrades', 'upgrades.json'])
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({ summary: 'Create a pending upgrade for every targeted device' })
  @ApiResponse(written('Upgrade created successfully'))
  @ApiResponse(statusMessage(422, 'Version 2.1.0 has no firmware for the hardware of devices: …'))
  @ApiErrorResponses(ApiErrorCode.Forbidden)
  create(@CurrentUser() user: AuthUser, @Body() body: UpgradeBodyDto) {
    return this.upgrades.create(user, body.upgrade);
  }

  @Put('upgrades/:id')
  @UpdateUpgradeRoute()
  replace(@CurrentUser() user: AuthUser, @UpgradeId() id: number, @Body() body: UpgradeBodyDto) {
    return this.upgrades.update(user, id, body.upgrade);
  }

  @Patch('upgrades/:id')
  @UpdateUpgradeRoute()
  update(@CurrentUser() user: AuthUser, @UpgradeId() id: number, @Body() body: UpgradeBodyDto) {
    return this.replace(user, id, body);
  }

  @Delete('upgrades/:id')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOperation({ summary: 'Delete a pending upgrade' })
  @ApiResponse({ status: 200, schema: { example: { data: {}, status: 200 } } })
  @ApiResponse(statusMessage(404, 'Upgrade not found'))
  @ApiResponse(statusMessage(422, 'Only a pending upgrade can be deleted'))
  @ApiErrorResponses(ApiErrorCode.Forbidden)
  async destroy(@CurrentUser() user: AuthUser, @UpgradeId() id: number) {
    await this.upgrades.destroy(user, id);
    return { data: {}, status: 200 as const };
  }
}
