import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ok } from '../common/http/envelope';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { SetDeviceTagsDto } from './dto/tags.dto';
import { TagsService } from './tags.service';
import { DevicesEnvelope } from '../access-points/dto/access-points.response';
import { TagsEnvelope } from './dto/tags.response';

/** Device tags (role admin). */
@ApiTags('tags')
@ApiBearerAuth()
@RequireRole('admin')
@ApiErrorResponses(ApiErrorCode.Forbidden, ApiErrorCode.InvalidParameter)
@Controller('v1')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Put('access_points/tags')
  @ApiOkResponse({ type: DevicesEnvelope })
  @ApiOperation({
    operationId: 'set_device_tags',
    summary: 'Replace the tags of devices',
    description:
      'Tags are created in the organisation on demand; MACs matching no device are ignored.',
  })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound)
  async setDeviceTags(@CurrentUser() user: AuthUser, @Body() body: SetDeviceTagsDto) {
    return ok({ devices: await this.tags.setDeviceTags(user, body) });
  }

  @Get('tags')
  @ApiOperation({
    operationId: 'list_tags',
    description: 'Role admin.',
    summary: "List the organisation's tags",
  })
  @ApiOkResponse({ type: TagsEnvelope })
  async list(@CurrentUser() user: AuthUser) {
    return ok({ tags: await this.tags.list(user) });
  }
}
