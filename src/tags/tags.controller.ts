import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { SetDeviceTagsDto } from './dto/tags.dto';
import { TagsService } from './tags.service';
import { DevicesEnvelope } from '../access-points/dto/access-points.response';
import { TagsEnvelope } from './dto/tags.response';

/** Device tags (CONTRACT 5, role admin). */
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
  setDeviceTags(@CurrentUser() user: AuthUser, @Body() body: SetDeviceTagsDto) {
    return this.tags.setDeviceTags(user, body);
  }

  @Get('tags')
  @ApiOperation({
    operationId: 'list_tags',
    description: 'Role admin.',
    summary: "List the organisation's tags",
  })
  @ApiOkResponse({ type: TagsEnvelope })
  list(@CurrentUser() user: AuthUser) {
    return this.tags.list(user);
  }
}
